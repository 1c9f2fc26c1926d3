/**
 * Errors across the frame. The frame sends what an error is (its name, and
 * the field, reason, code or status that go with it), never its message:
 * no text from the service crosses. The host makes real instances of the
 * package's error classes again, so `instanceof ValidationError` holds on
 * the host as it does inline.
 */
import { CARD_ERROR_PATHS } from '../card/types.js';
import type { CardErrorCode } from '../card/validators.js';
import type { TaxIdProblem } from '../document/tax-id.js';
import { ApiError, AuthenticationError, ValidationError, type TokenizeErrors } from '../tokenize/errors.js';
import { ConfigurationError, NetworkError, TimeoutError } from '../shared/errors.js';
import { either, integer, object, oneOf, optional, type Infer } from './schema.js';

/** A code is a token, not a sentence: letters, digits and `_`. */
const token = (value: unknown): value is string => typeof value === 'string' && /^\w{1,40}$/.test(value);

/** What may go with a name. */
const details = {
  field: optional(oneOf([...CARD_ERROR_PATHS, 'customer.tax_id'])),
  reason: optional(token),
  code: optional(either(integer(-1e9, 1e9), token)),
  status: optional(integer(0, 999)),
  timeoutMs: optional(integer(0, 36e5)),
};
type Details = { [K in keyof typeof details]?: Exclude<Infer<(typeof details)[K]>, undefined> };

/** Every error `tokenize` rejects with, and the abort: the names that may cross. */
export const NAMES = {
  ValidationError: 1,
  ApiError: 1,
  AuthenticationError: 1,
  ConfigurationError: 1,
  TimeoutError: 1,
  NetworkError: 1,
  AbortError: 1,
} satisfies Record<keyof TokenizeErrors | 'AbortError', 1>;
type WireName = keyof typeof NAMES;

export const wireError = object({ name: oneOf(Object.keys(NAMES) as WireName[]), ...details });
export type WireError = Infer<typeof wireError>;

const service = 'the tokenization service';

/** On the host, each error again from what crossed, by name. */
export const ERRORS_FROM_WIRE = {
  ValidationError: (wire: Details) =>
    new ValidationError(wire.field ?? 'card.number', (wire.reason ?? 'required') as CardErrorCode | TaxIdProblem),
  ApiError: (wire: Details) =>
    new ApiError(wire.code ?? 'invalid', `The card was refused by ${service} (code ${wire.code ?? 'unknown'}).`, wire.status ?? 0),
  AuthenticationError: () => new AuthenticationError(`The public key was refused by ${service}.`),
  ConfigurationError: () => new ConfigurationError('The card form is not configured correctly.'),
  TimeoutError: (wire: Details) => new TimeoutError(`No answer from ${service} in time.`, { timeoutMs: wire.timeoutMs ?? 0 }),
  NetworkError: () => new NetworkError(`Could not reach ${service}.`),
  AbortError: () => new DOMException('The card changed.', 'AbortError'),
} satisfies Record<WireName, (wire: Details) => Error>;

/**
 * In the frame: what crosses for `error`. Anything unknown crosses as a
 * `NetworkError`, as the shopper was told; a code the host would refuse (a
 * sentence, or a number out of range) crosses as `invalid`, so the call
 * still ends.
 */
export function packError(error: unknown): WireError {
  if (error instanceof ValidationError) return { name: 'ValidationError', field: error.field, reason: error.reason };
  if (error instanceof ApiError) return { name: 'ApiError', code: details.code(error.code) ? error.code : 'invalid', status: error.status };
  if (error instanceof TimeoutError) return { name: 'TimeoutError', timeoutMs: error.timeoutMs };
  if (error instanceof AuthenticationError || error instanceof ConfigurationError) return { name: error.name as WireName };
  return { name: (error as Error | null)?.name === 'AbortError' ? 'AbortError' : 'NetworkError' };
}

/** On the host: the error again, as an instance of its class, with a message written here. */
export const unpackError = (wire: WireError): Error => ERRORS_FROM_WIRE[wire.name](wire);
