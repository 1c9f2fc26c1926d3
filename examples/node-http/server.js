// A whole checkout, card and Pix, on Node's own HTTP server: `node server.js`
// beside `npx pay-card-form-sandbox`, then open http://localhost:3000/.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { checkoutHandler, toNodeHandler } from 'pay-card-form/server';

// The local sandbox and its public test keys, unless PAY_BASE_URL names a service:
// then every key must come from the environment (checkoutHandler names a missing one).
const SANDBOX = {
  PAY_BASE_URL: 'http://127.0.0.1:4010',
  PAY_SECRET_KEY: 'sk_test_51LojaExemploSecret0001',
  PAY_CLIENT_ID: 'cli_test_account_0001',
  PAY_SECRET: 'sec_test_account_4a8e6f0b2d9c1735',
  PIX_REFERENCE_SECRET: 'sandbox-only-reference-secret-0123456789',
};
const env = process.env.PAY_BASE_URL ? process.env : SANDBOX;

// Your store (a database in production). Two orders: pay one by card, one by Pix.
const orders = new Map([
  ['pedido-1042', { id: 'pedido-1042', amount: 15990, description: 'Curso de fotografia', paid: false }],
  ['pedido-1043', { id: 'pedido-1043', amount: 4590, description: 'Livro de receitas', paid: false }],
]);

const checkout = checkoutHandler({
  baseUrl: env.PAY_BASE_URL,
  secretKey: env.PAY_SECRET_KEY, // cards
  credential: { clientId: env.PAY_CLIENT_ID, secret: env.PAY_SECRET, kind: 'ACCOUNT' }, // Pix
  referenceSecret: env.PIX_REFERENCE_SECRET, // signs the Pix status references: 32+ random characters of your own
  // The same policy as the page's `installments`: the handler recomputes the plan, never trusting the page.
  installments: { maxInstallments: 12, interestFree: 3, monthlyRate: '1.99', minInstallment: 500 },
  order: (id) => orders.get(id), // what the order costs is your store's word, not the page's
  onPaid({ orderId, method }) {
    // Idempotent: a Pix payment may be reported more than once.
    orders.get(orderId).paid = true;
    console.log(`${orderId} paid by ${method}`);
  },
});

// The page, and the package's script-tag build of <pay-checkout> with its chunks, as /assets/.
const dist = new URL('dist/', import.meta.resolve('pay-card-form/package.json'));
const api = toNodeHandler(checkout);
const server = createServer(async (req, res) => {
  const { pathname } = new URL(req.url, 'http://localhost');
  if (pathname.startsWith('/api/checkout/')) return api(req, res);
  const file =
    pathname === '/'
      ? new URL('index.html', import.meta.url)
      : /^\/assets\/(pay-checkout\.js|checkout-chunks\/[\w-][\w.-]*\.js)$/.test(pathname) && new URL(pathname.slice(8), dist);
  if (!file) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': pathname === '/' ? 'text/html; charset=utf-8' : 'text/javascript' });
  res.end(await readFile(file));
});
server.listen(Number(process.env.PORT ?? 3000), () => console.log(`Checkout on http://localhost:${server.address().port}/`));
