import { TimeoutError } from '../../shared/errors.js';

/**
 * What a call to one of the merchant's functions (`order`, `claim`,
 * `release`, `onPaid`) came to within `storeTimeoutMs`: its value, what it
 * threw, or that it had not settled in time. A call given up on keeps
 * running (nothing can stop a merchant's promise); `running` is what it will
 * come to, for a caller that must act on a late answer.
 */
export type StoreCall<T> =
  { status: 'returned'; value: T } | { status: 'threw'; error: unknown } | { status: 'timedOut'; error: TimeoutError; running: Promise<T> };

/**
 * Calls `run` and waits for it at most `timeoutMs`. A stuck database must
 * not hold a shopper's request, or the order it took in this process, for
 * ever. A call that settles in time clears its timer, so nothing is left
 * pending once the request is answered. Never rejects.
 */
export function callStore<T>(name: string, timeoutMs: number, run: () => T | PromiseLike<T>): Promise<StoreCall<T>> {
  let running: Promise<T>;
  try {
    running = Promise.resolve(run());
  } catch (error) {
    return Promise.resolve({ status: 'threw', error });
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      const error = new TimeoutError(`checkoutHandler: ${name} did not settle within ${timeoutMs} ms (storeTimeoutMs)`, {
        operation: name,
        timeoutMs,
      });
      resolve({ status: 'timedOut', error, running });
    }, timeoutMs);
    // Also what keeps a late rejection from going unhandled.
    running.then(
      (value) => {
        clearTimeout(timer);
        resolve({ status: 'returned', value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve({ status: 'threw', error });
      },
    );
  });
}

/** Waits for `running` at most `timeoutMs`, whatever it comes to; its timer is cleared when it settles first. Never rejects. */
export function waitAtMost(running: Promise<unknown>, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    running.then(done, done);
  });
}
