/**
 * The checkout's backend (demo/index.html): `checkoutHandler` mounted on the
 * demo server through `toNodeHandler`, as on any `node:http` or Express
 * server, with the sandbox's test credentials and an in-memory order store.
 * The server decides what an order costs: each load of the page opens an
 * order of the demo's price (demo/order.ts) and writes its ID and amount into
 * the page (demo/serve.ts); the handler charges what `order()` says.
 */
import type { Plugin } from 'vite';
import { checkoutHandler, toNodeHandler, type CheckoutOrder } from '../src/server/index.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { v3Credential } from '../src/sandbox/v3/fixtures.js';
import type { DemoSandbox } from './api.js';
import { INSTALLMENT_POLICY, PRICE } from './order.js';

/** Where the page's `endpoint` points. */
export const CHECKOUT_ENDPOINT = '/api/checkout';

export interface CheckoutBackend {
  /** Mounts the handler under {@link CHECKOUT_ENDPOINT}. */
  plugin: Plugin;
  /** A new unpaid order of the demo's price, for one page load. */
  newOrder(): CheckoutOrder;
}

export function checkoutBackend(sandbox: DemoSandbox): CheckoutBackend {
  // Your database, in production.
  const orders = new Map<string, CheckoutOrder>();
  const { clientId, secret } = v3Credential('ACCOUNT');
  const checkout = checkoutHandler({
    baseUrl: sandbox.url,
    secretKey: MERCHANTS[0]!.secretKey, // cards
    credential: { clientId, secret, kind: 'ACCOUNT' }, // Pix
    referenceSecret: 'demo-only-pix-reference-secret-0123456789',
    installments: INSTALLMENT_POLICY, // the page's `installments` too; the handler recomputes the plan from this one
    order: (id) => orders.get(id),
    onPaid: (payment) => {
      // Idempotent: a Pix payment may be reported more than once.
      const order = orders.get(payment.orderId);
      if (order) order.paid = true;
    },
    // Signatures and expiries on the sandbox's clock, which its console can advance.
    now: () => sandbox.clock.now(),
  });
  const handle = toNodeHandler(checkout);
  return {
    plugin: {
      name: 'pay-demo-checkout',
      configureServer(server) {
        server.middlewares.use((req, res, next) => {
          if (!(req.url ?? '').startsWith(`${CHECKOUT_ENDPOINT}/`)) return next();
          handle(req, res).catch(next);
        });
      },
    },
    newOrder() {
      const order = { id: `pedido-${1001 + orders.size}`, amount: PRICE, description: 'Demo order', paid: false };
      orders.set(order.id, order);
      return order;
    },
  };
}
