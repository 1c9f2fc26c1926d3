/**
 * Errors across the frame. The frame sends what an error is (its name, and
 * the field, reason, code or status that go with it), never its message:
 * no text from the service crosses. The host makes real instances of the
 * package's error classes again, so `instanceof ValidationError` holds on
 * the host as it does inline.
 */
import type { CardField } from '../card/types.js';
import type { CardErrorCode } from '../card/validators.js';
import { ApiError, AuthenticationError, ValidationError } from '../tokenize/errors.js';
import { ConfigurationError, NetworkError, TimeoutError } from '../shared/errors.js';
import { either, integer, object, oneOf, optional, type Infer } from './schema.js';

const NAMES = [
  'ValidationError',
  'AuthenticationError',
  'ApiError',
  'NetworkError',
  'TimeoutError',
  'ConfigurationError',
  'AbortError',
] as const;
const CARD_FIELDS: readonly CardField[] = ['card.number', 'card.holderName', 'card.expirationMonth', 'card.expirationYear', 'card.cvv'];
/** A code is a token, not a sentence: letters, digits and `_`. */
const token = (value: unknown): value is string => typeof value === 'string' && /^\w{1,40}$/.test(value);

export const wireError = object({
  name: oneOf(NAMES),
  field: optional(oneOf(CARD_FIELDS)),
  reason: optional(token),
  code: optional(either(integer(-1e9, 1e9), token)),
  status: optional(integer(0, 999)),
  timeoutMs: optional(integer(0, 36e5)),
});
export type WireError = Infer<typeof wireError>;

/** In the frame: what crosses for `error`. Anything unknown crosses as a `NetworkError`, as the shopper was told. */
export function packError(error: unknown): WireError {
  const name = (error as Error | null)?.name;
  if (error instanceof ValidationError) return { name: 'ValidationError', field: error.field, reason: error.reason };
  if (error instanceof ApiError)
    return { name: 'ApiError', code: token(error.code) || Number.isInteger(error.code) ? error.code : 'invalid', status: error.status };
  if (error instanceof TimeoutError) return { name: 'TimeoutError', timeoutMs: error.timeoutMs };
  if (error instanceof AuthenticationError || error instanceof ConfigurationError) return { name: error.name as WireError['name'] };
  return { name: name === 'AbortError' ? 'AbortError' : 'NetworkError' };
}

/** On the host: the error again, as an instance of its class, with a message written here. */
export function unpackError(wire: WireError): Error {
  const service = 'the tokenization service';
  switch (wire.name) {
    case 'ValidationError':
      return new ValidationError(wire.field ?? 'card.number', (wire.reason ?? 'required') as CardErrorCode);
    case 'ApiError':
      return new ApiError(wire.code ?? 'invalid', `The card was refused by ${service} (code ${wire.code ?? 'unknown'}).`, wire.status ?? 0);
    case 'AuthenticationError':
      return new AuthenticationError(`The public key was refused by ${service}.`);
    case 'ConfigurationError':
      return new ConfigurationError('The card form is not configured correctly.');
    case 'TimeoutError':
      return new TimeoutError(`No answer from ${service} in time.`, { timeoutMs: wire.timeoutMs ?? 0 });
    case 'AbortError':
      return new DOMException('The card changed.', 'AbortError');
    default:
      return new NetworkError(`Could not reach ${service}.`);
  }
}
