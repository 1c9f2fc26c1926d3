import type { MessageOverrides } from './messages.js';

/** The host's settings that shape what the shopper sees, as the element's properties hold them. */
export interface FormSettings {
  /** The language to speak: the `locale` property, or the page's `lang`. */
  lang: string;
  messages: MessageOverrides | null;
  acceptedBrands: string;
  publicKey: string;
  baseUrl: string;
  /** Disabled by an enclosing `<fieldset disabled>` or form. */
  disabled: boolean;
  /** The host found `public-key` or `base-url` unusable: the form takes no card and says so. */
  unavailable: boolean;
  /**
   * The plan's settings for "Parcelas": the `installments` policy with the
   * `amount` put in, or the attribute's text when it is not JSON; null for no
   * Parcelas. Checked where the form runs, by `installmentOptions`.
   */
  installments: Record<string, unknown> | string | null;
  /** Shows the "CPF ou CNPJ" field. */
  collectTaxId: boolean;
  hideSubmit: boolean;
  hideSuccess: boolean;
  /** Shows the row of accepted brands' marks. */
  showBrands: boolean;
  submitLabel: string;
  theme: string;
}
