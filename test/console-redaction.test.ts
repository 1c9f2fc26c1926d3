/**
 * Issue 23: no secret and no card data reaches the console, whatever is sent.
 * The seeded hostile-request suite, plus requests that put secrets and cards
 * everywhere a request can carry them, then everything the page can read
 * (every log entry in full, the state) is searched for them.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { createClock } from '../src/sandbox/clock.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { DECLINING_TEST_CARDS, TEST_CARDS } from '../src/sandbox/test-cards.js';
import { V3_CREDENTIALS, v3Credential } from '../src/sandbox/v3/fixtures.js';
import { SANDBOX_ADMIN_TOKEN } from '../src/sandbox/routes/clock-control.js';
import { signRequest } from '../src/server/signing.js';
import { closeConnections, hostileRequest, seeded, send, type HostileRequest } from './hostile-requests.js';

const REQUESTS = 1_500;
const SEED = 20261123;
const PAN = '4111111111111111';
const CVV = '987';

/** Every value that must never be shown, with what it is, for a failure to name. */
const FORBIDDEN = new Map<string, string>([
  ...V3_CREDENTIALS.map((c): [string, string] => [c.secret, `secret of ${c.clientId}`]),
  ...MERCHANTS.map((m): [string, string] => [m.secretKey, `secret key of ${m.id}`]),
  ...MERCHANTS.map((m): [string, string] => [Buffer.from(`${m.secretKey}:`).toString('base64'), `Basic credential of ${m.id}`]),
  ...[...TEST_CARDS, ...DECLINING_TEST_CARDS].map((c): [string, string] => [c.number, `test card ${c.brand}`]),
  [SANDBOX_ADMIN_TOKEN, 'admin token'],
  ['4111 1111 1111 1111', 'a spaced card number'],
]);

describe('the console under hostile requests: no secret, no card', { timeout: 180_000 }, () => {
  let sandbox: Sandbox;
  const signatures = new Set<string>();

  before(async () => {
    // A log that keeps every request of the run: nothing can hide by being forgotten.
    sandbox = await createSandbox({ clock: createClock({ frozenAt: Date.UTC(2026, 2, 14, 12) }), logCapacity: REQUESTS + 100 });
  });
  after(async () => {
    closeConnections();
    await sandbox.close();
  });

  const sendAll = async (r: HostileRequest) => {
    const signature = Object.entries(r.headers).find(([k]) => k.toLowerCase() === 'x-signature')?.[1];
    if (signature) signatures.add(signature);
    await send(sandbox.url, r);
  };

  it('sends the seeded suite and requests that carry secrets and cards everywhere', async () => {
    const random = seeded(SEED);
    for (let i = 0; i < REQUESTS; i++) await sendAll(await hostileRequest(random, sandbox.clock.now()));

    const account = v3Credential('ACCOUNT');
    const json = (value: unknown) => Buffer.from(JSON.stringify(value));
    const card = { number: PAN, holderName: 'Ana', expirationMonth: '12', expirationYear: '2031', cvv: CVV };
    const targeted: HostileRequest[] = [
      // A card, tokenized (accepted), and a card as a number, a card in a query, a card as a nonce.
      {
        method: 'POST',
        path: '/v1/tokens',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${MERCHANTS[0]!.publicKey}` },
        body: json({ card }),
        chunked: false,
        label: 'card',
      },
      {
        method: 'POST',
        path: '/v1/tokens',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${MERCHANTS[0]!.publicKey}` },
        body: Buffer.from(`{"card":{"number":${PAN},"cvv":${CVV}}}`),
        chunked: false,
        label: 'card as numbers',
      },
      {
        method: 'POST',
        path: `/v1/tokens?number=${PAN}&cvv=${CVV}`,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${PAN}` },
        body: json({}),
        chunked: false,
        label: 'card in the URL',
      },
      // Secrets in the body, in the Authorization of a charge, as a public key, as a client ID.
      {
        method: 'POST',
        path: '/v1/charges',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Basic ${Buffer.from(`${MERCHANTS[0]!.secretKey}:`).toString('base64')}`,
        },
        body: json({ amount: 1, note: account.secret }),
        chunked: false,
        label: 'Basic',
      },
      {
        method: 'POST',
        path: '/v3/transfers/status/check',
        headers: {
          'Content-Type': 'application/json',
          'X-Client-ID': account.secret,
          'X-Timestamp': '1',
          'X-Nonce': PAN,
          'X-Signature': 'a'.repeat(64),
        },
        body: json({ txn_id: PAN }),
        chunked: false,
        label: 'secret as client ID',
      },
    ];
    const path = '/v3/transfers/status/check';
    const body = JSON.stringify({ txn_id: 'x', secret: account.secret, cvv: CVV, pan: PAN });
    // Well signed except for its nonce, which is a card number: the explanation must not show it.
    const headers = await signRequest({
      method: 'POST',
      path,
      body,
      ...account,
      secret: 'sec_test_not_it_0000',
      timestamp: sandbox.clock.now(),
      nonce: PAN,
    });
    targeted.push({ method: 'POST', path, headers, body: Buffer.from(body), chunked: false, label: 'card as nonce' });
    for (const r of targeted) await sendAll(r);
    assert.ok(sandbox.context.log.summaries().length >= REQUESTS, 'every request was logged');
  });

  it('finds none of them in any log entry, in full, nor in the state', async () => {
    const ids = sandbox.context.log.summaries().map((s) => s.id);
    const forbidden = new Map(FORBIDDEN);
    for (const s of signatures) forbidden.set(s, 'a signature that was sent');
    const texts: [string, string][] = [['state', await (await fetch(new URL('/sandbox/state', sandbox.url))).text()]];
    texts.push(['list', await (await fetch(new URL('/sandbox/console/requests', sandbox.url))).text()]);
    for (const id of ids)
      texts.push([`request ${id}`, await (await fetch(new URL(`/sandbox/console/requests/${id}`, sandbox.url))).text()]);
    let withBodies = 0;
    for (const [where, text] of texts) {
      for (const [value, what] of forbidden) assert.ok(!text.includes(value), `${what} in ${where}`);
      assert.doesNotMatch(text, new RegExp(`(?<!\\d)${PAN}(?!\\d)`), `the card number in ${where}`);
      assert.doesNotMatch(text, /cvv\\*"?\s*[:=]\s*\\*"?\d{3,4}/i, `a CVV in ${where}`);
      if (text.includes('"requestBody":"')) withBodies++;
    }
    // The search ran over real content: bodies and refusals were recorded.
    assert.ok(withBodies > REQUESTS / 2, `${withBodies} entries with a body`);
    const entries = texts.filter(([where]) => where.startsWith('request '));
    const tokenized = entries.find(([, t]) => t.includes('"path":"/v1/tokens"') && t.includes('"code":200'));
    assert.ok(tokenized, 'the tokenization was logged');
    assert.match(tokenized[1], /lastFourDigits/);
    const nonce = entries.find(([, t]) => t.includes('"check":"signature_mismatch"') && t.includes('X-Nonce') && t.includes('[redacted]'));
    assert.ok(nonce, 'the card sent as a nonce is redacted in the canonical string');
  });
});

