import type { PaymentMethod } from '../methods.js';

/** `method-change`: the shopper chose another payment method. */
export class MethodChangeEvent extends CustomEvent<{ method: PaymentMethod }> {
  constructor(method: PaymentMethod) {
    super('method-change', { detail: { method }, bubbles: true, composed: true });
  }
}
