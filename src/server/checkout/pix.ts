import { NetworkError } from '../../shared/errors.js';
import { checkPixCodeRequest, type PixCode } from '../../shared/checkout-protocol.js';
import { POLL_TIMEOUT_MS } from '../../pix/poll-schedule.js';
import type { PixStatusAnswer } from '../../pix/pix-status.js';
import { centsToAmount } from '../amount.js';
import type { PayClient } from '../client.js';
import { QrCodeStatus } from '../enums.js';
import type { SigningKey } from '../signing.js';
import { answer, refuse } from './http.js';
import type { CheckoutLanguage } from './messages.js';
import type { CheckoutMemory, Generated } from './memory.js';
import { PIX_DESCRIPTION_MAX, type CheckoutConfig } from './options.js';
import { signReference, verifyReference } from './reference.js';
import { findOrder, notifyPaidAtLast } from './steps.js';
import { waitAtMost } from './store-call.js';

/** What Pix needs besides the options: the signed client and the reference key. */
export interface PixTools {
  client: PayClient;
  key: Promise<SigningKey>;
}

/** A code shown again only while it has at least this long to live; closer to its end, the shopper gets a new one. */
const REUSE_MARGIN_MS = 120_000;
/** IDs the handler will carry in a reference; anything longer is not a code ID it knows how to keep. */
const MAX_QR_CODE_ID = 200;
/**
 * The longest a status poll waits for `onPaid` (or `storeTimeoutMs`, when
 * shorter) before it answers `paid`, `onPaid` running on. `<pay-pix-qr>`
 * gives up on a poll after `POLL_TIMEOUT_MS`: a poll that waited for a stuck
 * store any longer would never show the shopper the payment. The rest of the
 * page's wait is left to the call to the service.
 */
export const PAID_ANSWER_WAIT_MS = POLL_TIMEOUT_MS / 4;

/**
 * `POST {endpoint}/pix`: a dynamic code for the order's amount (§4.5), with
 * a signed reference for its status. The same order asked again in this
 * process gets the same code while it stays payable, so two tabs do not show
 * two codes that could both be paid.
 */
export async function generatePix(
  config: CheckoutConfig,
  memory: CheckoutMemory,
  tools: PixTools,
  body: unknown,
  language: CheckoutLanguage,
): Promise<Response> {
  const checked = checkPixCodeRequest(body);
  if (!checked.ok) return refuse('invalid_request', language, { field: checked.field });
  const { orderId } = checked.value;
  const found = await findOrder(config, 'pix', orderId, language);
  if (found instanceof Response) return found;
  if (!found) return refuse('unknown_order', language);
  if (found.paid) {
    memory.paid(orderId);
    return refuse('already_paid', language);
  }
  const busy = memory.busy(orderId);
  if (busy) return refuse(busy, language);
  const now = config.now();
  const shown = memory.shownCode(orderId, found.amount, now, REUSE_MARGIN_MS);
  if (shown) return answer(200, { ...shown, serverTime: now });

  // A second tab asking meanwhile shares this generation: two codes for one order could both be paid.
  const made = await memory.generate(orderId, found.amount, async (): Promise<Generated<Omit<PixCode, 'serverTime'>>> => {
    let qr: Record<string, unknown> | null;
    try {
      qr = await tools.client.qrCodes.generateDynamic({
        amount: centsToAmount(found.amount),
        expires_in: config.pixExpiresIn,
        ...(found.description ? { description: found.description.slice(0, PIX_DESCRIPTION_MAX) } : {}),
      });
    } catch (error) {
      config.onError(error, { route: 'pix', step: 'generate', orderId });
      return { refusal: refuse(error instanceof NetworkError ? 'service_unavailable' : 'service_error', language) };
    }
    const qrCodeId = qr?.qr_code_id;
    const payload = qr?.qr_code_payload;
    if (typeof qrCodeId !== 'string' || !qrCodeId || qrCodeId.length > MAX_QR_CODE_ID || typeof payload !== 'string' || !payload) {
      config.onError(new Error('qrCodes.generateDynamic answered without a qr_code_id or qr_code_payload'), {
        route: 'pix',
        step: 'generate',
        orderId,
      });
      return { refusal: refuse('service_error', language) };
    }
    const expiresAt = expiryOf(qr?.expires_at) ?? now + config.pixExpiresIn * 1000;
    const reference = await signReference(await tools.key, { orderId, qrCodeId, expiresAt, amount: found.amount });
    const code: Omit<PixCode, 'serverTime'> = {
      orderId,
      qrCodeId,
      payload,
      amount: centsToAmount(found.amount),
      expiresAt: new Date(expiresAt).toISOString(),
      reference,
    };
    // A card took the order while the code was being made: the code goes to no one, so no one pays twice.
    const taken = memory.busy(orderId);
    if (taken) return { refusal: refuse(taken, language) };
    memory.show(orderId, { qrCodeId, amount: found.amount, expiresAt, answer: code });
    return { code };
  });
  return 'refusal' in made ? made.refusal : answer(200, { ...made.code, serverTime: now } satisfies PixCode);
}

