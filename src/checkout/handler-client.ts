/**
 * The element's side of the checkout protocol (src/shared/checkout-protocol.ts):
 * posts JSON to the merchant's handler and reads each answer with the
 * protocol's own readers. Every failure becomes a {@link CheckoutError} with
 * the handler's code, plus the sentence the handler wrote for the shopper
 * when there is one.
 */
import {
  CHECKOUT_ROUTES,
  readCardAnswer,
  readCheckoutError,
  readPixCode,
  type CardAnswer,
  type CardPaymentRequest,
  type PixCode,
  type PixCodeRequest,
} from '../shared/checkout-protocol.js';
import { CheckoutError } from './checkout-error.js';
import type { PaymentMethod } from './methods.js';

/**
 * What the handler answered: the value, or the error, what to tell the
 * shopper (`''` to say it in the element's own words), and the request
 * field the handler named (`''` for none), for the developer's hint.
 */
export type Answer<T> = { ok: true; value: T } | { ok: false; error: CheckoutError; sentence: string; field: string };

/** `{endpoint}{route}`: the endpoint is a URL or a path, with or without a trailing slash. */
const routeUrl = (endpoint: string, route: string) => `${endpoint.replace(/\/+$/, '')}${route}`;

async function post<T>(
  method: PaymentMethod,
  url: string,
  body: CardPaymentRequest | PixCodeRequest,
  read: (json: unknown) => T | null,
): Promise<Answer<T>> {
  let response: Response;
  let json: unknown;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    json = await response.json().catch(() => null);
  } catch (cause) {
    // The transport's own error may quote the request: only its class name goes on.
    const error = new CheckoutError(`<pay-checkout> could not reach the checkout handler at ${url}.`, {
      code: 'network_error',
      method,
      cause: { name: (cause as Error)?.name },
    });
    return { ok: false, error, sentence: '', field: '' };
  }
  const value = read(json);
  if (value !== null) return { ok: true, value };
  const refused = readCheckoutError(json);
  if (refused) {
    const error = new CheckoutError(`The checkout handler refused the ${method} payment: ${refused.error} (HTTP ${response.status}).`, {
      code: refused.error,
      method,
      status: response.status,
    });
    return { ok: false, error, sentence: refused.message, field: typeof refused.field === 'string' ? refused.field : '' };
  }
  const error = new CheckoutError(
    `The checkout handler's answer (HTTP ${response.status}) is not of the checkout protocol: is endpoint the address checkoutHandler is mounted at?`,
    { code: 'unreadable_answer', method, status: response.status },
  );
  return { ok: false, error, sentence: '', field: '' };
}

/** `POST {endpoint}/card`: approved or declined (a decline is an answer, not an error: the caller decides what it means). */
export const postCardPayment = (endpoint: string, request: CardPaymentRequest): Promise<Answer<CardAnswer>> =>
  post('card', routeUrl(endpoint, CHECKOUT_ROUTES.card), request, readCardAnswer);

/** `POST {endpoint}/pix`: a code for the order's amount, as the server decides it. */
export const postPixCode = (endpoint: string, request: PixCodeRequest): Promise<Answer<PixCode>> =>
  post('pix', routeUrl(endpoint, CHECKOUT_ROUTES.pix), request, readPixCode);
