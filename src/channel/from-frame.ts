/**
 * The messages the frame sends the page, and their checks: what the page
 * accepts. Each table `satisfies` the type the frame sends, so the two cannot
 * drift apart.
 */
import { BRANDS } from '../card/brand.js';
import { MAX_INSTALLMENTS } from '../card/installment-limits.js';
import type { InstallmentOption } from '../card/installments.js';
import type { TokenizeResult } from '../card/types.js';
import type { TaxId } from '../document/tax-id.js';
import type { CardReport } from '../form/card-session.js';
import type { ChangeDetail, FieldState } from '../form/change-detail.js';
import { FORM_FIELDS } from '../form/form-fields.js';
import { digits, id, LIMITS, message, sentence, v } from './protocol.js';
import { boolean, integer, nullable, object, oneOf, optional, string, type Infer, type ShapeOf } from './schema.js';
import { wireError } from './wire-errors.js';

const fieldState = object({ valid: boolean, error: nullable(sentence) } satisfies ShapeOf<FieldState>);

/** One state per field of the form; the document's only when the form collects it. */
export const FIELD_STATES = {
  number: fieldState,
  holderName: fieldState,
  expiry: fieldState,
  cvv: fieldState,
  taxId: optional(fieldState),
} satisfies ShapeOf<ChangeDetail['fields']>;

const centavos = integer(0, Number.MAX_SAFE_INTEGER);

/** The installment option chosen, key by key. */
export const INSTALLMENT_OPTION = {
  count: integer(1, MAX_INSTALLMENTS),
  installment: centavos,
  firstInstallment: centavos,
  total: centavos,
  interestFree: boolean,
} satisfies ShapeOf<InstallmentOption>;

/** The `change` event's detail, key by key. */
export const CHANGE_DETAIL = {
  complete: boolean,
  empty: boolean,
  brand: nullable(oneOf(BRANDS)),
  fields: object(FIELD_STATES),
  plan: nullable(object(INSTALLMENT_OPTION)),
  taxId: nullable(object({ kind: oneOf(['cpf', 'cnpj']), value: string(14) } satisfies ShapeOf<TaxId>)),
} satisfies ShapeOf<ChangeDetail>;

/** The token and what the service says of the card, key by key. */
export const TOKENIZE_RESULT = {
  token: string(200),
  brand: oneOf(BRANDS),
  lastFourDigits: digits(4),
  firstSixDigits: digits(6),
  expirationMonth: digits(2),
  expirationYear: digits(4),
} satisfies ShapeOf<TokenizeResult>;

/**
 * The frame's first message, to its parent's window rather than over a port:
 * the card frame has started, and waits for `connect`. The host posts
 * `connect` only to a frame that said it, from the frame's exact origin.
 */
export const helloMessage = message('hello', {});
export type Hello = Infer<typeof helloMessage>;

export const reportMessage = message('report', {
  report: object({
    detail: object(CHANGE_DETAIL),
    invalid: nullable(object({ field: oneOf(FORM_FIELDS), message: sentence } satisfies ShapeOf<NonNullable<CardReport['invalid']>>)),
    problem: nullable(string(LIMITS.problem)),
  } satisfies ShapeOf<CardReport>),
});
export const resultMessage = message('result', { id, result: object(TOKENIZE_RESULT) });
export const errorMessage = message('error', { id, error: wireError });
export const sizeMessage = message('size', { height: integer(0, 10000) });
/**
 * A pointer went down in the frame, at `at` (the event's time, in Unix
 * milliseconds, rounded down): keys the browser still hands to the page
 * after that are the frame's (element/early-input.ts).
 */
export const pressedMessage = message('pressed', { at: integer(0, Number.MAX_SAFE_INTEGER) });
export const eventMessage = object({ v, type: oneOf(['ready', 'edited', 'submitted']) });

export type FromFrame =
  | Infer<typeof reportMessage>
  | Infer<typeof resultMessage>
  | Infer<typeof errorMessage>
  | Infer<typeof sizeMessage>
  | Infer<typeof pressedMessage>
  | Infer<typeof eventMessage>;

/** Everything the frame may send over the port (`hello` comes before the port, on its own). */
export const fromFrame = (value: unknown): value is FromFrame =>
  reportMessage(value) || resultMessage(value) || errorMessage(value) || sizeMessage(value) || pressedMessage(value) || eventMessage(value);
