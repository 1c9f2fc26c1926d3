/**
 * The payment failures only the page's developer can fix, and the fix. The
 * shopper has been told in their words and the page hears `payment-failed`,
 * but a developer who has not listened to it yet would otherwise see a
 * checkout that never pays and nothing in the console.
 */
import type { CheckoutError } from './checkout-error.js';

/** What the hints read of the element's settings. */
interface Settings {
  endpoint: string;
  orderId: string;
  collectTaxId: boolean;
}

/** What the handler's own failures come from, most often. */
const SERVER_CAUSES = new Map<string, string>([
  [
    'service_error',
    'the payment service refused it or answered what it could not read (a secretKey or credential of another account or environment does this)',
  ],
  ['internal_error', "something in your server failed (order(), claim or onPaid threw or did not answer in time, or the handler's setup)"],
]);

/**
 * Says the fix for `error` in the console, when it is one of the page
 * developer's mistakes, once per sentence in `told` (the element's): the same
 * mistake fails every attempt. `field` is the request field the handler
 * named, if it did.
 */
export function tellDeveloper(error: CheckoutError, element: Settings, told: Set<string>, field = ''): void {
  const hint = setupHint(error, element, field);
  // By sentence, not code: a wrong endpoint and a server that failed are both an unreadable answer.
  if (!hint || told.has(hint)) return;
  told.add(hint);
  console.error(hint);
}

/** The console line for `error`, a failure of a checkout with these settings; null for what the shopper or the shop's server meets. */
function setupHint(error: CheckoutError, { endpoint, orderId, collectTaxId }: Settings, field: string): string | null {
  const { code, method } = error;
  // The handler requires the document unless told otherwise; a page that never asks for it cannot be paid by card.
  if (code === 'invalid_request' && field === 'taxId' && !collectTaxId) {
    return `<pay-checkout>: the checkout handler requires the buyer's CPF or CNPJ, which this page does not ask for. Add collect-tax-id to <pay-checkout>, or pass requireTaxId: false to checkoutHandler.`;
  }
  // The page offered a count the handler's plan does not have for this order: the two policies, or the amounts, differ.
  if (code === 'installments_not_offered') {
    return `<pay-checkout> installments: the checkout handler does not offer the count this page offered for order "${orderId}". Give <pay-checkout> the same installments policy as checkoutHandler, and amount the order's amount in centavos.`;
  }
  if (code === 'unknown_order') {
    return `<pay-checkout> order-id "${orderId}": the checkout handler's order() does not know this order. Set order-id to the ID your order() looks up.`;
  }
  // A server that failed before the handler answered (checkoutHandler() threw on its options, a crash) is not a wrong address.
  if (code === 'unreadable_answer' && (error.status ?? 0) >= 500) {
    return `<pay-checkout> endpoint "${endpoint}": the server answered HTTP ${error.status} before checkoutHandler could answer: it failed there (checkoutHandler() throws when an option is wrong). Your server's log says why.`;
  }
  if (code === 'unreadable_answer' || code === 'not_found') {
    return `<pay-checkout> endpoint "${endpoint}": ${error.message} Set endpoint to the path checkoutHandler is mounted at, without its routes (e.g. "/api/checkout").`;
  }
  // The handler's own failures: its onError heard the cause, which the page is never sent.
  const cause = SERVER_CAUSES.get(code);
  if (cause) {
    return `<pay-checkout>: the checkout handler answered ${code} (HTTP ${error.status}): ${cause}. Its onError, in your server's log, says what to fix.`;
  }
  // The tokenization service refused the card form's key: the shopper typed a whole card for nothing.
  if (code === 'card_unavailable' && (error.cause as Error | undefined)?.name === 'AuthenticationError') {
    return `<pay-checkout> public-key: the tokenization service at base-url refused it. Use the public key (pk_test_… or pk_live_…) of the account whose secretKey checkoutHandler uses, for the environment base-url names.`;
  }
  if (code === 'method_unavailable') {
    const option = method === 'card' ? 'secretKey' : 'credential';
    return `<pay-checkout>: the checkout handler is not set up for ${method} payments: pass it ${option}, or leave "${method}" out of methods.`;
  }
  if (code === 'network_error' && originOf(endpoint) !== location.origin) {
    return `${error.message} That address is of another origin than this page: the browser refuses its answer unless a server in front of it answers CORS, which checkoutHandler does not. Mount checkoutHandler on this page's origin and set endpoint to its path.`;
  }
  return null;
}

/** The origin `endpoint` names from this page; this page's own when it names none that parses (a path, or a typo the answer reports). */
function originOf(endpoint: string): string {
  try {
    return new URL(endpoint, location.href).origin;
  } catch {
    return location.origin;
  }
}
