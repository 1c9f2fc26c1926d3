/**
 * Brand detection by BIN prefix: the service's table (§2.4), completed with
 * the Elo and Hipercard prefixes it leaves out.
 *
 * The table is written as digit ranges of a fixed width. A range matches when
 * the number has at least that many digits and its first digits fall inside
 * the range (both ends inclusive). Among the matches the longest prefix wins,
 * which is what makes 438935… Elo rather than Visa, 650031… Elo rather than
 * Discover and 3841… Hipercard rather than Diners.
 */

import type { Brand } from './brand.js';
import { digitsOnly } from './parsers.js';

/** Fewest and most digits of a card number (§2.2, §8). */
export const MIN_CARD_DIGITS = 13;
export const MAX_CARD_DIGITS = 19;

/** Per-brand card facts used by formatting and validation. */
export interface BrandInfo {
  /** Card number lengths the brand issues. */
  lengths: readonly number[];
  /** Security-code length. */
  cvvLength: 3 | 4;
}

/**
 * Rows as `[brand, from, to]`: an inclusive range of prefixes of equal width
 * (`to` omitted for a single prefix). First §2.4, row by row, which stays
 * authoritative; then the further Elo and Hipercard prefixes §2.4 leaves out
 * ("not shown"), as the brands publish them. docs/tokenization.md gives each
 * row's source; brands.test.ts checks the widths.
 */
export const PREFIX_TABLE: readonly (readonly [Brand, string, string?])[] = [
  ['elo', '636368'],
  ['elo', '438935'],
  ['elo', '504175'],
  ['elo', '451416'],
  ['elo', '36297'],
  ['elo', '509048', '509075'],
  ['hipercard', '606282'],
  ['hipercard', '637095'],
  ['hipercard', '637568'],
  ['hipercard', '637599'],
  ['hipercard', '637609'],
  ['hipercard', '637612'],
  ['amex', '34'],
  ['amex', '37'],
  ['mastercard', '51', '55'],
  ['mastercard', '2221', '2720'],
  ['visa', '4'],
  ['diners', '300', '305'],
  ['diners', '36'],
  ['diners', '38'],
  ['jcb', '35'],
  ['discover', '6011'],
  ['discover', '622126', '622925'],
  ['discover', '644', '649'],
  ['discover', '65'],
  // Beyond §2.4: Elo inside Visa's 4, Discover's 65 and the unassigned 50 and 62.
  ['elo', '401178', '401179'],
  ['elo', '431274'],
  ['elo', '457393'],
  ['elo', '457631', '457632'],
  ['elo', '506699', '506778'],
  ['elo', '509000', '509999'],
  ['elo', '627780'],
  ['elo', '636297'],
  ['elo', '650031', '650033'],
  ['elo', '650035', '650051'],
  ['elo', '650405', '650439'],
  ['elo', '650485', '650538'],
  ['elo', '650541', '650598'],
  ['elo', '650700', '650718'],
  ['elo', '650720', '650727'],
  ['elo', '650901', '650978'],
  ['elo', '651652', '651679'],
  ['elo', '655000', '655019'],
  ['elo', '655021', '655058'],
  // Beyond §2.4: Hipercard inside Diners' 38, and two longer Hiper prefixes.
  ['hipercard', '3841'],
  ['hipercard', '63737423'],
  ['hipercard', '63743358'],
];

/** Longest first, so the first match is the longest matching prefix. */
const PREFIXES = [...PREFIX_TABLE].sort((a, b) => b[1].length - a[1].length);

const INFO: Record<Brand, BrandInfo> = {
  visa: { lengths: [13, 16, 19], cvvLength: 3 },
  mastercard: { lengths: [16], cvvLength: 3 },
  elo: { lengths: [16], cvvLength: 3 },
  amex: { lengths: [15], cvvLength: 4 },
  hipercard: { lengths: [16, 19], cvvLength: 3 },
  diners: { lengths: [14, 16, 19], cvvLength: 3 },
  jcb: { lengths: [16, 17, 18, 19], cvvLength: 3 },
  discover: { lengths: [16, 17, 18, 19], cvvLength: 3 },
};

/** The leading digits {@link detectBrand} was last asked about, and its answer. */
let last: [digits: string, brand: Brand | null] = ['', null];

/**
 * Detects the brand from the leading digits, on complete or partial input.
 * Non-digits are ignored, so formatted input works. Returns `null` while no
 * prefix of the table matches yet (for example "3" or "50"), or for an
 * unknown prefix.
 */
export function detectBrand(number: string): Brand | null {
  // Up to the widest prefix (the first): no later digit changes the brand.
  const digits = digitsOnly(number).slice(0, PREFIXES[0]![1].length);
  // Formatting, validation and the form all ask on each keystroke, mostly about the same leading digits.
  if (digits === last[0]) return last[1];
  last = [digits, null];
  for (const [brand, from, to = from] of PREFIXES) {
    const head = digits.slice(0, from.length);
    // Equal-width digit strings compare in numeric order.
    if (head.length === from.length && head >= from && head <= to) return (last[1] = brand);
  }
  return null;
}

/** Lengths and CVV length of a brand. */
export function brandInfo(brand: Brand): BrandInfo {
  return INFO[brand];
}
