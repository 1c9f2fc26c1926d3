// The checkout's backend in a Hono app: `node server.js` beside `npx pay-card-form-sandbox`.
// On Bun or Deno, export `app` instead of calling serve(): they take its fetch as it is.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { checkoutHandler } from 'pay-card-form/server';

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
  secretKey: env.PAY_SECRET_KEY,
  credential: { clientId: env.PAY_CLIENT_ID, secret: env.PAY_SECRET, kind: 'ACCOUNT' },
  referenceSecret: env.PIX_REFERENCE_SECRET,
  installments: { maxInstallments: 12, interestFree: 3, monthlyRate: '1.99', minInstallment: 500 },
  order: (id) => orders.get(id),
  onPaid({ orderId, method }) {
    orders.get(orderId).paid = true; // idempotent: a Pix payment may be reported more than once
    console.log(`${orderId} paid by ${method}`);
  },
});

const app = new Hono();
// The handler reads the raw body itself: give it the request before any body middleware.
app.all('/api/checkout/*', (c) => checkout(c.req.raw));

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000) }, ({ port }) =>
  console.log(`Checkout API on http://localhost:${port}/api/checkout`),
);
