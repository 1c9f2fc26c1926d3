/** Formatters: turn clean values into what a person reads. */
import { Brand } from './brand.js';
import { brandInfo, detectBrand, MAX_CARD_DIGITS } from './brand-detection.js';
import { digitsOnly } from './parsers.js';

/** Gap positions (digit counts after which a space goes) for a given brand and length. */
function groups(brand: Brand | null, length: number): readonly number[] {
  if (brand === Brand.AMEX) return [4, 6, 5];
  // Diners issues 14-digit cards grouped 4-6-4; its 16-digit cards group in fours.
  if (brand === Brand.DINERS && length <= 14) return [4, 6, 4];
  return [4, 4, 4, 4, 3];
}

const maxDigitsFor = (brand: Brand | null) => (brand ? Math.max(...brandInfo(brand).lengths) : MAX_CARD_DIGITS);

/** Largest number of digits the detected brand allows, or 19 while unknown. */
export function maxCardDigits(number: string): number {
  return maxDigitsFor(detectBrand(number));
}

/**
 * Formats a card number for display: Amex 4-6-5, 14-digit Diners 4-6-4,
 * everything else in fours. Stray characters are dropped and the number is
 * cut at the brand's maximum length.
 */
export function formatCardNumber(number: string): string {
  const digits = digitsOnly(number);
  // The brand is set by at most six leading digits, so clipping cannot change it.
  const brand = detectBrand(digits);
  const clipped = digits.slice(0, maxDigitsFor(brand));
  const out: string[] = [];
  let at = 0;
  for (const size of groups(brand, clipped.length)) {
    if (at >= clipped.length) break;
    out.push(clipped.slice(at, at + size));
    at += size;
  }
  return out.join(' ');
}

/** "MM/YYYY" as autofill or a paste writes it; group 1 is the month, group 2 the year's last two digits. */
const LONG_YEAR_EXPIRY = /^\s*(\d{1,2})\s*[/.\- ]\s*\d{2}(\d{2})\s*$/;

/** True when the value is a whole "MM/YYYY" expiry rather than something being typed. */
export function isLongYearExpiry(value: string): boolean {
  return LONG_YEAR_EXPIRY.test(value);
}

/**
 * Formats an expiry as "MM / YY" once the month is complete. A first digit
 * of 2 to 9 can only be a month of its own, so it becomes "0d". "MM/YYYY"
 * keeps its month and the year's last two digits.
 */
export function formatExpiry(value: string): string {
  const long = LONG_YEAR_EXPIRY.exec(value);
  let digits = long ? `${long[1]!.padStart(2, '0')}${long[2]}` : digitsOnly(value);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}
