/**
 * What crosses between a checkout page and the merchant's `checkoutHandler`
 * (`pay-card-form/server`), declared once: the routes, the limits, every
 * request and answer, the HTTP status of each error, and small hand-written
 * checks of each shape. The handler checks what it receives with these; a
 * page reads what it gets back with these. Plain TypeScript and no
 * dependency, so a browser bundle pays a few hundred bytes for it
 * (docs/checkout.md describes the same protocol for people).
 */

/** The handler's routes, as suffixes of the address it is mounted at (`endpoint`). */
export const CHECKOUT_ROUTES = {
  /** `POST {endpoint}/card` with a {@link CardPaymentRequest}: charge the order by card. */
  card: '/card',
  /** `POST {endpoint}/pix` with a {@link PixCodeRequest}: a dynamic Pix code for the order. */
  pix: '/pix',
  /**
   * `GET {endpoint}/pix/status?reference=…`: `{ "status": "pending" | "paid" | "expired" }`, the
   * answer `<pay-pix-qr status-url>` reads, declared once beside that element's code
   * (`PixStatusAnswer`, in the Pix folder's `pix-status.ts`), not here.
   */
  pixStatus: '/pix/status',
} as const;
export type CheckoutRoute = keyof typeof CHECKOUT_ROUTES;

/** The query parameter of the status route that carries {@link PixCode.reference}. */
export const REFERENCE_PARAMETER = 'reference';

/** What the handler takes at most. Longer is refused before anything else is looked at. */
export const CHECKOUT_LIMITS = {
  /** A request body, in bytes (HTTP 413 past it). */
  bodyBytes: 4096,
  /** `orderId`, in characters (printable ASCII, no spaces). */
  orderId: 128,
  /** `token`, in characters (printable ASCII, no spaces). */
  token: 512,
  /** `taxId` as typed, punctuation included. */
  taxId: 32,
  /** `locale`, a BCP 47 tag such as `pt-BR`. */
  locale: 35,
  /** The status route's `reference`. */
  reference: 1024,
} as const;

/** `POST {endpoint}/card`: pay the order with a card token. Other fields (an `amount`, say) are ignored. */
export interface CardPaymentRequest {
  /** The merchant's order ID, as `order()` knows it. */
  orderId: string;
  /** The token from `tokenize` (the `tokenized` event). */
  token: string;
  /** The number of installments the shopper chose (1 for à vista). The handler recomputes the plan. */
  installments: number;
  /** The buyer's CPF or CNPJ, with or without punctuation. Required unless the handler says otherwise. */
  taxId?: string;
  /** The language of the answer's sentences: `pt-BR` or `en` (else `Accept-Language`, else pt-BR). */
  locale?: string;
}

/** `POST {endpoint}/pix`: a dynamic Pix code for the order's amount. Other fields are ignored. */
export interface PixCodeRequest {
  orderId: string;
  locale?: string;
}

/** HTTP 200 to a card payment: the charge was created. */
export interface CardApproved {
  outcome: 'approved';
  orderId: string;
  /** The service's ID of the charge. */
  chargeId: string;
  /** The count charged. */
  installments: number;
  /** The regular installment, in integer centavos. */
  installment: number;
  /** The first installment, in centavos (sem juros it carries the remainder). */
  firstInstallment: number;
  /** What was charged in all, in integer centavos: the order's amount recomputed by the shop's plan. */
  total: number;
  interestFree: boolean;
}

/** Why a card was declined: a code to branch on. Anything the service says beyond these reads as `card_declined`. */
export const DeclineReason = {
  CARD_DECLINED: 'card_declined',
  INSUFFICIENT_FUNDS: 'insufficient_funds',
} as const;
export type DeclineReason = (typeof DeclineReason)[keyof typeof DeclineReason];

/** HTTP 402 to a card payment: the issuer said no. The order stays payable: another card, or Pix. */
export interface CardDeclined {
  outcome: 'declined';
  orderId: string;
  reason: DeclineReason;
  /** A sentence for the shopper, in the request's language. */
  message: string;
}

export type CardAnswer = CardApproved | CardDeclined;

