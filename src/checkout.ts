/**
 * `pay-card-form/checkout`: importing this module defines `<pay-checkout>`,
 * the whole checkout of one order (card and Pix) against `checkoutHandler`.
 * Each method's element loads from its own entry when the shopper chooses
 * it, so a page that opens on the card loads no QR encoder; an app's
 * bundler shares Lit between them.
 */
import { definePayCheckout } from './checkout/pay-checkout.js';

export { PayCheckout } from './checkout/pay-checkout.js';
export { CheckoutError, type CheckoutFailure } from './checkout/checkout-error.js';
export { CheckoutPaidEvent, type PaidDetail } from './checkout/events/paid-event.js';
export { PaymentFailedEvent } from './checkout/events/payment-failed-event.js';
export { MethodChangeEvent } from './checkout/events/method-change-event.js';
export type { PayCheckoutEventMap, PayCheckoutElementEventMap } from './checkout/events/event-map.js';
export { PAYMENT_METHODS, type PaymentMethod, type PaymentMethods } from './checkout/methods.js';
export { en as checkoutEn, ptBR as checkoutPtBR, type CheckoutMessages } from './checkout/messages.js';

// The card from the module its script-tag file is built from: the element and what a page uses beside it,
// which bundles about 600 B brotli smaller than index.ts's chunk (measured with `vite build --mode checkout`).
// Each loaded for what it does, defining its element: with no export of theirs read, an app's bundler can keep
// the code the card form shares with its own chunks in the card form's file (checkout-script-tag.ts says why).
definePayCheckout({ card: () => import('./script-tag.js').then(() => {}), pix: () => import('./pix.js').then(() => {}) });
