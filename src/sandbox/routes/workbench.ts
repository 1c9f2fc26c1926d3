import type { Context, Hono } from 'hono';
import { ConsolePath, FinishRefundAction, PayQrAction, type StateSnapshot } from '../../console/api.js';
import { createClient } from '../../server/client.js';
import { BusinessError } from '../../server/errors.js';
import { PayCardError } from '../../shared/errors.js';
import { centsToAmount, isValidAmount } from '../../server/amount.js';
import { TxnStatus } from '../../server/enums.js';
import { merchantOrderId } from '../../server/order-id.js';
import { check } from '../../server/schemas/check.js';
import type { SandboxContext } from '../context.js';
import { reply } from '../reply.js';
import { TokenVault } from '../token-vault.js';
import { V3_ACCOUNTS, V3_CREDENTIALS } from '../v3/fixtures.js';
import { createV3State, v3State } from '../v3/state.js';
import { describeQrCode } from '../v3/handlers/qr-codes.js';
import { qrCodeOwnAmount } from '../v3/handlers/transfers.js';
import { adminBody } from './clock-control.js';

/** `TxnStatus` by number, for reading a status in a table. */
const STATUS_NAMES = new Map<number, string>(Object.entries(TxnStatus).map(([name, value]) => [value, name]));
const statusName = (status: number) => `${status} ${STATUS_NAMES.get(status) ?? '?'}`;

/** Rows the state shows per table at most, newest first: the stores hold thousands, a page needs the recent ones. */
export const STATE_ROWS = 200;

/**
 * The sandbox's state, seen and moved (docs/sandbox.md "The console"). Sandbox
 * only, like the clock routes: the real service has none of this.
 *
 * - `GET /sandbox/state` → {@link StateSnapshot}, open like `GET /sandbox/clock`;
 * - `POST /sandbox/actions/pay-qr` `{ qr_code_payload, payer_account_id, amount? }`:
 *   QR initiate then confirm, signed as the sandbox user who may select the payer
 *   account, through the sandbox's own v3 routes, so the effect is exactly theirs
 *   (and both calls show in the console's log);
 * - `POST /sandbox/actions/finish-refund` `{ refund_id, outcome: "COMPLETED" | "FAILED" }`:
 *   a refund still in flight takes its final step now, with the same effect as
 *   the scheduled one (a completed refund pays out, a failed one gives back what it held);
 * - `POST /sandbox/actions/reset`: every store back to the fixtures, tokens
 *   and charges forgotten, the log emptied; the clock and the nonces seen stay
 *   (the clock never goes back, and a nonce stays spent).
 *
 * The actions need the admin token and JSON, as the clock's moves do, and
 * never answer CORS, so another site's page cannot call them. Each body is
 * checked with its declaration in the console's `api.ts` before anything moves.
 */
