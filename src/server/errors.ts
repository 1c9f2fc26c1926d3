/**
 * One family of errors for the server helper. Catch {@link PayServerError} for
 * all of them, or a subclass for one kind. None of them ever holds the secret,
 * the Basic credential, a signature or request headers: only what the caller
 * needs to decide what to do next.
 */

const BRAND = Symbol.for('pay-card-form.server.error');

/** Base class. `operation` is the method that failed, e.g. `transfers.qrCodeConfirm`. */
export class PayServerError extends Error {
  /** The client operation, e.g. `refunds.create`, or `charges.create`. */
  readonly operation: string | undefined;

  constructor(message: string, options: { operation?: string | undefined; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.operation = options.operation;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** Cross-realm type guard: works even when two copies of this package are loaded. */
  static isInstance(value: unknown): value is PayServerError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}

/** Bad `createClient` / `createCharge` configuration. Thrown synchronously, before any request. */
export class ConfigError extends PayServerError {}

/** One problem found by request validation: a dotted field path and a message. */
export interface ValidationIssue {
  /** e.g. `merchant_order_id`, `page.page_size`, or `` (the whole request). */
  field: string;
  message: string;
}

/** The request failed client-side validation; nothing was sent. */
export class RequestValidationError extends PayServerError {
  /** Every problem found; `field` of the first is also on {@link RequestValidationError.field}. */
  readonly issues: readonly ValidationIssue[];
  /** The first offending field path. */
  readonly field: string;

  constructor(issues: readonly ValidationIssue[], operation?: string) {
    const list = issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ');
    super(`Invalid request${operation ? ` for ${operation}` : ''}: ${list}`, { operation });
    this.issues = issues;
    this.field = issues[0]?.field ?? '';
  }
}

/** §5.3: the credential kind or target headers cannot be used on this route. Nothing was sent. */
export class CredentialPolicyError extends PayServerError {}

/**
 * The request never got an HTTP response: DNS, refused connection, reset, TLS.
 * `cause` is only `{ name, code }` of the transport failure (e.g.
 * `{ name: 'TypeError', code: 'ECONNRESET' }`), never the raw error: a custom
 * fetch may hang the request, headers included, on its errors.
 */
export class NetworkError extends PayServerError {}

/** No complete response within `timeoutMs`. A create may or may not have happened: see docs/server.md. */
export class TimeoutError extends PayServerError {
  readonly timeoutMs: number;
  constructor(timeoutMs: number, options: { operation?: string | undefined } = {}) {
    super(
      `${options.operation ?? 'Request'} got no response within ${timeoutMs} ms. ` +
        'If it was a create, do not resend blindly: read the status first (docs/server.md).',
      options,
    );
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's AbortSignal fired. `cause` is the signal's reason. */
export class AbortError extends PayServerError {}

/** A non-200 HTTP status. The body, when it is a §2.1 envelope, provides `code` and `reason`. */
export class HttpStatusError extends PayServerError {
  readonly status: number;
  /** Envelope `code`, when the body was an envelope. */
  readonly code: number | string | undefined;
  /** Sandbox-style `data.reason` (e.g. `signature_mismatch`), when present. */
  readonly reason: string | undefined;

  constructor(
    message: string,
    details: { status: number; code?: number | string | undefined; reason?: string | undefined; operation?: string | undefined },
  ) {
    super(message, { operation: details.operation });
    this.status = details.status;
    this.code = details.code;
    this.reason = details.reason;
  }
}

/**
 * HTTP 401: the signature headers were rejected (missing, expired timestamp,
 * replayed nonce, content hash or signature mismatch). `clockSkewMs` is the
 * measured offset server − local, when the response carried a time.
 */
export class SignatureRejectedError extends HttpStatusError {
  readonly clockSkewMs: number | undefined;
  constructor(
    message: string,
    details: { status: number; code?: number | string | undefined; reason?: string | undefined; operation?: string | undefined; clockSkewMs?: number | undefined },
  ) {
    super(message, details);
    this.clockSkewMs = details.clockSkewMs;
  }
}

/** HTTP 403: the server refused the credential for this route (§5.3). */
export class PermissionDeniedError extends HttpStatusError {}

/** HTTP 200, but the body is not JSON, not a §2.1 envelope, or `data` does not have the documented shape. */
export class MalformedResponseError extends PayServerError {
  readonly status: number;
  constructor(message: string, details: { status: number; operation?: string | undefined }) {
    super(message, { operation: details.operation });
    this.status = details.status;
  }
}

/**
 * `createCharge` got a 2xx answer whose body is not a JSON object, so whether
 * the charge was made cannot be read from it. A 2xx means the service accepted
 * the request: treat the charge as possibly created. Do not send it again
 * blindly (there is no idempotency key and no charge lookup); reconcile with
 * the provider first, from your own order record (docs/charges.md).
 */
export class ChargeOutcomeUnknownError extends PayServerError {
  readonly status: number;
  constructor(message: string, details: { status: number; operation?: string | undefined }) {
    super(message, { operation: details.operation });
    this.status = details.status;
  }
}

/**
 * A business error: HTTP 200 with envelope `code` ≠ 200 (§2.1, §7.2); for
 * `createCharge`, a 2xx whose body is an envelope with `code` ≠ 200. Branch on
 * `code`, never on `message` (it is localized text).
 */
export class BusinessError extends PayServerError {
  readonly code: number | string;
  /** Envelope `data`; usually null. */
  readonly data: unknown;
  constructor(code: number | string, message: string, details: { operation?: string | undefined; data?: unknown }) {
    super(`${details.operation ?? 'Request'} failed with business code ${String(code)}: ${message}`, { operation: details.operation });
    this.code = code;
    this.data = details.data ?? null;
  }
}

/** {@link waitForTransfer} / {@link waitForRefund} reached the deadline while the status was still in flight. */
export class WaitTimeoutError extends PayServerError {
  /** The last status seen, if any poll succeeded. */
  readonly lastStatus: number | undefined;
  constructor(message: string, details: { operation?: string; lastStatus?: number | undefined; cause?: unknown }) {
    super(message, details);
    this.lastStatus = details.lastStatus;
  }
}
