import { HttpStatusError, RequestAbortedError } from './errors.js';
import { NetworkError } from '../shared/errors.js';

/**
 * The retry policy, as pure functions so it can be tested on its own.
 *
 * Only reads are retried: when the request never got a response (transport
 * failure or timeout), or when a gateway answered that the service is
 * unavailable for now (HTTP 502, 503, 504). A create, confirm or send is
 * never retried: the spec has no idempotency key (§4.2), so a second attempt
 * could pay twice; and a 502 or 504 does not say whether it went through.
 */
export function shouldRetry(input: { read: boolean; attempt: number; maxRetries: number; error: unknown }): boolean {
  if (!input.read || input.attempt >= input.maxRetries) return false;
  // A TimeoutError is a NetworkError: no answer, in time or at all.
  if (input.error instanceof NetworkError) return true;
  return input.error instanceof HttpStatusError && RETRYABLE_STATUSES.has(input.error.status);
}

/** Gateway answers that say "not now" rather than "no": a read may ask again. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

export interface BackoffOptions {
  /** Delay cap of the first retry; doubles each attempt. Default 200 ms. */
  baseMs?: number;
  /** Upper bound of any delay. Default 5 s. */
  maxMs?: number;
  /** Source of randomness in [0, 1); injectable for tests. */
  random?: () => number;
}

/**
 * Exponential backoff with "equal jitter": half of the capped exponential
 * delay is fixed, the other half random, so clients that failed together do
 * not retry together, and no retry fires immediately.
 * `attempt` is 0 for the first retry.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const base = options.baseMs ?? 200;
  const cap = Math.min(options.maxMs ?? 5000, base * 2 ** Math.max(0, attempt));
  const random = options.random ?? Math.random;
  return Math.round(cap / 2 + random() * (cap / 2));
}

/**
 * Waits `ms`, or rejects with {@link RequestAbortedError} as soon as `signal` aborts.
 * `call` names the call in that error's message (`describeCall`, request.ts); default: `operation`.
 */
export function sleep(ms: number, signal?: AbortSignal, operation?: string, call = operation): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => new RequestAbortedError(`${call ?? 'Request'} was aborted`, { operation, cause: signal!.reason });
    if (signal?.aborted) return reject(aborted());
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