export function registerWorkbenchRoutes(app: Hono, ctx: SandboxContext): void {
  const state = () => v3State(ctx);
  const invalid = (c: Context, text: string) => reply(c, ctx.clock.now(), 4002, null, text, 400);

  app.get(ConsolePath.STATE, (c) => {
    const now = ctx.clock.now();
    return c.json(snapshot(ctx, now), 200, { 'cache-control': 'no-store' });
  });

  app.post(ConsolePath.PAY_QR, async (c) => {
    const body = await adminBody(c, ctx.clock.now(), 'A console action');
    if (body instanceof Response) return body;
    const parsed = check(PayQrAction, body);
    if (!parsed.success) return invalid(c, 'Send { "qr_code_payload", "payer_account_id", "amount"? }.');
    const payer = V3_ACCOUNTS.find((a) => a.id === parsed.data.payer_account_id);
    // The fixture user who may select every sandbox account signs for the payer.
    const user = V3_CREDENTIALS.find((cred) => cred.kind === 'USER' && payer && cred.accountIds?.includes(payer.id));
    if (!payer || !user) return invalid(c, `payer_account_id must be one of ${V3_ACCOUNTS.map((a) => a.id).join(', ')}.`);
    // Checked before initiate, which leaves a reference behind: a payment this action could not confirm never starts.
    const own = qrCodeOwnAmount(state(), parsed.data.qr_code_payload);
    if (own && own.amount === undefined) {
      if (parsed.data.amount === undefined) return invalid(c, 'This QR code has no amount of its own: send "amount".');
      if (!isValidAmount(parsed.data.amount))
        return invalid(c, '"amount" must be a positive decimal string with at most two places, such as "10.50".');
    }
    const pay = createClient({
      baseUrl: 'http://127.0.0.1',
      credential: { clientId: user.clientId, secret: user.secret, kind: user.kind },
      target: { ispb: payer.ispb, accountNumber: payer.accountNumber },
      now: () => ctx.clock.now(),
      // In process: the very routes a merchant's backend calls, with no second network hop.
      fetch: (input, init) => Promise.resolve(app.fetch(new Request(input, init))),
      maxReadRetries: 0,
    });
    try {
      const started = await pay.transfers.qrCodeInitiate({ qr_code_payload: parsed.data.qr_code_payload });
      const amount = started.amount ?? parsed.data.amount;
      if (amount === undefined) return invalid(c, 'This QR code has no amount of its own: send "amount".');
      const confirmed = await pay.transfers.qrCodeConfirm({
        ref_id: started.ref_id,
        merchant_order_id: merchantOrderId(ctx.clock.now()),
        amount,
      });
      return reply(c, ctx.clock.now(), 200, { ...confirmed, ref_id: started.ref_id });
    } catch (error) {
      // A refusal of the v3 routes keeps its code; one of the client's own checks is a 4002.
      if (error instanceof BusinessError) return reply(c, ctx.clock.now(), error.code, null, error.message);
      if (error instanceof PayCardError) return invalid(c, error.message);
      throw error;
    }
  });

  app.post(ConsolePath.FINISH_REFUND, async (c) => {
    const body = await adminBody(c, ctx.clock.now(), 'A console action');
    if (body instanceof Response) return body;
    const parsed = check(FinishRefundAction, body);
    if (!parsed.success) return invalid(c, 'Send { "refund_id", "outcome": "COMPLETED" | "FAILED" }.');
    const refund = state().refunds.get(parsed.data.refund_id);
    if (!refund) return reply(c, ctx.clock.now(), 'not_found', null, 'No refund with that ID.');
    if (!refund.finishNow)
      return reply(c, ctx.clock.now(), 'already_final', { txn_status: refund.status }, 'This refund has already ended.');
    const now = ctx.clock.now();
    refund.finishNow(parsed.data.outcome === 'FAILED', now);
    return reply(c, now, 200, { refund_id: refund.refundId, txn_status: refund.status });
  });

  app.post(ConsolePath.RESET, async (c) => {
    const body = await adminBody(c, ctx.clock.now(), 'A console action');
    if (body instanceof Response) return body;
    const now = ctx.clock.now();
    const current = state();
    // Nothing scheduled may land on the fresh state: every step still pending is cancelled first.
    for (const record of [...current.transfers.values(), ...current.refunds.values()]) record.cancelSteps?.();
    // In place: the handlers hold this very object. A nonce stays spent across a reset.
    Object.assign(current, createV3State(now), { nonces: current.nonces });
    ctx.tokens = new TokenVault();
    ctx.charges.clear();
    ctx.log.clear();
    return reply(c, now, 200, { now });
  });
}

/** The newest `STATE_ROWS` of a store, newest first. */
function newest<T>(values: Iterable<T>): T[] {
  const all = [...values];
  return all.slice(-STATE_ROWS).reverse();
}

/** What the console shows of the sandbox's state: flat rows, no secret, no card beyond brand and last four. */
export function snapshot(ctx: SandboxContext, now: number): StateSnapshot {
  const v3 = v3State(ctx);
  return {
    now,
    accounts: V3_ACCOUNTS.map((a) => ({
      id: a.id,
      name: a.name,
      ispb: a.ispb,
      account_number: a.accountNumber,
      balance: centsToAmount(v3.ledger.balance(a.id)),
    })),
    qrCodes: newest(v3.qrCodes.values()).map((q) => {
      const shown = describeQrCode(v3, q, now);
      return {
        qr_code_id: shown.qr_code_id,
        account: q.accountId,
        type: q.type,
        status: shown.status,
        pix_key: shown.pix_key,
        amount: shown.amount,
        expires_at: shown.expires_at,
        qr_code_payload: shown.qr_code_payload,
      };
    }),
    transfers: newest(v3.transfers.values()).map((t) => ({
      txn_id: t.txnId,
      account: t.accountId,
      kind: t.kind,
      amount: t.amount,
      txn_status: statusName(t.status),
      merchant_order_id: t.merchantOrderId,
      settlement_id: t.settlementId,
      created_at: t.createdAt,
      updated_at: t.updatedAt,
    })),
    refunds: newest(v3.refunds.values()).map((r) => ({
      refund_id: r.refundId,
      account: r.accountId,
      original_settlement_id: r.originalSettlementId,
      amount: r.amount,
      txn_status: statusName(r.status),
      in_flight: r.finishNow !== undefined,
      created_at: r.createdAt,
      updated_at: r.updatedAt,
    })),
    medCases: newest(v3.medCases.values()).map((m) => ({
      id: m.record.id,
      account: m.accountId,
      status: typeof m.record.status === 'string' ? m.record.status : null,
      outcome: typeof m.record.outcome === 'string' ? m.record.outcome : null,
      created_at: typeof m.record.created_at === 'number' ? m.record.created_at : null,
    })),
    tokens: newest(ctx.tokens.list()).map((t) => ({
      merchant: t.merchantId,
      brand: t.brand,
      last_four: t.lastFour,
      created_at: t.createdAt,
    })),
    charges: newest(ctx.charges.values()).map((ch) => ({
      id: ch.id,
      merchant: ch.merchantId,
      amount_centavos: ch.amount,
      installments: ch.installments,
      status: ch.status,
      card: `${ch.brand} •••• ${ch.lastFour}`,
      created_at: ch.createdAt,
    })),
  };
}
