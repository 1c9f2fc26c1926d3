/**
 * Validators: pure checks of card fields (§2.2, §7.3, §8). They return reason
 * codes, never sentences: the element turns codes into words in the shopper's
 * language, and `tokenize` into a developer-facing message.
 */
import luhn10 from 'card-validator/dist/luhn-10.js';
import { brandInfo, detectBrand, MAX_CARD_DIGITS, MIN_CARD_DIGITS } from './brand-detection.js';
import { type Brand } from './brand.js';
import type { CardErrorPath, CardInput } from './types.js';

/** Why a field is invalid. */
export type CardErrorCode =
  | 'required'
  | 'invalid_characters'
  | 'too_short'
  | 'too_long'
  | 'unsupported_brand'
  /** A brand the merchant does not take (the element's `accepted-brands`); the card itself may be fine. */
  | 'brand_not_accepted'
  | 'invalid_length_for_brand'
  | 'failed_luhn'
  | 'invalid_month'
  | 'invalid_year'
  | 'expired'
  | 'too_far_in_future'
  | 'invalid_cvv_length';

/** Cards are not issued for longer than this; a later year is a typo. */
const MAX_YEARS_AHEAD = 20;
const MAX_HOLDER_NAME = 64;

/** Drops the spaces and dashes people put between groups, nothing else. */
export function normalizeCardNumber(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** Checks a card number: digits, 13 to 19 of them, a known brand, a length that brand issues, and Luhn. */
export function validateNumber(number: string): CardErrorCode | null {
  const digits = normalizeCardNumber(number);
  if (digits === '') return 'required';
  if (!/^\d+$/.test(digits)) return 'invalid_characters';
  if (digits.length < MIN_CARD_DIGITS) return 'too_short';
  if (digits.length > MAX_CARD_DIGITS) return 'too_long';
  const brand = detectBrand(digits);
  // §2.3: a token always carries one of the eight brands.
  if (!brand) return 'unsupported_brand';
  if (!brandInfo(brand).lengths.includes(digits.length)) return 'invalid_length_for_brand';
  if (!luhn10(digits)) return 'failed_luhn';
  return null;
}

/** Checks the holder name: not empty once trimmed, and of a printable length. */
export function validateHolderName(name: string): CardErrorCode | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > MAX_HOLDER_NAME) return 'too_long';
  return null;
}

/** The result of an expiry check, with the field that is at fault. */
export interface ExpiryError {
  field: 'card.expirationMonth' | 'card.expirationYear';
  code: CardErrorCode;
}

/**
 * Checks month "01" to "12" and a four-digit year, and that the card has not
 * expired: a card is valid through the last day of its expiry month, in the
 * shopper's local calendar (`now` defaults to the current time).
 */
export function validateExpiry(month: string, year: string, now?: Date): ExpiryError | null {
  if (month === '') return { field: 'card.expirationMonth', code: 'required' };
  if (!/^(0[1-9]|1[0-2])$/.test(month)) return { field: 'card.expirationMonth', code: 'invalid_month' };
  if (year === '') return { field: 'card.expirationYear', code: 'required' };
  if (!/^\d{4}$/.test(year)) return { field: 'card.expirationYear', code: 'invalid_year' };
  // Only a whole date needs the clock: the form checks a date still being typed on every keystroke.
  now ??= new Date();
  const y = Number(year);
  const m = Number(month);
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (y < thisYear) return { field: 'card.expirationYear', code: 'expired' };
  if (y === thisYear && m < thisMonth) return { field: 'card.expirationMonth', code: 'expired' };
  if (y > thisYear + MAX_YEARS_AHEAD) return { field: 'card.expirationYear', code: 'too_far_in_future' };
  return null;
}

/** Checks the CVV: 4 digits for Amex, 3 for every other brand, 3 or 4 while the brand is unknown. */
export function validateCvv(cvv: string, brand: Brand | null): CardErrorCode | null {
  if (cvv === '') return 'required';
  if (!/^\d+$/.test(cvv)) return 'invalid_characters';
  const ok = brand ? cvv.length === brandInfo(brand).cvvLength : cvv.length === 3 || cvv.length === 4;
  return ok ? null : 'invalid_cvv_length';
}

export interface CardValidation {
  valid: boolean;
  /** Brand detected from the number, or null. */
  brand: Brand | null;
  /** One code per invalid field; fields that passed are absent. */
  errors: Partial<Record<CardErrorPath, CardErrorCode>>;
  /** The card as it should be sent: number without separators, holder name trimmed. */
  card: CardInput;
}

/** Validates every field of a card at once. `now` fixes the date for the expiry check. */
export function validateCard(card: CardInput, options: { now?: Date } = {}): CardValidation {
  const text = (value: unknown) => String(value ?? '').trim();
  const input = {
    number: normalizeCardNumber(text(card?.number)),
    holderName: text(card?.holderName),
    expirationMonth: text(card?.expirationMonth),
    expirationYear: text(card?.expirationYear),
    cvv: text(card?.cvv),
  };
  const brand = detectBrand(input.number);
  const errors: CardValidation['errors'] = {};
  const number = validateNumber(input.number);
  if (number) errors['card.number'] = number;
  const holderName = validateHolderName(input.holderName);
  if (holderName) errors['card.holderName'] = holderName;
  const expiry = validateExpiry(input.expirationMonth, input.expirationYear, options.now);
  if (expiry) errors[expiry.field] = expiry.code;
  const cvv = validateCvv(input.cvv, brand);
  if (cvv) errors['card.cvv'] = cvv;
  return { valid: Object.keys(errors).length === 0, brand, errors, card: input };
}
