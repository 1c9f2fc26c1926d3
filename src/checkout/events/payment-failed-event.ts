import type { CheckoutError } from '../checkout-error.js';

/** `payment-failed`: a payment did not go through; the shopper has been told and may try again. `detail.error.code` says why. */
export class PaymentFailedEvent extends CustomEvent<{ error: CheckoutError }> {
  constructor(error: CheckoutError) {
    super('payment-failed', { detail: { error }, bubbles: true, composed: true });
  }
}
