import { AbortError, NetworkError, TimeoutError } from './errors.js';

/** One HTTP exchange: a POST that ends in a status and a fully read body, or in a transport error. */
export interface ExchangeInput {
  fetch: typeof globalThis.fetch;
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Covers the whole exchange, body included (a stalled body is a timeout too). */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  operation: string;
}

export interface ExchangeResult {
  status: number;
  text: string;
}

/**
 * Sends the request and reads the body. Errors are mapped, never passed raw,
 * and never carry the request: {@link TimeoutError} when `timeoutMs` passes,
 * {@link AbortError} when the caller's signal fires, {@link NetworkError} for
 * anything that prevented a response.
 */
export async function exchange(input: ExchangeInput): Promise<ExchangeResult> {
  const { operation, signal } = input;
  if (signal?.aborted) throw new AbortError(`${operation} was aborted before it was sent`, { operation, cause: signal.reason });
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, input.timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const response = await input.fetch(input.url, {
      method: 'POST',
      headers: input.headers,
      body: input.body,
      signal: controller.signal,
      // A redirected signed POST would be re-sent to a path it was not signed for.
      redirect: 'manual',
    });
    const text = await response.text();
    return { status: response.status, text };
  } catch (error) {
    if (timedOut) throw new TimeoutError(input.timeoutMs, { operation });
    if (signal?.aborted) throw new AbortError(`${operation} was aborted`, { operation, cause: signal.reason });
    throw new NetworkError(`${operation} could not reach the server (${describe(error)}).`, { operation, cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** A short, safe description of a fetch failure: the system error code when there is one. */
function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.message : 'unknown error';
}
