// The checkout's backend as a Cloudflare Worker (no nodejs_compat: the package needs none).
// Orders live in D1: isolates share no memory, and D1's UPDATE reports what it changed,
// which makes `claim` atomic, so two isolates never charge one order twice.
import { checkoutHandler } from 'pay-card-form/server';

let checkout; // built once per isolate, with the first request's bindings

export default {
  fetch(request, env) {
    const sql = (query, ...values) => env.DB.prepare(query).bind(...values);
    checkout ??= checkoutHandler({
      baseUrl: env.PAY_BASE_URL,
      secretKey: env.PAY_SECRET_KEY,
      credential: { clientId: env.PAY_CLIENT_ID, secret: env.PAY_SECRET, kind: 'ACCOUNT' },
      referenceSecret: env.PIX_REFERENCE_SECRET,
      installments: { maxInstallments: 12, interestFree: 3, monthlyRate: '1.99', minInstallment: 500 },
      async order(id) {
        const row = await sql('SELECT id, amount, description, paid_at IS NOT NULL AS paid FROM orders WHERE id = ?', id).first();
        return row && { id: row.id, amount: row.amount, description: row.description ?? undefined, paid: row.paid === 1 };
      },
      async onPaid({ orderId, id }) {
        // Idempotent: a Pix payment may be reported more than once; the first report wins.
        await sql("UPDATE orders SET paid_at = datetime('now'), payment_id = ? WHERE id = ? AND paid_at IS NULL", id, orderId).run();
      },
      async claim(id) {
        const { meta } = await sql(
          "UPDATE orders SET claimed_at = datetime('now') WHERE id = ? AND paid_at IS NULL AND claimed_at IS NULL",
          id,
        ).run();
        return meta.changes === 1;
      },
      async release(id) {
        await sql('UPDATE orders SET claimed_at = NULL WHERE id = ? AND paid_at IS NULL', id).run();
      },
    });
    return checkout(request);
  },
};
