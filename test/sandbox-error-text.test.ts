/**
 * The sandbox's own error text, as a merchant's backend receives it: a
 * refusal explains what was wrong without quoting a secret, a card number or
 * a CVV the request carried (docs/reliability.md "Hostile input"). The
 * console's log is searched by console-redaction.test.ts; this reads the
 * answers themselves, over HTTP.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { createClock } from '../src/sandbox/clock.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { v3Credential } from '../src/sandbox/v3/fixtures.js';
import { signRequest } from '../src/server/signing.js';
import { merchantOrderId } from '../src/server/order-id.js';

const PAN = '4111111111111111';

describe('sandbox error text never quotes a secret or a card', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await createSandbox({ clock: createClock({ frozenAt: Date.UTC(2026, 2, 14, 12) }) });
  });
  after(() => sandbox.close());

  const signed = async (path: string, body: string) => {
    const headers = await signRequest({ method: 'POST', path, body, ...v3Credential('ACCOUNT'), timestamp: sandbox.clock.now() });
    const res = await fetch(new URL(path, sandbox.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    });
    return { status: res.status, text: await res.text() };
  };
  const secret = v3Credential('USER').secret;

  it('a v3 body with keys the operation does not take: refused (4002) without quoting them', async () => {
    const bodies: [string, Record<string, unknown>][] = [
      ['/v3/transfers/status/check', { txn_id: 'txn_x', [PAN]: 1, [secret]: 2 }],
      [
        '/v3/refunds/pix',
        { original_settlement_id: 'stl_x', merchant_order_id: merchantOrderId(sandbox.clock.now()), amount: '1.00', [`pan ${PAN}`]: 1 },
      ],
    ];
    for (const [path, body] of bodies) {
      const { status, text } = await signed(path, JSON.stringify(body));
      assert.equal(status, 200, path);
      const envelope = JSON.parse(text) as { code: unknown; message: string };
      assert.equal(envelope.code, 4002, path);
      assert.match(envelope.message, /Unrecognized key/, `${path}: still says what is wrong`);
      assert.ok(!text.includes(PAN), `${path}: the card number in ${text}`);
      assert.ok(!text.includes(secret), `${path}: the secret in ${text}`);
    }
  });

  it('a charge with keys it does not take: refused (422) without quoting them', async () => {
    const authorization = `Basic ${Buffer.from(`${MERCHANTS[0]!.secretKey}:`).toString('base64')}`;
    const charge = (extra: Record<string, unknown>, customer: Record<string, unknown> = {}) =>
      JSON.stringify({
        amount: 100,
        payment_method: 'credit_card',
        customer,
        payment_details: { token: 'tok_x', installments: 1 },
        ...extra,
      });
    for (const body of [charge({ [PAN]: 1 }), charge({}, { [`${PAN} cvv`]: 1 }), charge({ [secret]: 1 })]) {
      const res = await fetch(new URL('/v1/charges', sandbox.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: authorization },
        body,
      });
      const text = await res.text();
      assert.equal(res.status, 422);
      assert.match(text, /Unrecognized key/);
      assert.ok(!text.includes(PAN), `the card number in ${text}`);
      assert.ok(!text.includes(secret), `the secret in ${text}`);
    }
  });
});
