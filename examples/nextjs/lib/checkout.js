// The checkout's backend, built once per server instance. Imported by the route handler
// (app/api/checkout/[...route]/route.js); it runs on Next.js's Node and Edge runtimes alike.
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

// Your store. Serverless functions run in many instances that share no memory: in production
// keep orders in a database and pass claim and release, so two instances never charge one order twice.
const orders = new Map([
  ['pedido-1042', { id: 'pedido-1042', amount: 15990, description: 'Curso de fotografia', paid: false }],
  ['pedido-1043', { id: 'pedido-1043', amount: 4590, description: 'Livro de receitas', paid: false }],
]);

export const checkout = checkoutHandler({
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
