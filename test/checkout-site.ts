/**
 * A merchant's side of `<pay-checkout>` for its browser tests: each site is
 * a sandbox of its own (so one test's clock moves touch no other test) and
 * `checkoutHandler` behind `node:http` through `toNodeHandler`, with an
 * in-memory order store, over real HTTP on loopback. The test page is on
 * another origin than the handler, so the server answers CORS for it (a
 * merchant mounts the handler on the page's own origin and needs none).
 *
 * Driven by web-test-runner's `checkout` command (web-test-runner.config.mjs):
 * `{ action: 'start', secretKey? }` → `{ site, endpoint, baseUrl }` (the
 * handler given that secret key, when a test needs a wrong one), under
 * `/failing/` a server error before any handler, and under `/dropping/` the
 * handler behind a network that drops the site's first card payment (its
 * connection closed before the handler sees it, as a phone losing signal
 * does), and under `/held/` card payments held before the handler until
 * `release`; then, with `site`:
 * `order` `{ amount }` → a new order's ID; `charges` → the sandbox's charges
 * (its state route); `payments` → what `onPaid` heard; `pay-qr` `{ payload }`
 * → the code paid through the sandbox's console action, settled; `expire` →
 * the sandbox's clock past every code's expiry (both answer true);
 * `release` → the held card payments go on to the handler (true).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { v3Credential } from '../src/sandbox/v3/fixtures.js';
import { SANDBOX_ADMIN_TOKEN } from '../src/sandbox/routes/clock-control.js';
import { checkoutHandler, toNodeHandler, type CheckoutOrder, type CheckoutPayment } from '../src/server/index.js';

/** The policy of the example, as the page's `installments` states it too. */
export const POLICY = { maxInstallments: 12, interestFree: 3, monthlyRate: '1.99', minInstallment: 500 } as const;
/** The shortest life the handler gives a code: the test moves the clock past it. */
const PIX_EXPIRES_IN_S = 60;
const ACCOUNT = v3Credential('ACCOUNT');

interface Site {
  sandbox: Sandbox;
  server: Server;
  orders: Map<string, CheckoutOrder>;
  payments: CheckoutPayment[];
  /** Lets the card payments held under `/held/` go on. */
  release: () => void;
}

/** The sites whose first card payment under `/dropping/` has been dropped. */
const dropped = new Set<Server>();

const sites: Site[] = [];

async function start(secretKey = MERCHANTS[0]!.secretKey): Promise<{ site: number; endpoint: string; baseUrl: string; publicKey: string }> {
  const sandbox = await createSandbox();
  const orders = new Map<string, CheckoutOrder>();
  const payments: CheckoutPayment[] = [];
  const handler = toNodeHandler(
    checkoutHandler({
      baseUrl: sandbox.url,
      secretKey,
      credential: { clientId: ACCOUNT.clientId, secret: ACCOUNT.secret, kind: 'ACCOUNT' },
      referenceSecret: 'ref_test_checkout_element_0123456789abcdef',
      installments: POLICY,
      pixExpiresIn: PIX_EXPIRES_IN_S,
      order: (id) => orders.get(id),
      onPaid: (payment) => {
        payments.push(payment);
        orders.get(payment.orderId)!.paid = true;
      },
      // Expiries and signatures on the sandbox's clock, which `expire` moves.
      now: () => sandbox.clock.now(),
      onError: (error, where) => console.error(`checkout site: ${where.route} ${where.step}: ${String(error)}`),
    }),
  );
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      response
        .writeHead(204, {
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'content-type',
          // A browser sends a request again, unseen, when a connection it reused closes with no answer: the
          // payment to drop must come on a connection of its own, or it would be dropped and then sent again.
          ...(request.url?.startsWith('/dropping/') ? { connection: 'close' } : {}),
        })
        .end();
      return;
    }
    // A server that fails before the handler answers, as a Worker whose checkoutHandler() threw does.
    if (request.url?.startsWith('/failing/'))
      return void response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    if (request.url?.startsWith('/dropping/') && request.url.endsWith('/card') && !dropped.has(server)) {
      dropped.add(server);
      return void request.socket.destroy();
    }
    if (request.url?.startsWith('/held/') && request.url.endsWith('/card')) return void released.then(() => handler(request, response));
    void handler(request, response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const site = sites.push({ sandbox, server, orders, payments, release }) - 1;
  return {
    site,
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/checkout`,
    baseUrl: sandbox.url,
    publicKey: MERCHANTS[0]!.publicKey,
  };
}

async function admin(sandbox: Sandbox, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}` },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { code: unknown };
  if (json.code !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
}

/** The `checkout` command's answer to one payload. */
export async function checkoutCommand(payload: {
  action: string;
  site?: number;
  amount?: number;
  payload?: string;
  secretKey?: string;
}): Promise<unknown> {
  if (payload.action === 'start') return start(payload.secretKey);
  const site = sites[payload.site ?? -1];
  if (!site) throw new Error(`checkout: no site ${payload.site}; start one first`);
  switch (payload.action) {
    case 'order': {
      const id = `pedido-${site.orders.size + 1}`;
      site.orders.set(id, { id, amount: payload.amount!, description: 'Curso de fotografia', paid: false });
      return id;
    }
    case 'charges':
      return ((await (await fetch(`${site.sandbox.url}/sandbox/state`)).json()) as { charges: unknown[] }).charges;
    case 'payments':
      return site.payments;
    case 'pay-qr':
      await admin(site.sandbox, '/sandbox/actions/pay-qr', { qr_code_payload: payload.payload, payer_account_id: 'acc_sandbox_filial' });
      // The transfer settles 2 s later on the sandbox's clock: moved there now, so the next poll reads paid.
      await admin(site.sandbox, '/sandbox/clock/advance', { ms: 2_000 });
      // Not null: the test runner takes null for a command no plugin handles.
      return true;
    case 'release':
      site.release();
      return true;
    case 'expire':
      await admin(site.sandbox, '/sandbox/clock/advance', { ms: PIX_EXPIRES_IN_S * 1000 });
      return true;
    default:
      throw new Error(`checkout: unknown action ${payload.action}`);
  }
}

/** Closes every site: web-test-runner's server stop. */
export async function closeCheckoutSites(): Promise<void> {
  for (const { server, sandbox } of sites.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
    await sandbox.close();
  }
}
