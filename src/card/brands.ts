/**
 * Brand detection by BIN prefix, exactly as the service's table (§2.4) gives it.
 *
 * The table is written as digit ranges of a fixed width. A range matches when
 * the number has at least that many digits and its first digits fall inside
 * the range (both ends inclusive). Among the matches the longest prefix wins,
 * which is what makes 438935… Elo rather than Visa and 36297… Elo rather than Diners.
 */

import { digitsOnly } from './parsers.js';

/** Fewest and most digits of a card number (§2.2, §8). */
export const MIN_CARD_DIGITS = 13;
export const MAX_CARD_DIGITS = 19;

/** The eight brands the service returns in `TokenizeResult.brand` (§2.3). */
export const Brand = {
  VISA: 'visa',
  MASTERCARD: 'mastercard',
  ELO: 'elo',
  AMEX: 'amex',
  HIPERCARD: 'hipercard',
  DINERS: 'diners',
  JCB: 'jcb',
  DISCOVER: 'discover',
} as const;
export type Brand = (typeof Brand)[keyof typeof Brand];

/** Per-brand card facts used by formatting and validation. */
export interface BrandInfo {
  brand: Brand;
  /** Card number lengths the brand issues. */
  lengths: readonly number[];
  /** Security-code length. */
  cvvLength: 3 | 4;
}

/** `[brand, from, to]`: an inclusive range of prefixes of equal width. */
type PrefixRange = readonly [Brand, string, string];

const range = (brand: Brand, from: string, to = from): PrefixRange => {
  if (from.length !== to.length) throw new Error(`prefix range ${from}-${to} mixes widths`);
  return [brand, from, to];
};

// §2.4, row by row. "Further Elo prefixes: not shown", so none are added.
const PREFIXES: readonly PrefixRange[] = [
  ...['636368', '438935', '504175', '451416', '36297'].map((p) => range(Brand.ELO, p)),
  range(Brand.ELO, '509048', '509075'),
  ...['606282', '637095', '637568', '637599', '637609', '637612'].map((p) => range(Brand.HIPERCARD, p)),
  range(Brand.AMEX, '34'),
  range(Brand.AMEX, '37'),
  range(Brand.MASTERCARD, '51', '55'),
  range(Brand.MASTERCARD, '2221', '2720'),
  range(Brand.VISA, '4'),
  range(Brand.DINERS, '300', '305'),
  range(Brand.DINERS, '36'),
  range(Brand.DINERS, '38'),
  range(Brand.JCB, '35'),
  range(Brand.DISCOVER, '6011'),
  range(Brand.DISCOVER, '622126', '622925'),
  range(Brand.DISCOVER, '644', '649'),
  range(Brand.DISCOVER, '65'),
]
  // Longest first, so the first match is the longest matching prefix.
  .slice()
  .sort((a, b) => b[1].length - a[1].length);

const INFO: Record<Brand, BrandInfo> = {
  visa: { brand: Brand.VISA, lengths: [13, 16, 19], cvvLength: 3 },
  mastercard: { brand: Brand.MASTERCARD, lengths: [16], cvvLength: 3 },
  elo: { brand: Brand.ELO, lengths: [16], cvvLength: 3 },
  amex: { brand: Brand.AMEX, lengths: [15], cvvLength: 4 },
  hipercard: { brand: Brand.HIPERCARD, lengths: [16, 19], cvvLength: 3 },
  diners: { brand: Brand.DINERS, lengths: [14, 16, 19], cvvLength: 3 },
  jcb: { brand: Brand.JCB, lengths: [16, 17, 18, 19], cvvLength: 3 },
  discover: { brand: Brand.DISCOVER, lengths: [16, 17, 18, 19], cvvLength: 3 },
};

/** Every brand, in the order of the spec's table. */
export const BRANDS: readonly Brand[] = Object.values(Brand);

/**
 * Detects the brand from the leading digits, on complete or partial input.
 * Non-digits are ignored, so formatted input works. Returns `null` while no
 * prefix of the table matches yet (for example "3" or "50"), or for an
 * unknown prefix.
 */
export function detectBrand(number: string): Brand | null {
  const digits = digitsOnly(number);
  for (const [brand, from, to] of PREFIXES) {
    if (digits.length < from.length) continue;
    const head = digits.slice(0, from.length);
    // Equal-width digit strings compare in numeric order.
    if (head >= from && head <= to) return brand;
  }
  return null;
}

/** Lengths and CVV length of a brand. */
export function brandInfo(brand: Brand): BrandInfo {
  return INFO[brand];
}

/** Type guard for values that claim to be a brand (e.g. from an API response). */
export function isBrand(value: unknown): value is Brand {
  return typeof value === 'string' && (BRANDS as readonly string[]).includes(value);
}
