/**
 * A shop on Cloudflare Workers, for test/checkout-workerd.test.ts: the page
 * and the built `<pay-checkout>` are the Worker's static assets, and what
 * they do not match (`/api/checkout/*`) reaches this module, which mounts
 * `checkoutHandler` with its orders in D1 (the schema of the Worker example).
 * No `nodejs_compat`. The bindings are the example's.
 */
import { checkoutHandler, type CheckoutOrder } from '../../src/server/index.js';
import { PIX_EXPIRES_IN_S, POLICY } from './checkout-shop.js';

/** What this Worker uses of D1, typed here: the Workers types are not a dependency. */
interface D1 {
  prepare(query: string): {
    bind(...values: unknown[]): {
      first<T>(): Promise<T | null>;
      run(): Promise<unknown>;
    };
  };
}

interface Env {
  DB: D1;
  PAY_BASE_URL: string;
  PAY_SECRET_KEY: string;
  PAY_CLIENT_ID: string;
  PAY_SECRET: string;
  PIX_REFERENCE_SECRET: string;
}

/**
 * The sandbox's clock minus this machine's, read before each request: the
 * test moves the sandbox's clock to expire a code, and the handler must date
 * its codes and sign its calls on that clock, as a shop's follows real time.
 */
let clockOffset = 0;
let checkout: ((request: Request) => Promise<Response>) | undefined;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const sql = (query: string, ...values: unknown[]) => env.DB.prepare(query).bind(...values);
    checkout ??= checkoutHandler({
      baseUrl: env.PAY_BASE_URL,
      secretKey: env.PAY_SECRET_KEY,
      credential: { clientId: env.PAY_CLIENT_ID, secret: env.PAY_SECRET, kind: 'ACCOUNT' },
      referenceSecret: env.PIX_REFERENCE_SECRET,
      installments: POLICY,
      pixExpiresIn: PIX_EXPIRES_IN_S,
      async order(id): Promise<CheckoutOrder | null> {
        const row = await sql('SELECT id, amount, description, paid_at IS NOT NULL AS paid FROM orders WHERE id = ?', id).first<{
          id: string;
          amount: number;
          description: string | null;
          paid: number;
        }>();
        return row && { id: row.id, amount: row.amount, description: row.description ?? undefined, paid: row.paid === 1 };
      },
      async onPaid({ orderId, id }) {
        await sql("UPDATE orders SET paid_at = datetime('now'), payment_id = ? WHERE id = ? AND paid_at IS NULL", id, orderId).run();
      },
      now: () => Date.now() + clockOffset,
    });
    const clock = (await (await fetch(`${env.PAY_BASE_URL}/sandbox/clock`)).json()) as { data: { now: number } };
    clockOffset = clock.data.now - Date.now();
    return checkout(request);
  },
};
