/**
 * `<pay-checkout>`'s events as types, for `addEventListener` on the element
 * and on the page. Types only: this module emits no code.
 */
import type { PixPaidEvent } from '../../pix-qr/events.js';
import type { MethodChangeEvent } from './method-change-event.js';
import type { CheckoutPaidEvent } from './paid-event.js';
import type { PaymentFailedEvent } from './payment-failed-event.js';

/** Every event `<pay-checkout>` fires, by name. All bubble and cross shadow roots. */
export interface PayCheckoutEventMap {
  paid: CheckoutPaidEvent;
  'payment-failed': PaymentFailedEvent;
  'method-change': MethodChangeEvent;
}

/** What `addEventListener` on the element knows: its own events win over the generic HTML ones. */
export type PayCheckoutElementEventMap = Omit<HTMLElementEventMap, keyof PayCheckoutEventMap> & PayCheckoutEventMap;

declare module '../pay-checkout.js' {
  interface PayCheckout {
    addEventListener<K extends keyof PayCheckoutElementEventMap>(
      type: K,
      listener: (this: PayCheckout, event: PayCheckoutElementEventMap[K]) => unknown,
      options?: boolean | AddEventListenerOptions,
    ): void;
    addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
    removeEventListener<K extends keyof PayCheckoutElementEventMap>(
      type: K,
      listener: (this: PayCheckout, event: PayCheckoutElementEventMap[K]) => unknown,
      options?: boolean | EventListenerOptions,
    ): void;
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
  }
}

declare global {
  /**
   * On any element (a listener on `document`, say). `paid` may come from
   * `<pay-pix-qr>` too, whose event has no detail: narrow with `instanceof
   * CheckoutPaidEvent`. On `<pay-checkout>` itself it is always the checkout's.
   */
  interface HTMLElementEventMap {
    paid: CheckoutPaidEvent | PixPaidEvent;
    'payment-failed': PaymentFailedEvent;
    'method-change': MethodChangeEvent;
  }
}