/** HTTP 200 to a Pix request. */
export interface PixCode {
  orderId: string;
  /** The service's ID of the code. */
  qrCodeId: string;
  /** The BR Code ("Pix Copia e Cola"): `<pay-pix-qr payload>`. */
  payload: string;
  /** The order's amount, as a decimal string (`"129.90"`). */
  amount: string;
  /** When the code stops being payable, ISO 8601 in UTC: `<pay-pix-qr expires-at>`. */
  expiresAt: string;
  /** Opaque and signed: pass it to the status route as it is ({@link pixStatusUrl}). */
  reference: string;
  /** The handler's clock, Unix ms, so a page can count down on the server's time rather than the device's. */
  serverTime: number;
}

/**
 * Every error the handler answers, with its HTTP status. The body is a
 * {@link CheckoutErrorAnswer}. 4xx: the request, or the order's state, is the
 * reason; sending it again unchanged gets the same answer. 5xx: the shop or
 * the service; 503 may be retried, 504 must not be paid again.
 */
export const CHECKOUT_ERRORS = {
  /** The body is not JSON (or not UTF-8). */
  invalid_json: 400,
  /** A field is missing or not of its shape: `field` names it. */
  invalid_request: 400,
  /** The Pix reference is missing, forged, altered or not this shop's. Nothing was asked of the service. */
  invalid_reference: 400,
  /** No such route under the endpoint. */
  not_found: 404,
  /** The handler is not set up for this method (no secret key for cards, no v3 credential for Pix). */
  method_unavailable: 404,
  /** `order()` does not know this order. */
  unknown_order: 404,
  /** Another HTTP method than the route's (POST, or GET for the status); `Allow` says which. */
  method_not_allowed: 405,
  /** The order is paid already. */
  already_paid: 409,
  /** A card payment of this order is under way (this process, or another one through `claim`). */
  payment_in_progress: 409,
  /** A charge of this order got no clear answer: it may have gone through. Not to be paid again until the shop knows. */
  payment_unconfirmed: 409,
  /** The body is over {@link CHECKOUT_LIMITS}.bodyBytes. */
  body_too_large: 413,
  /** Not `Content-Type: application/json` (a cross-site form post cannot send it). */
  unsupported_media_type: 415,
  /** The count is not in the shop's plan for this order's amount: `field` is `installments`. */
  installments_not_offered: 422,
  /** The CPF or CNPJ has wrong check digits or length: `field` is `taxId`. */
  tax_id_invalid: 422,
  /** The service did not take the token (unknown, expired, another shop's): tokenize again. */
  token_refused: 422,
  /** The service refused the charge for another reason of its own; nothing was charged. */
  charge_refused: 422,
  /** Something went wrong in the shop's own code (`order()` or `claim` threw or did not answer in time, the handler's setup). Nothing was charged. */
  internal_error: 500,
  /** The service answered, but not as expected (a credential refused, an answer not understood). */
  service_error: 502,
  /** The service could not be reached for a read or for a new Pix code; nothing was charged. Try again later. */
  service_unavailable: 503,
  /** The charge was sent and no clear answer came back: it may have gone through. Do not pay again. */
  outcome_unknown: 504,
} as const;
export type CheckoutErrorCode = keyof typeof CHECKOUT_ERRORS;

/** The body of every error answer. It never repeats a token, a document or a secret. */
export interface CheckoutErrorAnswer {
  error: CheckoutErrorCode;
  /** A sentence for the shopper, in the request's language. */
  message: string;
  /** The request field at fault, when there is one (`orderId`, `token`, `installments`, `taxId`, `locale`). */
  field?: string;
}

/** The status route's address for a reference: `{endpoint}/pix/status?reference=…`. `endpoint` is a URL or path without a query. */
export function pixStatusUrl(endpoint: string, reference: string): string {
  return `${endpoint.replace(/\/+$/, '')}${CHECKOUT_ROUTES.pixStatus}?${REFERENCE_PARAMETER}=${encodeURIComponent(reference)}`;
}

