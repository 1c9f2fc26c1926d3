/**
 * React 19 JSX typings for `<pay-checkout>`. React 19 passes props to custom
 * elements as properties when the element has one of that name, as
 * attributes otherwise, and turns `on<event>` function props into listeners
 * for exactly `<event>` (so `onpaid` listens for `paid`, and
 * `onpayment-failed` for `payment-failed`).
 *
 * Opt in from your app, once: `import type {} from 'pay-card-form/react-checkout';`
 *
 * A `.ts` file of types only, like `react.ts`: tsc emits its declaration
 * into `dist/`, and the Node-only type check never picks it up.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { PayCheckout } from '../checkout/pay-checkout.js';
import type { PayCheckoutEventMap } from '../checkout/events/event-map.js';

/** Props of `<pay-checkout>` in JSX, beside React's usual HTML attributes. */
export interface PayCheckoutJsxProps extends DetailedHTMLProps<HTMLAttributes<PayCheckout>, PayCheckout> {
  /** Where `checkoutHandler` is mounted: a URL or a path, e.g. `/api/checkout`. */
  endpoint?: PayCheckout['endpoint'];
  /** The order's ID, as your handler's `order()` knows it. */
  'order-id'?: PayCheckout['orderId'];
  /** The order's amount in integer centavos, for the pay button and the parcelas only: the handler charges the order's own amount. */
  amount?: PayCheckout['amount'];
  /** The methods offered and their order, e.g. `"pix card"`. Default: `"card pix"`. */
  methods?: PayCheckout['methods'];
  /** The method shown: `card` or `pix`. */
  method?: PayCheckout['method'];
  /** Language ("en", "pt-BR"); defaults to the page's `lang`. */
  locale?: PayCheckout['locale'];
  /** `light` (default), `dark`, or `auto`; passed to both methods. */
  theme?: PayCheckout['theme'];
  /** The card form's public key (`pk_test_…` or `pk_live_…`). */
  'public-key'?: PayCheckout['publicKey'];
  /** The card form's tokenization service. */
  'base-url'?: PayCheckout['baseUrl'];
  /** The card form's frame address, when not the default. */
  'frame-url'?: PayCheckout['frameUrl'];
  /** The card form's mode: `isolated` (default) or `inline`. */
  mode?: PayCheckout['mode'];
  /** The card form's parcelas policy: an object, or its JSON text (which a server-rendered page keeps); the same policy as the handler's. */
  installments?: PayCheckout['installments'];
  /** Shows the card form's "CPF ou CNPJ" field. */
  'collect-tax-id'?: PayCheckout['collectTaxId'];
  /** The brands the card form takes, e.g. "visa mastercard elo". */
  'accepted-brands'?: PayCheckout['acceptedBrands'];
  /** Shows the accepted brands' marks above the card number. */
  'show-brands'?: PayCheckout['showBrands'];
  /** The card form's sentence overrides; set as a property (an object, not an attribute). */
  messages?: PayCheckout['messages'];
  /** The order is paid: `event.detail` has `orderId`, `method`, and the charge's or QR code's ID. */
  onpaid?: (event: PayCheckoutEventMap['paid']) => void;
  /** A payment did not go through; `event.detail.error.code` says why. */
  'onpayment-failed'?: (event: PayCheckoutEventMap['payment-failed']) => void;
  /** The shopper chose another method; `event.detail.method` is `card` or `pix`. */
  'onmethod-change'?: (event: PayCheckoutEventMap['method-change']) => void;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'pay-checkout': PayCheckoutJsxProps;
    }
  }
}
