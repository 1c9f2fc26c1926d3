import { CHECKOUT_LIMITS, CHECKOUT_ROUTES, REFERENCE_PARAMETER, type CheckoutRoute } from '../../shared/checkout-protocol.js';
import { createClient } from '../client.js';
import { ConfigurationError } from '../../shared/errors.js';
import { payByCard } from './card.js';
import { readJson, refuse } from './http.js';
import { CheckoutMemory } from './memory.js';
import { answerLanguage, type CheckoutLanguage } from './messages.js';
import { checkOptions, type CheckoutConfig, type CheckoutHandlerOptions } from './options.js';
import { generatePix, pixStatus, type PixTools } from './pix.js';
import { referenceKey } from './reference.js';

/** A web-standard request handler: what Workers, Deno, Bun, Hono (`c.req.raw`) and Next.js route handlers take. */
export type CheckoutHandler = (request: Request) => Promise<Response>;

/** Each route's one method. */
const METHODS: Record<CheckoutRoute, 'GET' | 'POST'> = { card: 'POST', pix: 'POST', pixStatus: 'GET' };

/**
 * The merchant's side of a checkout, as one web-standard handler: card
 * payments with parcelas and the buyer's CPF or CNPJ, and dynamic Pix codes
 * with a status a page can poll (docs/checkout.md has the protocol and a
 * backend for Node, Hono, Next.js and a Worker).
 *
 * - **The amount is the server's.** Each payment charges what
 *   `options.order(orderId)` says, with the plan recomputed from
 *   `options.installments`; nothing a page posts changes it. An unknown or
 *   paid order is refused.
 * - **One order, one charge.** In this process, a card payment takes the
 *   order until it is answered, and an order seen paid stays refused; across
 *   processes, `claim` and `release` are the merchant's store's atomic hold.
 * - **Pix needs no store.** The status reference is signed with
 *   `options.referenceSecret` and checked before any call to the service.
 * - **Only what a checkout needs.** JSON bodies of at most 4 KB; no answer
 *   repeats a token, a document or a secret; no hostile request gets a 5xx.
 *
 * Mount it under any path: routes are matched by their ending
 * (`…/card`, `…/pix`, `…/pix/status`). Options are checked at once.
 *
 * @throws {ConfigurationError} when an option is missing or wrong, naming it (never its value).
 * @throws {InstallmentConfigError} when `options.installments` is not a usable policy.
 */
export function checkoutHandler(options: CheckoutHandlerOptions): CheckoutHandler {
  const config = checkOptions(options);
  const memory = new CheckoutMemory();
  const card = config.secretKey === undefined ? undefined : { ...config, secretKey: config.secretKey };
  const pix: PixTools | undefined =
    config.credential === undefined
      ? undefined
      : {
          client: createClient({
            baseUrl: config.baseUrl,
            credential: config.credential,
            ...(config.target ? { target: config.target } : {}),
            ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
            ...(config.fetch ? { fetch: config.fetch } : {}),
            now: config.now,
          }),
          key: referenceKey(config.referenceSecret!),
        };
  // Imported lazily by Web Crypto; a failure here would surface on the first Pix request, so it is not left unhandled meanwhile.
  pix?.key.catch(() => {});

  return async (request) => {
    const accepted = request.headers.get('accept-language');
    let language: CheckoutLanguage = answerLanguage(undefined, accepted);
    let route: CheckoutRoute | undefined;
    try {
      const url = new URL(request.url);
      route = routeOf(url.pathname);
      if (!route) return refuse('not_found', language);
      if (request.method !== METHODS[route]) return refuse('method_not_allowed', language, { headers: { allow: METHODS[route] } });
      if (route === 'pixStatus') {
        if (!pix) return misconfigured(config, route, 'method_unavailable', UNAVAILABLE.pix, language);
        return await pixStatus(config, memory, pix, url.searchParams.get(REFERENCE_PARAMETER), language);
      }
      if (request.bodyUsed) {
        return misconfigured(
          config,
          route,
          'internal_error',
          'checkoutHandler: the request body was read before the handler got it. Mount the handler before any body parser (express.json(), or a Hono middleware that reads c.req.json()).',
          language,
        );
      }
      const body = await readJson(request, CHECKOUT_LIMITS.bodyBytes);
      if (!body.ok) return refuse(body.code, language);
      const locale = (body.value as { locale?: unknown } | null)?.locale;
      language = answerLanguage(typeof locale === 'string' ? locale.slice(0, CHECKOUT_LIMITS.locale) : undefined, accepted);
      if (route === 'card') {
        return card
          ? await payByCard(card, memory, body.value, language, pix)
          : misconfigured(config, route, 'method_unavailable', UNAVAILABLE.card, language);
      }
      return pix
        ? await generatePix(config, memory, pix, body.value, language)
        : misconfigured(config, route, 'method_unavailable', UNAVAILABLE.pix, language);
    } catch (error) {
      // Every expected failure is answered above; this is a fault of the handler or the runtime.
      config.onError(error, { route: route ? CHECKOUT_ROUTES[route].slice(1) : 'unknown', step: 'handler' });
      return refuse('internal_error', language);
    }
  };
}

/** A mistake in how the shop set the handler up: the shop hears the fix, the shopper gets `code`. */
function misconfigured(
  config: CheckoutConfig,
  route: CheckoutRoute,
  code: 'method_unavailable' | 'internal_error',
  message: string,
  language: CheckoutLanguage,
): Response {
  config.onError(new ConfigurationError(message), { route: CHECKOUT_ROUTES[route].slice(1), step: 'handler' });
  return refuse(code, language);
}

/** What the shop hears when a method's route (a method the page offers) is asked of a handler without its credential. */
const UNAVAILABLE = {
  card: 'checkoutHandler was given no secretKey, so it cannot take cards: pass secretKey, or leave "card" out of <pay-checkout methods>.',
  pix: 'checkoutHandler was given no credential, so it cannot take Pix: pass credential, or leave "pix" out of <pay-checkout methods>.',
} as const;

/** Which route a path ends with (a trailing slash allowed), if any. The longest ending is tried first. */
function routeOf(pathname: string): CheckoutRoute | undefined {
  const path = pathname.replace(/\/+$/, '');
  if (path.endsWith(CHECKOUT_ROUTES.pixStatus)) return 'pixStatus';
  if (path.endsWith(CHECKOUT_ROUTES.card)) return 'card';
  if (path.endsWith(CHECKOUT_ROUTES.pix)) return 'pix';
  return undefined;
}
