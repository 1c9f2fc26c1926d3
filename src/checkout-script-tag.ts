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

// Each loaded for what it does, defining its element: no export of theirs is read. So the bundler keeps the code the
// card form shares with the chunks it loads itself in the card form's own file, rather than in a chunk of its own that
// the page would fetch after it, one round trip later; and leaves out what only a page's own script would use.
definePayCheckout({
  card: () => import('./script-tag.js').then(() => {}),
  pix: () => import('./pix.js').then(() => {}),
});
