/**
 * The errors every part of the package shares: the base class and the
 * failures that mean the same on both sides (bad configuration, no answer, no
 * answer in time). `tokenize` and the server helper throw these very classes,
 * so one `catch` and one `instanceof` cover both.
 *
 * Each name is written out as a string: minifiers rename classes, so a name
 * read from the constructor would come out as `"n"`.
 */

const BRAND = Symbol.for('pay-card-form.error');

/** What every error of the family may carry besides its message. */
export interface PayCardErrorOptions {
  /** The client operation that failed, e.g. `refunds.create` or `charges.create`. */
  operation?: string | undefined;
  /** What led to it, already stripped of anything secret. */
  cause?: unknown;
}

/**
 * Base class of every error the package throws. None of them ever holds a
 * card number, a CVV, a secret, a Basic credential, a signature or request
 * headers: only what the caller needs to decide what to do next.
 */
export class PayCardError extends Error {
  /**
   * Cross-realm check: true for any error of this family, even one from
   * another copy of the package or from an iframe, where `instanceof` fails.
   */
  static isPayCardError(value: unknown): value is PayCardError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  override name = 'PayCardError';
  /** The client operation that failed, e.g. `transfers.qrCodeConfirm`; undefined for `tokenize`. */
  readonly operation: string | undefined;

  constructor(message: string, options: PayCardErrorOptions = {}) {
    // No `cause` at all unless there is one, so that `'cause' in error` says something.
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.operation = options.operation;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/** The integration is set up wrongly (options, `baseUrl`, keys). Thrown before anything is sent. */
export class ConfigurationError extends PayCardError {
  override name = 'ConfigurationError';
}

/**
 * The request never got an answer: offline, DNS, CORS, refused connection,
 * reset, TLS. `cause` only names the transport failure (`tokenize`: its class
 * name; the server helper: `{ name, code }`), never the raw error, which may
 * carry the request, headers included.
 */
export class NetworkError extends PayCardError {
  override name = 'NetworkError';
}

/** No complete answer within `timeoutMs`. A {@link NetworkError}, so one check covers both. */
export class TimeoutError extends NetworkError {
  override name = 'TimeoutError';
  /** The time limit that passed, in milliseconds. */
  readonly timeoutMs: number;

  constructor(message: string, options: PayCardErrorOptions & { timeoutMs: number }) {
    super(message, options);
    this.timeoutMs = options.timeoutMs;
  }
}

/**
 * Why `<pay-card-form>`'s secure frame did not show the form, as the host
 * found it out (docs/tokenization.md#when-the-frame-cannot-show-the-form):
 * - `unreachable`: nothing answers at the frame's address;
 * - `not-the-frame`: something answers there, but not the card form;
 * - `refused`: the service does not let this page's origin frame it (its `frame-ancestors`);
 * - `not-started`: the frame answered, but did not finish starting;
 * - `local-network`: nothing answered this page, and the frame's address is
 *   more private than the page's (a page on the local network or the
 *   internet, a frame on loopback or the local network): the browser blocks
 *   such a frame (Local Network Access), and on another device, such as a
 *   phone, a loopback address is that device itself.
 */
export type FrameFailure = 'unreachable' | 'not-the-frame' | 'refused' | 'not-started' | 'local-network';

/**
 * `<pay-card-form>` (isolated mode) gave up on its secure frame, retries
 * included: `reason` says why, for a program to branch on, and the message
 * what to change. A {@link NetworkError}, so one check offers the shopper
 * another way to pay.
 */
export class FrameError extends NetworkError {
  override name = 'FrameError';
  readonly reason: FrameFailure;
  /** The frame's address. */
  readonly url: string;

  constructor(message: string, options: PayCardErrorOptions & { reason: FrameFailure; url: string }) {
    super(message, options);
    this.reason = options.reason;
    this.url = options.url;
  }
}
