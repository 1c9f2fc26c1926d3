/**
 * The errors `tokenize` throws. Each says what went wrong in words a developer
 * can act on, and none ever carries a card number, CVV or key material.
 */
import type { CardErrorCode } from '../card/validators.js';
import type { CardField } from '../card/types.js';

const BRAND = Symbol.for('pay-card-form.error');

/** Base class of every error `tokenize` throws. */
export class PayCardError extends Error {
  /** Cross-realm check: true for our errors even when they come from another copy of the library or an iframe. */
  static isPayCardError(value: unknown): value is PayCardError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  /** Written out in each class, not read from the constructor: minifiers rename classes. */
  override name = 'PayCardError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/** A card field is invalid (§7.3). `field` is the `card.*` path, `reason` a stable code to branch on. */
export class ValidationError extends PayCardError {
  override name = 'ValidationError';
  readonly field: CardField;
  readonly reason: CardErrorCode;

  constructor(field: CardField, reason: CardErrorCode) {
    super(`${field} is invalid: ${reason.replace(/_/g, ' ')}.`);
    this.field = field;
    this.reason = reason;
  }
}

/** The integration is set up wrongly, e.g. no `baseUrl`, or plain http to another machine. Nothing was sent. */
export class ConfigurationError extends PayCardError {
  override name = 'ConfigurationError';
}

/** The public key is missing, malformed, unknown or inactive (§5.1). */
export class AuthenticationError extends PayCardError {
  override name = 'AuthenticationError';
}

/** The service answered with an error (§7.3). `code` and `message` are the service's. */
export class ApiError extends PayCardError {
  override name = 'ApiError';
  readonly code: number | string;
  /** HTTP status of the response. */
  readonly status: number;

  constructor(code: number | string, message: string, status: number) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** The request never got an answer: offline, DNS, CORS, connection reset. Safe to retry: tokenizing is deduplicated. */
export class NetworkError extends PayCardError {
  override name = 'NetworkError';
}

/** No answer within the time limit. A subclass of NetworkError, so one check covers both. */
export class TimeoutError extends NetworkError {
  override name = 'TimeoutError';
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(`No answer from the tokenization service within ${timeoutMs} ms.`);
    this.timeoutMs = timeoutMs;
  }
}
