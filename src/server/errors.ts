/**
 * The errors of the server helper. They belong to the package's one family:
 * catch {@link PayCardError} for all of them (and for `tokenize`'s), or a
 * subclass for one kind. `ConfigurationError`, `NetworkError` and
 * `TimeoutError` are the shared classes, the same `tokenize` throws. None of
 * them ever holds the secret, the Basic credential, a signature or request
 * headers: only what the caller needs to decide what to do next.
 */
import { PayCardError, type PayCardErrorOptions } from '../shared/errors.js';

/** One problem found by request validation: a dotted field path and a message. */
export interface ValidationIssue {
  /** e.g. `merchant_order_id`, `page.page_size`, or `` (the whole request). */
  field: string;
  message: string;
}

/** The request failed client-side validation; nothing was sent. */
export class RequestValidationError extends PayCardError {
  override name = 'RequestValidationError';
  /** Every problem found; `field` of the first is also on {@link RequestValidationError.field}. */
  readonly issues: readonly ValidationIssue[];
  /** The first offending field path. */
  readonly field: string;

  /** `call` names the call in the message, with its method and path (e.g. `refunds.create (POST /v3/refunds/create)`); default: `operation`. */
  constructor(issues: readonly ValidationIssue[], operation?: string, call = operation) {
    super(`Invalid request${call ? ` for ${call}` : ''}: ${issueList(issues)}`, { operation });
    this.issues = issues;
    this.field = issues[0]?.field ?? '';
  }
}

/** What `operation` holds on an {@link InstallmentPlanError}: the check that refused, not a request. */
const INSTALLMENT_PLAN_CHECK = 'installment plan check';

/**
 * `checkInstallmentPlan` refused the charge's figures against the merchant's
 * own plan: the count the shopper chose is not offered for that amount
 * (`field` `payment_details.installments`), or `amount` is not that option's
 * total (`field` `amount`). The check sends nothing; its message says what to
 * charge. A {@link RequestValidationError}, so code that catches one for a
 * refused charge catches this too; `operation` is `"installment plan check"`.
 */
export class InstallmentPlanError extends RequestValidationError {
  override name = 'InstallmentPlanError';

  constructor(issues: readonly ValidationIssue[]) {
    super(issues, INSTALLMENT_PLAN_CHECK);
    // Not "Invalid request for …": no request exists yet, the plan check refused the figures it was given.
    this.message = `The installment plan check refused the charge: ${issueList(issues)}`;
  }
}

function issueList(issues: readonly ValidationIssue[]): string {
  return issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ');
}

/** §5.3: the credential kind or target headers cannot be used on this route. Nothing was sent. */
export class CredentialPolicyError extends PayCardError {
  override name = 'CredentialPolicyError';
}

/**
 * The caller's AbortSignal stopped a call or a wait, before it was sent, in
 * flight, or between retries. `cause` is the signal's reason. Named for what
 * happened to the request, so it is not mistaken for the platform's
 * `DOMException` named `AbortError` (what `fetch` and `tokenize` reject with),
 * which is not a `PayCardError`.
 */
export class RequestAbortedError extends PayCardError {
  override name = 'RequestAbortedError';
}

/** A non-200 HTTP status. The body, when it is a §2.1 envelope, provides `code` and `reason`. */
export class HttpStatusError extends PayCardError {
  override name = 'HttpStatusError';
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
  override name = 'SignatureRejectedError';
  readonly clockSkewMs: number | undefined;
  constructor(
    message: string,
    details: {
      status: number;
      code?: number | string | undefined;
      reason?: string | undefined;
      operation?: string | undefined;
      clockSkewMs?: number | undefined;
    },
  ) {
    super(message, details);
    this.clockSkewMs = details.clockSkewMs;
  }
}

/** HTTP 403: the server refused the credential for this route (§5.3). */
export class PermissionDeniedError extends HttpStatusError {
  override name = 'PermissionDeniedError';
}

/** HTTP 200, but the body is not JSON, not a §2.1 envelope, or `data` does not have the documented shape. */
export class MalformedResponseError extends PayCardError {
  override name = 'MalformedResponseError';
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
export class ChargeOutcomeUnknownError extends PayCardError {
  override name = 'ChargeOutcomeUnknownError';
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
export class BusinessError extends PayCardError {
  override name = 'BusinessError';
  readonly code: number | string;
  /** Envelope `data`; usually null. */
  readonly data: unknown;
  /** `details.call` names the call in the message, with its method and path (e.g. `charges.create (POST /v1/charges)`); default: `operation`. */
  constructor(
    code: number | string,
    message: string,
    details: { operation?: string | undefined; call?: string | undefined; data?: unknown },
  ) {
    super(`${details.call ?? details.operation ?? 'Request'} failed with business code ${String(code)}: ${message}`, {
      operation: details.operation,
    });
    this.code = code;
    this.data = details.data ?? null;
  }
}

/** {@link waitForTransfer}, {@link waitForRefund} or {@link waitForQrPayment} reached the deadline while the status was still in flight. */
export class WaitTimeoutError extends PayCardError {
  override name = 'WaitTimeoutError';
  /**
   * The last status seen, if any poll succeeded: a `txn_status` number from
   * `waitForTransfer` / `waitForRefund`, a QR code `status` string from
   * `waitForQrPayment`.
   */
  readonly lastStatus: number | string | undefined;
  constructor(message: string, details: PayCardErrorOptions & { lastStatus?: number | string | undefined }) {
    super(message, details);
    this.lastStatus = details.lastStatus;
  }
}
