/**
 * The PIX page's backend routes (demo/pix.html), served by `demoApi`
 * (demo/api.ts).
 *
 * Two sandbox accounts take part: Loja Exemplo (the ACCOUNT credential)
 * generates the QR code and later refunds the payment; Loja Exemplo Filial
 * (the USER credential selecting it) pays it.
 */
import { createClient, isFinalTxnStatus, merchantOrderId, TxnStatus, type PayClient } from '../src/server/index.js';
import { V3_ACCOUNTS, v3Credential } from '../src/sandbox/v3/fixtures.js';
import { DemoInputError, text, type DemoSandbox, type Handler } from './api.js';

/** The PIX routes, by name. */
export function pixRoutes(sandbox: DemoSandbox): Record<string, Handler> {
  const now = () => sandbox.clock.now();
  const credential = (kind: 'ACCOUNT' | 'USER') => {
    const { clientId, secret } = v3Credential(kind);
    return { clientId, secret, kind };
  };
  // Signatures follow the sandbox clock, so "advance clock" does not break them.
  const payee: PayClient = createClient({ baseUrl: sandbox.url, credential: credential('ACCOUNT'), now });
  const filial = V3_ACCOUNTS[1]!;
  const payer: PayClient = createClient({
    baseUrl: sandbox.url,
    credential: credential('USER'),
    target: { ispb: filial.ispb, accountNumber: filial.accountNumber },
    now,
  });

  return {
    async qr(body) {
      const qr = await payee.qrCodes.generateDynamic({ amount: text(body, 'amount'), description: 'Demo PIX' });
      // `now` lets the page count down on the sandbox's clock, which the demo can advance.
      return { ...pick(qr, ['qr_code_id', 'qr_code_payload', 'amount', 'expires_at', 'status']), now: now() };
    },
    async 'qr-status'(body) {
      return pick(await payee.qrCodes.details({ qr_code_id: text(body, 'qr_code_id') }), ['status']);
    },
    async initiate(body) {
      const quote = await payer.transfers.qrCodeInitiate({ qr_code_payload: text(body, 'payload') });
      return pick(quote, ['ref_id', 'amount', 'pix_key', 'payee', 'settlement_id', 'expires']);
    },
    async confirm(body) {
      const orderId = merchantOrderId(now());
      const result = await payer.transfers.qrCodeConfirm({
        ref_id: text(body, 'ref_id'),
        merchant_order_id: orderId,
        amount: text(body, 'amount'),
      });
      return pick(result, ['txn_id', 'txn_status', 'merchant_order_id']);
    },
    async status(body) {
      return pick(await payer.transfers.statusCheck({ txn_id: text(body, 'txn_id') }), ['txn_status']);
    },
    async refund(body) {
      const refund = await payee.refunds.create({
        original_settlement_id: text(body, 'settlement_id'),
        merchant_order_id: merchantOrderId(now()),
        amount: text(body, 'amount'),
        reason: 'Demo refund',
      });
      return pick(refund, ['refund_id', 'txn_status', 'amount', 'merchant_order_id']);
    },
    async 'refund-status'(body) {
      return pick(await payee.refunds.statusCheck({ refund_id: text(body, 'refund_id') }), ['txn_status']);
    },
    async advance(body) {
      const ms = body.ms;
      if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0 || ms > 3_600_000)
        throw new DemoInputError('ms must be 0 to 3600000');
      sandbox.clock.advance(ms);
      return { now: sandbox.clock.now() };
    },
  };
}

/** Only named fields go back to the page. */
function pick(source: Record<string, unknown> | null, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (source && f in source) out[f] = source[f];
  return withStatusName(out);
}

const STATUS_NAMES = new Map<number, string>(Object.entries(TxnStatus).map(([name, code]) => [code, name]));

/** The page shows status names and stops polling on final states; it learns both here, from the server helper's enum. */
function withStatusName(data: Record<string, unknown>): Record<string, unknown> {
  const status = data.txn_status;
  if (typeof status !== 'number') return data;
  return { ...data, status_name: STATUS_NAMES.get(status) ?? 'UNKNOWN', final: isFinalTxnStatus(status) };
}
