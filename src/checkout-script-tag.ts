/**
 * The checkout's script-tag ES module (`dist/pay-checkout.js`), with its
 * chunks in `checkout-chunks/`: the card form's code, the Pix code and the
 * payment flows each load when first needed, and share Lit.
 *
 * It exports the element's class only, so the file stays small: the event
 * and error classes stay in `pay-card-form/checkout`, and a page without a
 * bundler tells them apart by `type`, `name` and `code`.
 */
import { definePayCheckout } from './checkout/pay-checkout.js';

export { PayCheckout } from './checkout/pay-checkout.js';

definePayCheckout({
  card: () => import('./script-tag.js'),
  pix: () => import('./pix.js'),
});
