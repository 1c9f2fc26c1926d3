import { FIELDS, fieldOf, toCardInput, type FieldName, type FieldValues } from './card-fields.js';
import { digitsOnly } from './parsers.js';
import type { CardField } from './types.js';
import { validateCard, type CardErrorCode } from './validators.js';

/** Why a field is invalid, and the `card.*` path at fault (for the expiry field, its month or its year). */
export interface FieldError {
  code: CardErrorCode;
  path: CardField;
}

/** The error of each invalid field; valid fields are absent. */
export type FieldErrors = Partial<Record<FieldName, FieldError>>;

/**
 * Checks every field at once with the same rules as `tokenize` (one
 * `validateCard` call), and reports per field as the shopper sees them.
 * `now` fixes the date for the expiry check.
 */
export function fieldErrors(values: FieldValues, options: { now?: Date } = {}): FieldErrors {
  const { errors } = validateCard(toCardInput(values), options);
  const out: FieldErrors = {};
  for (const path of Object.keys(errors) as CardField[]) out[fieldOf(path)] = { code: errors[path]!, path };
  // One to three digits is a date still being typed, whatever the digits say so far.
  const typed = digitsOnly(values.expiry).length;
  if (typed && typed < 4) out.expiry = { code: 'too_short', path: out.expiry?.path ?? 'card.expirationYear' };
  return out;
}

/** The first invalid field in filling order, or undefined when every field is valid. */
export function firstInvalid(errors: FieldErrors): FieldName | undefined {
  return FIELDS.find((field) => errors[field]);
}
