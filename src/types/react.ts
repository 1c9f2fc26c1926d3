/**
 * React 19 JSX typings for `<pay-card-form>`. React 19 passes props to custom
 * elements as properties when the element has one of that name, as attributes
 * otherwise, and turns `on<event>` function props into event listeners for
 * exactly `<event>` (so `ontokenized`, lower-case, listens for `tokenized`).
 *
 * Opt in from your app, once: `import type {} from 'pay-card-form/react';`
 *
 * A `.ts` file of types only, not a `.d.ts`: tsc then emits its declaration
 * into `dist/` with the rest, and the Node-only type check (no DOM library)
 * never picks it up. `react.test.ts` checks these props against
 * custom-elements.json, so an attribute, property or event the element gains
 * cannot go without a typing here.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { PayCardForm } from '../element/pay-card-form.js';
import type { PayCardFormEventMap } from '../element/events/event-map.js';

/** Props of `<pay-card-form>` in JSX, beside React's usual HTML attributes. */
export interface PayCardFormJsxProps extends DetailedHTMLProps<HTMLAttributes<PayCardForm>, PayCardForm> {
  /** `isolated` (default): the form runs in a frame from the tokenization origin; `inline`: in your page. */
  mode?: PayCardForm['mode'];
  /** Isolated mode: the frame's address; by default `{base-url}/frame/v1/card.html`. */
  'frame-url'?: PayCardForm['frameUrl'];
  /** Your public key (`pk_test_…` or `pk_live_…`). */
  'public-key'?: PayCardForm['publicKey'];
  /** Base address of the tokenization service (the sandbox's URL in tests). */
  'base-url'?: PayCardForm['baseUrl'];
  /** Language of labels and messages ("en", "pt-BR"); defaults to the page's `lang`. */
  locale?: PayCardForm['locale'];
  /** Text of the built-in pay button. */
  'submit-label'?: PayCardForm['submitLabel'];
  /** Hides the built-in pay button, for pages with their own (call `tokenize()` on the element). */
  'hide-submit'?: PayCardForm['hideSubmit'];
  /** Hides the confirmation shown after tokenizing ("Visa •••• 1111 saved"). */
  'hide-success'?: PayCardForm['hideSuccess'];
  /** Shows a row of the accepted brands' marks above the card number. */
  'show-brands'?: PayCardForm['showBrands'];
  /** The brands the form takes, e.g. "visa mastercard elo"; empty takes every brand. */
  'accepted-brands'?: PayCardForm['acceptedBrands'];
  /** The price in integer centavos, which `installments` splits; follows the cart live. */
  amount?: PayCardForm['amount'];
  /** Shows "Parcelas": `{ maxInstallments, interestFree, monthlyRate, minInstallment }` (an object, set as a property). */
  installments?: PayCardForm['installments'];
  /** Shows a "CPF ou CNPJ" field for the buyer's document. */
  'collect-tax-id'?: PayCardForm['collectTaxId'];
  /** `light` (default), `dark`, or `auto` to follow the shopper's `prefers-color-scheme`. */
  theme?: PayCardForm['theme'];
  /** Name under which the token is submitted with an enclosing form. */
  name?: PayCardForm['name'];
  /** In a form: the form cannot be submitted until the card is complete. */
  required?: PayCardForm['required'];
  /** Replaces any built-in sentence; set as a property (an object, not an attribute). */
  messages?: PayCardForm['messages'];
  /** The card was tokenized: `event.detail.token` is what your backend charges. */
  ontokenized?: (event: PayCardFormEventMap['tokenized']) => void;
  /** Validation, key, API or network failure. */
  'ontokenize-error'?: (event: PayCardFormEventMap['tokenize-error']) => void;
  /**
   * The element's own `change` (a `CustomEvent<ChangeDetail>`). React's
   * `onChange` is its synthetic input event, so the lower-case name is the one to use.
   */
  onchange?: (event: PayCardFormEventMap['change']) => void;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'pay-card-form': PayCardFormJsxProps;
    }
  }
}
