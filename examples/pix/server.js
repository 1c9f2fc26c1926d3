// Pix alone: the checkout handler's Pix routes on node:http, and a page with <pay-pix-qr>.
// `node server.js` beside `npx pay-card-form-sandbox`, then open http://localhost:3000/.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { checkoutHandler, toNodeHandler } from 'pay-card-form/server';

// The local sandbox and its public test keys, unless PAY_BASE_URL names a service:
// then every key must come from the environment (checkoutHandler names a missing one).
const SANDBOX = {
  PAY_BASE_URL: 'http://127.0.0.1:4010',
  PAY_CLIENT_ID: 'cli_test_account_0001',
  PAY_SECRET: 'sec_test_account_4a8e6f0b2d9c1735',
  PIX_REFERENCE_SECRET: 'sandbox-only-reference-secret-0123456789',
};
const env = process.env.PAY_BASE_URL ? process.env : SANDBOX;

// Your store (a database in production).
const orders = new Map([['pedido-1043', { id: 'pedido-1043', amount: 4590, description: 'Livro de receitas', paid: false }]]);

// No secret key: the card route answers method_unavailable, and only the Pix routes work:
// POST /api/checkout/pix makes a code for the order's amount, GET /api/checkout/pix/status says when it is paid.
const checkout = checkoutHandler({
  baseUrl: env.PAY_BASE_URL,
  credential: { clientId: env.PAY_CLIENT_ID, secret: env.PAY_SECRET, kind: 'ACCOUNT' },
  // Signs each code's status reference, so the status route needs no store: 32+ random characters of your own.
  referenceSecret: env.PIX_REFERENCE_SECRET,
  order: (id) => orders.get(id),
  onPaid({ orderId, id }) {
    // Called when a status poll first reads the code paid; idempotent, as it may come again.
    orders.get(orderId).paid = true;
    console.log(`${orderId} paid by pix (${id})`);
  },
});

// The page, and the package's script-tag build of <pay-pix-qr> with its on-demand poll, as /assets/.
const dist = new URL('dist/', import.meta.resolve('pay-card-form/package.json'));
const api = toNodeHandler(checkout);
const server = createServer(async (req, res) => {
  const { pathname } = new URL(req.url, 'http://localhost');
  if (pathname.startsWith('/api/checkout/')) return api(req, res);
  const file =
    pathname === '/'
      ? new URL('index.html', import.meta.url)
      : /^\/assets\/(pay-pix-qr\.js|pix-chunks\/[\w-][\w.-]*\.js)$/.test(pathname) && new URL(pathname.slice(8), dist);
  if (!file) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': pathname === '/' ? 'text/html; charset=utf-8' : 'text/javascript' });
  res.end(await readFile(file));
});
server.listen(Number(process.env.PORT ?? 3000), () => console.log(`Pix checkout on http://localhost:${server.address().port}/`));
