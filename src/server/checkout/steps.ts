import { ConfigurationError } from '../../shared/errors.js';
import { refuse } from './http.js';
import type { CheckoutLanguage } from './messages.js';
import { orderProblem, type CheckoutConfig, type CheckoutOrder, type CheckoutPayment } from './options.js';

/**
 * The merchant's two hooks every route calls, each guarded: what they throw
 * or return wrongly is reported through `onError`, and the shopper gets a
 * calm answer, never the merchant's error text.
 */

/** The order, null when `order()` knows none, or the answer to give when the look-up failed. */
export async function findOrder(
  config: CheckoutConfig,
  route: string,
  orderId: string,
  language: CheckoutLanguage,
): Promise<CheckoutOrder | null | Response> {
  let found: unknown;
  try {
    found = await config.order(orderId);
  } catch (error) {
    config.onError(error, { route, step: 'order', orderId });
    return refuse('internal_error', language);
  }
  if (found === null || found === undefined) return null;
  const problem = orderProblem(found, orderId);
  if (problem) {
    config.onError(new ConfigurationError(`checkoutHandler(): ${problem}`), { route, step: 'order', orderId });
    return refuse('internal_error', language);
  }
  return found as CheckoutOrder;
}

/**
 * Tells the merchant of a payment. A throwing `onPaid` does not undo it: the
 * money moved, so the shopper is told so, and `onError` hears of the failure.
 */
export async function notifyPaid(config: CheckoutConfig, route: string, payment: CheckoutPayment): Promise<boolean> {
  try {
    await config.onPaid(payment);
    return true;
  } catch (error) {
    config.onError(error, { route, step: 'onPaid', orderId: payment.orderId });
    return false;
  }
}
