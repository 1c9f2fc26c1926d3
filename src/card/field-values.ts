/**
 * The card form's fields: what a shopper sees (four inputs, expiry as one
 * "MM / YY" field) and how they map onto the `card` object of `tokenize`
 * (§2.2), whose expiry is two values. No DOM: the element, and any other view
 * of the same form, build on this.
 */
import { FIELDS, type CardFieldName } from './field-names.js';
import { parseExpiry } from './parsers.js';
import type { CardErrorPath, CardInput } from './types.js';

/** What each input holds, as shown (formatted). */
export type FieldValues = Record<CardFieldName, string>;

/** A new set of empty fields. */
export function emptyFields(): FieldValues {
  return { number: '', holderName: '', expiry: '', cvv: '' };
}

/** True when nothing has been entered in any field. */
export function isEmpty(values: FieldValues): boolean {
  return FIELDS.every((field) => !values[field]);
}

/** The `card` object for `tokenize`, from the fields as shown. */
export function toCardInput(values: FieldValues): CardInput {
  const { month, year } = parseExpiry(values.expiry);
  return { number: values.number, holderName: values.holderName, expirationMonth: month, expirationYear: year, cvv: values.cvv };
}

/** The `card.*` paths a field feeds: one each, two for the expiry. */
export function cardPathsOf(field: CardFieldName): readonly CardErrorPath[] {
  return field === 'expiry' ? ['card.expirationMonth', 'card.expirationYear'] : [`card.${field}`];
}

/** The field that shows a `card.*` path's error, e.g. a `ValidationError` from the service. */
export function fieldOf(path: CardErrorPath): CardFieldName {
  return path === 'card.expirationMonth' || path === 'card.expirationYear' ? 'expiry' : (path.slice('card.'.length) as CardFieldName);
}
