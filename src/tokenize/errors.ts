/**
 * The errors `tokenize` throws. Each says what went wrong in words a developer
 * can act on, and none ever carries a card number, CVV or key material. The
 * base class and the configuration and network errors are the package's
 * shared ones, the same classes the server helper throws.
 */
import type { CardErrorCode } from '../card/validators.js';
import type { CardErrorPath } from '../card/types.js';
import type { TaxIdProblem } from '../document/tax-id.js';
import { PayCardError, type ConfigurationError, type NetworkError, type TimeoutError } from '../shared/errors.js';

/**
 * A field is invalid (§7.3). `field` is the `card.*` path, or
 * `customer.tax_id` for the buyer's CPF or CNPJ in `<pay-card-form
 * collect-tax-id>`; `reason` a stable code to branch on.
 */
export class ValidationError extends PayCardError {
  override name = 'ValidationError';
  readonly field: CardErrorPath | 'customer.tax_id';
  readonly reason: CardErrorCode | TaxIdProblem;

  constructor(field: CardErrorPath | 'customer.tax_id', reason: CardErrorCode | TaxIdProblem) {
    super(`${field} is invalid: ${reason.replace(/_/g, ' ')}.`);
    this.field = field;
    this.reason = reason;
  }
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

/**
 * Every error `tokenize` rejects with, by its `name` (besides the browser's
 * `AbortError`). The frame channel carries each of them
 * (`channel/wire-errors.ts`), and does not compile until it carries a new one.
 */
export interface TokenizeErrors {
  ValidationError: ValidationError;
  AuthenticationError: AuthenticationError;
  ApiError: ApiError;
  ConfigurationError: ConfigurationError;
  NetworkError: NetworkError;
  TimeoutError: TimeoutError;
}
