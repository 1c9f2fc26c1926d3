import { PayCardError } from '../shared/errors.js';
import type { CheckoutErrorCode, DeclineReason } from '../shared/checkout-protocol.js';
import type { PaymentMethod } from './methods.js';

/**
 * Why a payment through `<pay-checkout>` did not go through:
 * - one of the handler's error codes (`already_paid`, `installments_not_offered`, …; docs/checkout.md);
 * - `declined`: the issuer said no (`reason` says why); the order stays payable;
 * - `network_error`: the handler could not be reached, or its code could not load;
 * - `unreadable_answer`: the handler answered outside the protocol (a proxy's error page, another version);
 * - `card_unavailable`: the card form cannot take a card (its key, its frame; `cause` is its error).
 */
export type CheckoutFailure = CheckoutErrorCode | 'declined' | 'network_error' | 'unreadable_answer' | 'card_unavailable';

/**
 * What `payment-failed` carries. Codes, not text: the shopper has already
 * been told in their language; a program branches on `code`, `method` and
 * `status`. Never holds a token, a card value or a document.
 */
export class CheckoutError extends PayCardError {
  override name = 'CheckoutError' as const;
  readonly code: CheckoutFailure;
  /** The method the shopper was paying with. */
  readonly method: PaymentMethod;
  /** The handler's HTTP status, when it answered. */
  readonly status: number | undefined;
  /** With `code: 'declined'`: the issuer's reason. */
  readonly reason: DeclineReason | undefined;

  constructor(
    message: string,
    options: { code: CheckoutFailure; method: PaymentMethod; status?: number; reason?: DeclineReason; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.code = options.code;
    this.method = options.method;
    this.status = options.status;
    this.reason = options.reason;
  }
}
