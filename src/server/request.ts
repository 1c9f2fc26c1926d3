import { RequestAbortedError } from './errors.js';
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
 * How every error of a call names what it tried: the operation, the method and
 * the URL path, e.g. `charges.create (POST /pay/v1/charges)`. Never the query
 * string (a base URL carries none, and none is added), the host's user info or
 * the body; the host is named by transport errors alone ({@link hostAndPort}).
 */
export function describeCall(operation: string, url: string): string {
  return `${operation} (POST ${new URL(url).pathname})`;
}

/** The host and port a transport error tried, the default port written out: `api.example.com:443`. */
export function hostAndPort(url: string): string {
  const { hostname, port, protocol } = new URL(url);
  return `${hostname}:${port || (protocol === 'https:' ? '443' : '80')}`;
}

/**
 * Sends the request and reads the body. Errors are mapped, never passed raw,
 * and never carry the request, only what {@link describeCall} and
 * {@link hostAndPort} say of it: {@link TimeoutError} when `timeoutMs` passes,
 * {@link RequestAbortedError} when the caller's signal fires, {@link NetworkError} for
 * anything that prevented a response.
 */
export async function exchange(input: ExchangeInput): Promise<ExchangeResult> {
  const { operation, signal } = input;
  const call = describeCall(operation, input.url);
  if (signal?.aborted) throw new RequestAbortedError(`${call} was aborted before it was sent`, { operation, cause: signal.reason });
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
        `${call} got no response from ${hostAndPort(input.url)} within ${input.timeoutMs} ms. ` +
          'If it was a create, do not resend blindly: read the status first (docs/server.md).',
        { operation, timeoutMs: input.timeoutMs },
      );
    }
    if (signal?.aborted) throw new RequestAbortedError(`${call} was aborted`, { operation, cause: signal.reason });
    const cause = transportCause(error);
    throw new NetworkError(
      `${call} could not reach ${hostAndPort(input.url)} (${cause.code ?? cause.name}): check baseUrl, and that the service is up.`,
      {
        operation,
        cause,
      },
    );
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

/**
 * Transport failures that happen before a request leaves: no address for the
 * host, or no connection to it. A request that failed so was never sent, so
 * a create that failed so created nothing. Only what Node names: runtimes
 * whose fetch names no code (workerd, Deno) leave the outcome unknown.
 */
const BEFORE_SENDING = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** Whether `error` is a {@link NetworkError} from {@link exchange} for a request that never left: nothing was created. */
export function failedBeforeSending(error: unknown): boolean {
  const code = error instanceof NetworkError ? (error.cause as { code?: unknown } | undefined)?.code : undefined;
  return typeof code === 'string' && BEFORE_SENDING.has(code);
}

/** An error class name such as `TypeError`. */
const SAFE_NAME = /^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/;
/** A system or undici error code such as `ECONNRESET` or `UND_ERR_SOCKET`. */
const SAFE_CODE = /^[A-Z][A-Z0-9_]{1,63}$/;
