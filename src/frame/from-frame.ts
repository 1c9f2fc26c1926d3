/** The messages the frame sends the page, and their checks: what the page accepts. */
import { BRANDS } from '../card/brand.js';
import { FIELDS } from '../card/field-names.js';
import { digits, id, message, sentence, v } from './protocol.js';
import { boolean, integer, nullable, object, oneOf, string, type Infer } from './schema.js';
import { wireError } from './wire-errors.js';

const fieldState = object({ valid: boolean, error: nullable(sentence) });
export const reportMessage = message('report', {
  report: object({
    detail: object({
      complete: boolean,
      empty: boolean,
      brand: nullable(oneOf(BRANDS)),
      fields: object({ number: fieldState, holderName: fieldState, expiry: fieldState, cvv: fieldState }),
    }),
    invalid: nullable(object({ field: oneOf(FIELDS), message: sentence })),
  }),
});
export const resultMessage = message('result', {
  id,
  result: object({
    token: string(200),
    brand: oneOf(BRANDS),
    lastFourDigits: digits(4),
    firstSixDigits: digits(6),
    expirationMonth: digits(2),
    expirationYear: digits(4),
  }),
});
export const errorMessage = message('error', { id, error: wireError });
export const sizeMessage = message('size', { height: integer(0, 10000) });
export const eventMessage = object({ v, type: oneOf(['ready', 'edited', 'submitted']) });

export type FromFrame =
  | Infer<typeof reportMessage>
  | Infer<typeof resultMessage>
  | Infer<typeof errorMessage>
  | Infer<typeof sizeMessage>
  | Infer<typeof eventMessage>;

/** Everything the frame may send over the port. */
export const fromFrame = (value: unknown): value is FromFrame =>
  reportMessage(value) || resultMessage(value) || errorMessage(value) || sizeMessage(value) || eventMessage(value);