/**
 * `GET {endpoint}/pix/status?reference=…`. The reference's signature is
 * checked first: a forged or altered one is refused without a call to the
 * service. Then the code's details are read (§4.5); the statuses are the
 * sandbox's names (`QrCodeStatus`), the spec showing none but ACTIVE (§3.3).
 * When it reads paid, `onPaid` runs, once per code in this process unless it
 * fails, one call at a time; the answer waits for it at most
 * {@link PAID_ANSWER_WAIT_MS}.
 */
export async function pixStatus(
  config: CheckoutConfig,
  memory: CheckoutMemory,
  tools: PixTools,
  text: string | null,
  language: CheckoutLanguage,
): Promise<Response> {
  const reference = text === null ? null : await verifyReference(await tools.key, text);
  if (!reference) return refuse('invalid_reference', language);
  const paid: PixStatusAnswer = { status: 'paid' };
  // Reported, or being reported: the code was read paid, and the service need not be asked again.
  if (memory.reportingOrReported(reference.qrCodeId)) return answer(200, paid);

  return memory.lookUp(reference.qrCodeId, async () => {
    let details: Record<string, unknown> | null;
    try {
      details = await tools.client.qrCodes.details({ qr_code_id: reference.qrCodeId });
    } catch (error) {
      config.onError(error, { route: 'pix/status', step: 'details', orderId: reference.orderId });
      return refuse(error instanceof NetworkError ? 'service_unavailable' : 'service_error', language);
    }
    const status = details?.status;
    if (status === QrCodeStatus.PAID) {
      await codePaid(config, memory, 'pix/status', reference);
      return answer(200, paid);
    }
    // A status this version does not know is not a payment: the page keeps waiting, its countdown still runs.
    const current: PixStatusAnswer = { status: status === QrCodeStatus.EXPIRED ? 'expired' : 'pending' };
    return answer(200, current);
  });
}

/**
 * A code read paid: the order is paid from now on, and `onPaid` told, once
 * per code in this process unless it fails (the next read tells it again).
 * Waited for, so that a page that moves on once paid finds the order marked
 * paid; but never past the page's patience.
 */
async function codePaid(
  config: CheckoutConfig,
  memory: CheckoutMemory,
  route: string,
  code: { orderId: string; qrCodeId: string; amount: number },
): Promise<void> {
  memory.paid(code.orderId);
  const told = memory.report(code.qrCodeId, () =>
    notifyPaidAtLast(config, route, { method: 'pix', orderId: code.orderId, id: code.qrCodeId, amount: code.amount }),
  );
  await waitAtMost(told, Math.min(config.storeTimeoutMs, PAID_ANSWER_WAIT_MS));
}

/**
 * Before a card is charged: whether the code this process last showed for
 * the order was paid meanwhile. The shopper may have paid it in the bank's
 * app and come back to a page that never polled it, and then reached for
 * the card. Read paid, it is reported as the status route reports it.
 * `unknown` when the service could not say: the card must not be charged on
 * a guess.
 */
export async function shownCodePaid(
  config: CheckoutConfig,
  memory: CheckoutMemory,
  tools: PixTools,
  orderId: string,
): Promise<'paid' | 'unpaid' | 'unknown'> {
  // Every code shown for the order: one withdrawn for an old amount, or replaced near its expiry, can still be paid.
  for (const shown of memory.codesShown(orderId)) {
    if (memory.reportingOrReported(shown.qrCodeId)) return 'paid';
    let status: unknown;
    try {
      status = (await tools.client.qrCodes.details({ qr_code_id: shown.qrCodeId }))?.status;
    } catch (error) {
      config.onError(error, { route: 'card', step: 'pix details', orderId });
      return 'unknown';
    }
    if (status === QrCodeStatus.PAID) {
      await codePaid(config, memory, 'card', { orderId, qrCodeId: shown.qrCodeId, amount: shown.amount });
      return 'paid';
    }
    // An answer without a status says nothing either way: the card waits.
    if (typeof status !== 'string') return 'unknown';
  }
  return 'unpaid';
}

/** The code's expiry in Unix ms, from the answer's `expires_at` (ms, as the sandbox gives it, or an ISO string), or undefined. */
function expiryOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) {
    const ms = Date.parse(value);
    if (Number.isFinite(ms)) return ms;
  }
  return undefined;
}
