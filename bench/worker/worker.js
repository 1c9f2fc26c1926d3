// What a merchant's Cloudflare Worker imports to sign one v3 call, tokenize
// and create a charge: the package as installed, through its exports map.
import { createClient, createCharge } from 'pay-card-form/server';
import { tokenize } from 'pay-card-form/core';

export default {
  async fetch(request, env) {
    const { card, txnId } = await request.json();
    const client = createClient({
      baseUrl: env.PAY_BASE_URL,
      credential: { clientId: env.PAY_CLIENT_ID, secret: env.PAY_SECRET, kind: 'ACCOUNT' },
    });
    const status = await client.transfers.statusCheck({ txn_id: txnId });
    const { token } = await tokenize(card, { baseUrl: env.PAY_BASE_URL, publicKey: env.PAY_PUBLIC_KEY });
    const charge = await createCharge(
      { baseUrl: env.PAY_BASE_URL, secretKey: env.PAY_SECRET_KEY },
      { amount: 15990, payment_method: 'credit_card', payment_details: { token, installments: 1 } },
    );
    return Response.json({ status, charge });
  },
};
