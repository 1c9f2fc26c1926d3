import type { Brand } from './brand.js';

/** The `card` object of `tokenize` (§2.2). */
export interface CardInput {
  /** 13 to 19 digits; spaces and dashes between groups are accepted and dropped. */
  number: string;
  /** As printed on the card; must not be empty after trimming. */
  holderName: string;
  /** "01" to "12". */
  expirationMonth: string;
  /** Four digits, e.g. "2031". */
  expirationYear: string;
  /** 3 digits, or 4 for Amex. Used for validation only, never stored. */
  cvv: string;
}

/** What the service returns for a tokenized card (§2.3). Safe to log and send to your backend. */
export interface TokenizeResult {
  /** Opaque token representing the card; pass it to your backend to create a charge. */
  token: string;
  brand: Brand;
  /** Last four digits, safe to display. */
  lastFourDigits: string;
  /** First six digits (the BIN). */
  firstSixDigits: string;
  expirationMonth: string;
  expirationYear: string;
}

/** The `card.*` paths a validation error can point at (§7.3). */
export const CARD_ERROR_PATHS = ['card.number', 'card.holderName', 'card.expirationMonth', 'card.expirationYear', 'card.cvv'] as const;
export type CardErrorPath = (typeof CARD_ERROR_PATHS)[number];
