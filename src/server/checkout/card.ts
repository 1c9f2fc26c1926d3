import { installmentOptions, type InstallmentOption } from '../../card/installments.js';
import { parseTaxId } from '../../document/tax-id.js';
import { NetworkError, PayCardError } from '../../shared/errors.js';
import { checkCardPaymentRequest, DeclineReason, type CardApproved, type CardDeclined } from '../../shared/checkout-protocol.js';
import { createCharge } from '../charges.js';
import { BusinessError, ChargeOutcomeUnknownError, HttpStatusError, RequestAbortedError } from '../errors.js';
import { checkInstallmentPlan } from '../installment-plan.js';
import { failedBeforeSending } from '../request.js';
import { answer, refuse } from './http.js';
import { DECLINE_SENTENCES, type CheckoutLanguage } from './messages.js';
import type { CheckoutMemory } from './memory.js';
import { shownCodePaid, type PixTools } from './pix.js';
import type { CheckoutConfig } from './options.js';
import { claimOrder, findOrder, notifyPaid, releaseOrder } from './steps.js';

/**
 * `POST {endpoint}/card`: one order, one charge. Every check runs before
 * anything is taken or sent (the body, the order, the plan); then the order
 * is taken in this process and, with `claim`, in the merchant's store; then
 * the charge goes out, once. Only a charge that certainly did not happen
 * gives the order back. Every call to the merchant's store is bounded by
 * `storeTimeoutMs`, so a stuck store cannot hold the request, or the order
 * in this process, for ever.
 */
export async function payByCard(
  config: CheckoutConfig & { secretKey: string },
  memory: CheckoutMemory,
  body: unknown,
  language: CheckoutLanguage,
  /** The Pix side, when the handler has one: a code it showed for the order is read before a card is charged. */
  pix?: PixTools,
): Promise<Response> {
  const checked = checkCardPaymentRequest(body);
  if (!checked.ok) return refuse('invalid_request', language, { field: checked.field });
  const { orderId, token, installments } = checked.value;
  let taxId: string | undefined;
  if (checked.value.taxId !== undefined) {
    taxId = parseTaxId(checked.value.taxId)?.value;
    if (!taxId) return refuse('tax_id_invalid', language, { field: 'taxId' });
  } else if (config.requireTaxId) {
    return refuse('invalid_request', language, { field: 'taxId' });
  }

  // Checked and taken in one synchronous step: a double click's second request sees the first here.
  const busy = memory.take(orderId);
  if (busy) return refuse(busy, language);
  try {
    const found = await findOrder(config, 'card', orderId, language);
    if (found instanceof Response) return found;
    if (!found) return refuse('unknown_order', language);
    if (found.paid) {
      memory.paid(orderId);
      return refuse('already_paid', language);
    }
    // The amount is the order's, the plan the shop's: whatever the page showed or posted.
    const option = planOption(config, found.amount, installments);
    if (!option) return refuse('installments_not_offered', language, { field: 'installments' });

    if (pix) {
      const shown = await shownCodePaid(config, memory, pix, orderId);
      if (shown === 'paid') return refuse('already_paid', language);
      if (shown === 'unknown') return refuse('service_unavailable', language);
    }

    const claim = await claimOrder(config, orderId);
    if (claim === 'failed') return refuse('internal_error', language);
    if (claim === 'taken') return refuse('payment_in_progress', language);

    let charge: Awaited<ReturnType<typeof createCharge>>;
    try {
      charge = await createCharge(
        { baseUrl: config.baseUrl, secretKey: config.secretKey, fetch: config.fetch, timeoutMs: config.timeoutMs },
        {
          amount: option.total,
          payment_method: 'credit_card',
          ...(taxId ? { customer: { tax_id: taxId } } : {}),
          ...(found.description ? { items: [{ name: found.description, quantity: 1, unit_price: option.total, tangible: false }] } : {}),
          payment_details: { token, installments: option.count },
        },
      );
    } catch (error) {
      return await chargeFailed(config, memory, error, orderId, language);
    }

    memory.paid(orderId);
    const chargeId = typeof charge?.id === 'string' ? charge.id : '';
    await notifyPaid(config, 'card', {
      method: 'card',
      orderId,
      id: chargeId,
      amount: option.total,
      installments: option.count,
      installment: option.installment,
      interestFree: option.interestFree,
    });
    const approved: CardApproved = {
      outcome: 'approved',
      orderId,
      chargeId,
      installments: option.count,
      installment: option.installment,
      firstInstallment: option.firstInstallment,
      total: option.total,
      interestFree: option.interestFree,
    };
    return answer(200, approved);
  } finally {
    memory.letGo(orderId);
  }
}

/** The shop's option for `count` at the order's amount, checked as any backend checks a plan, or undefined when not offered. */
function planOption(config: CheckoutConfig, amount: number, count: number): InstallmentOption | undefined {
  const planned = installmentOptions({ amount, ...config.policy }).find((option) => option.count === count);
  return planned && checkInstallmentPlan({ config: { amount, ...config.policy }, installments: count, amount: planned.total });
}

/**
 * What a failed charge means for the order. A decline, a refusal or a
 * request that never left (no such host, connection refused) charged
 * nothing: the order is given back (the claim released) and the shopper may
 * try again. No answer, a 5xx or an unreadable 2xx may have charged: the
 * order stays taken until the merchant reconciles (docs/charges.md#never-retried).
 */
async function chargeFailed(
  config: CheckoutConfig,
  memory: CheckoutMemory,
  error: unknown,
  orderId: string,
  language: CheckoutLanguage,
): Promise<Response> {
  if (failedBeforeSending(error)) {
    await releaseOrder(config, orderId);
    config.onError(error, { route: 'card', step: 'charge', orderId });
    return refuse('service_unavailable', language);
  }
  const uncertain =
    error instanceof NetworkError ||
    error instanceof ChargeOutcomeUnknownError ||
    error instanceof RequestAbortedError ||
    (error instanceof HttpStatusError && error.status >= 500) ||
    !PayCardError.isPayCardError(error);
  if (uncertain) {
    memory.unconfirmed(orderId);
    config.onError(error, { route: 'card', step: 'charge', orderId });
    return refuse('outcome_unknown', language);
  }
  await releaseOrder(config, orderId);
  if (error instanceof BusinessError && error.code === 'card_declined') {
    const code = (error.data as { decline_code?: unknown } | null)?.decline_code;
    const reason = code === DeclineReason.INSUFFICIENT_FUNDS ? DeclineReason.INSUFFICIENT_FUNDS : DeclineReason.CARD_DECLINED;
    const declined: CardDeclined = { outcome: 'declined', orderId, reason, message: DECLINE_SENTENCES[reason][language] };
    return answer(402, declined);
  }
  if (error instanceof HttpStatusError && error.status !== 401 && error.status !== 403 && error.status < 500) {
    // The shop hears it too: a token of another account (the page's public key and this secret key not a pair)
    // or a wrong baseUrl fails here for every shopper, who would otherwise only be asked to type the card again.
    config.onError(error, { route: 'card', step: 'charge', orderId });
    // The sandbox names an unknown token so (docs/charges.md); another service may say it otherwise, and then it reads as refused.
    return refuse(error.reason === 'unknown_token' ? 'token_refused' : 'charge_refused', language);
  }
  // A refused credential, a business code other than a decline, a request the client would not send: the shop's to fix.
  config.onError(error, { route: 'card', step: 'charge', orderId });
  return refuse('service_error', language);
}
