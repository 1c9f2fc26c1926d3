import { isAccepted } from './accepted-brands.js';
import type { Brand } from './brand.js';
import { FIELDS, type CardFieldName } from './field-names.js';
import { fieldOf, toCardInput, type FieldValues } from './field-values.js';
import { digitsOnly } from './parsers.js';
import type { CardErrorPath, CardInput } from './types.js';
import { validateCard, type CardErrorCode } from './validators.js';

/** Why a field is invalid, and the `card.*` path at fault (for the expiry field, its month or its year). */
export interface FieldError {
  code: CardErrorCode;
  path: CardErrorPath;
  /** For `brand_not_accepted`: the brand refused, for a sentence that names it. */
  brand?: Brand;
}

/** The error of each invalid field; valid fields are absent. */
export type FieldErrors = Partial<Record<CardFieldName, FieldError>>;

/** The fields checked once: the error of each, and the card as `tokenize` sends it (`CardValidation.card`). */
export interface CheckedFields {
  errors: FieldErrors;
  card: CardInput;
}

/**
 * Checks every field at once with the same rules as `tokenize` (one
 * `validateCard` call), and reports per field as the shopper sees them.
 * `now` fixes the date for the expiry check; `accepted` the brands the
 * merchant takes (every brand when absent).
 */
export function checkFields(values: FieldValues, options: { now?: Date; accepted?: readonly Brand[] | null } = {}): CheckedFields {
  const { errors, brand, card } = validateCard(toCardInput(values), options);
  const out: FieldErrors = {};
  for (const path of Object.keys(errors) as CardErrorPath[]) out[fieldOf(path)] = { code: errors[path]!, path };
  // One to three digits is a date still being typed, whatever the digits say so far.
  const typed = digitsOnly(values.expiry).length;
  if (typed && typed < 4) out.expiry = { code: 'too_short', path: out.expiry?.path ?? 'card.expirationYear' };
  // A refused brand is the number's problem as soon as it is known, however few digits follow.
  if (brand && !isAccepted(brand, options.accepted)) out.number = { code: 'brand_not_accepted', path: 'card.number', brand };
  return { errors: out, card };
}

/** The first invalid field in filling order, or undefined when every field is valid. */
export function firstInvalid(errors: FieldErrors): CardFieldName | undefined {
  return FIELDS.find((field) => errors[field]);
}
