import { ConfigurationError } from '../../shared/errors.js';
import { refuse } from './http.js';
import type { CheckoutLanguage } from './messages.js';
import { orderProblem, type CheckoutConfig, type CheckoutOrder, type CheckoutPayment } from './options.js';
import { callStore } from './store-call.js';

/**
 * The merchant's functions as the routes call them, each guarded and
 * bounded by `storeTimeoutMs`: what they throw, return wrongly or do not
 * answer in time is reported through `onError`, and the shopper gets a calm
 * answer, never the merchant's error text.
 */

/** The order, null when `order()` knows none, or the answer to give when the look-up failed. */
export async function findOrder(
  config: CheckoutConfig,
  route: string,
  orderId: string,
  language: CheckoutLanguage,
): Promise<CheckoutOrder | null | Response> {
  const called = await callStore('order()', config.storeTimeoutMs, () => config.order(orderId));
  if (called.status !== 'returned') {
    config.onError(called.error, { route, step: 'order', orderId });
    return refuse('internal_error', language);
  }
  const found: unknown = called.value;
  if (found === null || found === undefined) return null;
  const problem = orderProblem(found, orderId);
  if (problem) {
    config.onError(new ConfigurationError(`checkoutHandler(): ${problem}`), { route, step: 'order', orderId });
    return refuse('internal_error', language);
  }
  return found as CheckoutOrder;
}

/**
 * What `claim` said: `held` when this request took the order in the store,
 * `taken` when the store said another payment has it, `failed` when it threw
 * or did not answer in time, so nobody knows whose claim the store holds.
 */
export type Claim = 'held' | 'taken' | 'failed';

/**
 * Takes the order in the merchant's store for a card payment. A claim that
 * failed is never released here: `release` gives back the order's claim
 * whoever holds it. After a throw the claim may be another process's, whose
 * charge is under way; and after the bound, even a late `true` is no proof
 * that the store still holds this request's claim, for the merchant may have
 * reconciled the order meanwhile and another payment claimed it since.
 * Freed, a third request would charge the order again. A late `true` is
 * reported instead, for the merchant to reconcile.
 */
export async function claimOrder(config: CheckoutConfig, orderId: string): Promise<Claim> {
  if (!config.claim) return 'held';
  const claim = config.claim;
  const called = await callStore('claim()', config.storeTimeoutMs, () => claim(orderId));
  if (called.status === 'returned') return called.value === true ? 'held' : 'taken';
  config.onError(called.error, { route: 'card', step: 'claim', orderId });
  if (called.status === 'timedOut') {
    called.running.then(
      (took) => {
        if (took !== true) return;
        const late = new Error(
          'checkoutHandler: claim() returned true after storeTimeoutMs, for a payment that had given up and charged nothing; ' +
            'it was not released, as another payment may hold the order by now: reconcile it as a claim that failed',
        );
        config.onError(late, { route: 'card', step: 'claim', orderId });
      },
      () => {},
    );
  }
  return 'failed';
}

/** Gives back this request's claim, after a payment that certainly charged nothing. Never throws, never waits past the bound. */
export async function releaseOrder(config: CheckoutConfig, orderId: string): Promise<void> {
  if (!config.release) return;
  const release = config.release;
  const called = await callStore('release()', config.storeTimeoutMs, () => release(orderId));
  if (called.status !== 'returned') config.onError(called.error, { route: 'card', step: 'release', orderId });
}

/**
 * Tells the merchant of a payment. An `onPaid` that throws or does not
 * answer in time does not undo it: the money moved, so the shopper is told
 * so, and `onError` hears of the failure.
 */
export async function notifyPaid(config: CheckoutConfig, route: string, payment: CheckoutPayment): Promise<void> {
  const called = await callStore('onPaid()', config.storeTimeoutMs, () => config.onPaid(payment));
  if (called.status !== 'returned') config.onError(called.error, { route, step: 'onPaid', orderId: payment.orderId });
}

/**
 * As {@link notifyPaid}, but settles only once `onPaid` has, however long
 * after the bound: true when it returned, false when it threw. Past the bound `onError` hears the
 * `TimeoutError`, and then what a late throw was, since the next poll will
 * call `onPaid` again.
 */
export async function notifyPaidAtLast(config: CheckoutConfig, route: string, payment: CheckoutPayment): Promise<boolean> {
  const where = { route, step: 'onPaid', orderId: payment.orderId };
  const called = await callStore('onPaid()', config.storeTimeoutMs, () => config.onPaid(payment));
  if (called.status === 'returned') return true;
  config.onError(called.error, where);
  if (called.status === 'threw') return false;
  return called.running.then(
    () => true,
    (error: unknown) => {
      config.onError(error, where);
      return false;
    },
  );
}
