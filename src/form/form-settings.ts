import type { MessageOverrides } from './messages.js';

/**
 * What the form reads of the host's settings, in either mode. Each one is
 * declared once, with its check, in the channel's settings table; that
 * table does not compile while this interface names a setting it lacks.
 */
export interface FormSettings {
  /** The language to speak: the `locale` property, or the page's `lang`. */
  lang: string;
  messages: MessageOverrides | null;
  acceptedBrands: string;
  publicKey: string;
  baseUrl: string;
  /** Disabled by an enclosing `<fieldset disabled>` or form. */
  disabled: boolean;
  /** The host found a setting it cannot go on without unusable (the key, the base URL, the plan): the form takes no card and says so. */
  unavailable: boolean;
  /** The merchant's installment policy with the `amount` put in; null for no Parcelas. Checked where the form runs, by `installmentOptions`. */
  installments: Record<string, unknown> | null;
  /** Shows the "CPF ou CNPJ" field. */
  collectTaxId: boolean;
  hideSubmit: boolean;
  hideSuccess: boolean;
  /** Shows the row of accepted brands' marks. */
  showBrands: boolean;
  submitLabel: string;
  theme: 'light' | 'dark' | 'auto';
}