/** A checked request, or the field that failed (`''` for the body as a whole). */
export type Checked<T> = { ok: true; value: T } | { ok: false; field: string };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Printable ASCII without spaces: IDs and tokens never need more, and cannot smuggle a line into a log. */
const isId = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max && /^[\x21-\x7e]+$/.test(value);
const isOptionalText = (value: unknown, max: number) => value === undefined || (typeof value === 'string' && value.length <= max);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
const isCentavos = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isText = (value: unknown): value is string => typeof value === 'string';

/** The first field of `checks` that fails, checked in order. */
function firstFailure(body: Json, checks: Record<string, (value: unknown) => boolean>): string | undefined {
  return Object.keys(checks).find((field) => !checks[field]!(body[field]));
}

/** Checks a card payment request as the handler receives it. The CPF or CNPJ's digits are the server's to check. */
export function checkCardPaymentRequest(body: unknown): Checked<CardPaymentRequest> {
  if (!isObject(body)) return { ok: false, field: '' };
  const field = firstFailure(body, {
    orderId: (v) => isId(v, CHECKOUT_LIMITS.orderId),
    token: (v) => isId(v, CHECKOUT_LIMITS.token),
    installments: isCount,
    taxId: (v) => isOptionalText(v, CHECKOUT_LIMITS.taxId),
    locale: (v) => isOptionalText(v, CHECKOUT_LIMITS.locale),
  } satisfies Record<keyof CardPaymentRequest, (value: unknown) => boolean>);
  if (field !== undefined) return { ok: false, field };
  const { orderId, token, installments, taxId, locale } = body as unknown as CardPaymentRequest;
  return { ok: true, value: { orderId, token, installments, ...(taxId === undefined ? {} : { taxId }), ...(locale ? { locale } : {}) } };
}

/** Checks a Pix code request as the handler receives it. */
export function checkPixCodeRequest(body: unknown): Checked<PixCodeRequest> {
  if (!isObject(body)) return { ok: false, field: '' };
  const field = firstFailure(body, {
    orderId: (v) => isId(v, CHECKOUT_LIMITS.orderId),
    locale: (v) => isOptionalText(v, CHECKOUT_LIMITS.locale),
  } satisfies Record<keyof PixCodeRequest, (value: unknown) => boolean>);
  if (field !== undefined) return { ok: false, field };
  const { orderId, locale } = body as unknown as PixCodeRequest;
  return { ok: true, value: { orderId, ...(locale ? { locale } : {}) } };
}

/** A card answer as a page reads it (approved or declined), or null when it is neither. */
export function readCardAnswer(body: unknown): CardAnswer | null {
  if (!isObject(body)) return null;
  if (body.outcome === 'approved') {
    const bad = firstFailure(body, {
      outcome: isText,
      orderId: isText,
      chargeId: isText,
      installments: isCount,
      installment: isCentavos,
      firstInstallment: isCentavos,
      total: isCentavos,
      interestFree: (v) => typeof v === 'boolean',
    } satisfies Record<keyof CardApproved, (value: unknown) => boolean>);
    return bad === undefined ? (body as unknown as CardApproved) : null;
  }
  if (body.outcome === 'declined') {
    const bad = firstFailure(body, {
      outcome: isText,
      orderId: isText,
      reason: (v) => Object.values(DeclineReason).includes(v as DeclineReason),
      message: isText,
    } satisfies Record<keyof CardDeclined, (value: unknown) => boolean>);
    return bad === undefined ? (body as unknown as CardDeclined) : null;
  }
  return null;
}

/** A Pix code as a page reads it, or null. */
export function readPixCode(body: unknown): PixCode | null {
  if (!isObject(body)) return null;
  const bad = firstFailure(body, {
    orderId: isText,
    qrCodeId: isText,
    payload: isText,
    amount: isText,
    expiresAt: isText,
    reference: isText,
    serverTime: isCentavos,
  } satisfies Record<keyof PixCode, (value: unknown) => boolean>);
  return bad === undefined ? (body as unknown as PixCode) : null;
}

/** An error answer as a page reads it, or null. */
export function readCheckoutError(body: unknown): CheckoutErrorAnswer | null {
  if (!isObject(body) || typeof body.error !== 'string' || !Object.hasOwn(CHECKOUT_ERRORS, body.error) || !isText(body.message))
    return null;
  return body as unknown as CheckoutErrorAnswer;
}
