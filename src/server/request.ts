import { AbortError } from './errors.js';
import { NetworkError, TimeoutError } from '../shared/errors.js';

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
    if (timedOut) {
      throw new TimeoutError(
        `${operation} got no response within ${input.timeoutMs} ms. ` +
          'If it was a create, do not resend blindly: read the status first (docs/server.md).',
        { operation, timeoutMs: input.timeoutMs },
      );
    }
    if (signal?.aborted) throw new AbortError(`${operation} was aborted`, { operation, cause: signal.reason });
    const cause = transportCause(error);
    throw new NetworkError(`${operation} could not reach the server (${cause.code ?? cause.name}).`, { operation, cause });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * What a transport failure may say about itself: its class name and the system
 * error code (e.g. `ECONNREFUSED`), nothing else. The raw error is dropped, as
 * is its message: a custom fetch may put the request on it, headers included
 * (the signature, or the Basic credential of a charge).
 */
function transportCause(error: unknown): { name: string; code: string | undefined } {
  const name = (error as { name?: unknown } | null)?.name;
  const codes = [(error as { code?: unknown } | null)?.code, (error as { cause?: { code?: unknown } } | null)?.cause?.code];
  return {
    name: typeof name === 'string' && SAFE_NAME.test(name) ? name : 'Error',
    code: codes.find((c): c is string => typeof c === 'string' && SAFE_CODE.test(c)),
  };
}

/** An error class name such as `TypeError`. */
const SAFE_NAME = /^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/;
/** A system or undici error code such as `ECONNRESET` or `UND_ERR_SOCKET`. */
const SAFE_CODE = /^[A-Z][A-Z0-9_]{1,63}$/;