describe('the console: a card number however it is spelt', () => {
  /** Spellings the sandbox's own card validator reads as 4111 1111 1111 1111 (any run of whitespace or dashes), and wider digits. */
  const SPELLINGS = [
    '4111  1111  1111  1111',
    '4111\u00a01111\u00a01111\u00a01111',
    '4111\t1111\t1111\t1111',
    '4111\n1111\n1111\n1111',
    '4111 - 1111 - 1111 - 1111',
    '4111--1111--1111--1111',
    '4111\u30001111\u30001111\u30001111',
    '４１１１ １１１１ １１１１ １１１１',
  ];
  /** The card's digits with anything a page would read as a gap between them: whitespace, dashes, JSON escapes. */
  const ANY_GAP = '(?:\\s|-|\\\\[tnrfbv]|\\\\u[0-9a-fA-F]{4})*';
  const CARD = new RegExp(`(?<!\\d)${PAN.split('').join(ANY_GAP)}(?!\\d)`);

  it('is redacted in every body the log keeps (charges, tokens, v3)', async () => {
    const sandbox = await createSandbox({ clock: createClock({ frozenAt: Date.UTC(2026, 2, 14, 12) }) });
    try {
      const post = (path: string, headers: Record<string, string>, body: string) =>
        fetch(new URL(path, sandbox.url), { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
      const basic = `Basic ${Buffer.from(`${MERCHANTS[0]!.secretKey}:`).toString('base64')}`;
      for (const spelt of SPELLINGS) {
        await post(
          '/v1/charges',
          { Authorization: basic },
          JSON.stringify({
            amount: 100,
            payment_method: 'credit_card',
            customer: { name: spelt },
            payment_details: { token: spelt, installments: 1 },
          }),
        );
        const card = { number: '5555555555554444', holderName: spelt, expirationMonth: '12', expirationYear: '2031', cvv: '123' };
        await post('/v1/tokens', { Authorization: `Bearer ${MERCHANTS[0]!.publicKey}` }, JSON.stringify({ card }));
        const path = '/v3/transfers/pix/bank-account';
        const body = JSON.stringify({ amount: '1.00', memo: spelt });
        await post(
          path,
          await signRequest({ method: 'POST', path, body, ...v3Credential('ACCOUNT'), timestamp: sandbox.clock.now() }),
          body,
        );
        await post('/v3/transfers/status/check', {}, `{"txn_id":"${spelt.replace(/\n/g, '\\n').replace(/\t/g, '\\t')}",}`);
      }
      const ids = sandbox.context.log.summaries().map((s) => s.id);
      assert.equal(ids.length, SPELLINGS.length * 4);
      let bodies = 0;
      for (const id of ids) {
        const text = (await (await fetch(new URL(`/sandbox/console/requests/${id}`, sandbox.url))).text()).normalize('NFKC');
        assert.doesNotMatch(text, CARD, `request ${id}`);
        if (text.includes('"requestBody":"')) bodies++;
      }
      assert.equal(bodies, ids.length, 'every entry kept its body, redacted');
    } finally {
      await sandbox.close();
    }
  });
});
