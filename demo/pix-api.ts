/**
 * The demo's backend for demo/pix.html: a Vite plugin adding `/demo-api/…`
 * routes to the dev server. It plays the merchant's server, calling the
 * sandbox with the server helper and the sandbox fixture credentials. The
 * page only ever sees what these routes answer: never a secret, a signature
 * or a request header.
 *
 * Two sandbox accounts take part: Loja Exemplo (the ACCOUNT credential)
 * generates the QR code and later refunds the payment; Loja Exemplo Filial
 * (the USER credential selecting it) pays it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import {
  BusinessError,
  createClient,
  isFinalTxnStatus,
  merchantOrderId,
  PayCardError,
  TxnStatus,
  type PayClient,
} from '../src/server/index.js';
import type { Clock } from '../src/sandbox/clock.js';
import { V3_ACCOUNTS, v3Credential } from '../src/sandbox/v3/fixtures.js';

/** What the plugin needs of the sandbox started next to the demo. */
export interface DemoSandbox {
  url: string;
  clock: Clock;
}

type Handler = (body: Record<string, unknown>) => Promise<unknown>;

/** Vite plugin: `plugins: [pixDemoApi(sandbox)]`. */
export function pixDemoApi(sandbox: DemoSandbox): Plugin {
  const routes = demoRoutes(sandbox);
  return {
    name: 'pay-demo-pix-api',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]!;
        if (!path.startsWith('/demo-api/')) return next();
        void handle(routes, path.slice('/demo-api/'.length), req, res);
      });
    },
  };
}

/** The routes, by name. Exported for tests that want them without Vite. */
export function demoRoutes(sandbox: DemoSandbox): Record<string, Handler> {
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

class DemoInputError extends Error {}

function text(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string') throw new DemoInputError(`${field} must be a string`);
  return value;
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

async function handle(routes: Record<string, Handler>, name: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const send = (status: number, payload: unknown) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify(payload));
  };
  const route = Object.hasOwn(routes, name) ? routes[name] : undefined;
  if (req.method !== 'POST' || !route) return send(404, { error: 'NotFound', message: `No demo route ${req.method} /demo-api/${name}` });
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 16 * 1024) throw new DemoInputError('body too large');
      chunks.push(chunk as Buffer);
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new DemoInputError('send a JSON object');
    send(200, await route(body as Record<string, unknown>));
  } catch (error) {
    // The helper's errors never hold a secret; still, only name, code and message go out.
    if (error instanceof BusinessError) return send(422, { error: error.name, code: error.code, message: error.message });
    if (PayCardError.isPayCardError(error)) return send(502, { error: error.name, message: error.message });
    if (error instanceof DemoInputError || error instanceof SyntaxError) return send(400, { error: 'BadRequest', message: error.message });
    // Only the error's name reaches the log: the message of an unexpected error is not ours to vouch for.
    console.error(`demo API /demo-api/${name} failed: ${error instanceof Error ? error.name : typeof error}`);
    send(500, { error: 'InternalError', message: 'The demo API failed; see the demo server log.' });
  }
}
