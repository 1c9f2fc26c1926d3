import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { createSandbox, type Sandbox } from '../../src/sandbox/sandbox.js';
import { resettingUrl, startRawServer } from './raw-servers.js';
import { MERCHANTS } from '../../src/sandbox/merchants.js';
import { createClient } from '../../src/server/client.js';
import { basicAuthorization, createCharge } from '../../src/server/charges.js';
import { NetworkError } from '../../src/shared/errors.js';

/** No error, toString() or property ever carries the secret, the Basic credential or a signature. */
describe('secrets stay out of errors', () => {
  const SECRET = 'sec_SUPER_SECRET_do_not_leak_7f3a';
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await createSandbox();
  });
  after(() => sandbox.close());

  function assertClean(value: unknown, forbidden: readonly string[]) {
    const views = [
      String(value),
      (value as Error).message ?? '',
      (value as Error).stack ?? '',
      JSON.stringify(value) ?? '',
      inspect(value, { showHidden: true, depth: 10 }),
      JSON.stringify(Object.entries(value as object)),
    ];
    for (const view of views)
      for (const secret of forbidden) assert.equal(view.includes(secret), false, `leaked in: ${view.slice(0, 200)}`);
  }

  it('v3 client errors of every kind, and the client object itself', async () => {
    const signatures: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      signatures.push(new Headers(init?.headers).get('x-signature') ?? '');
      return fetch(input, init);
    };
    const silent = await startRawServer(() => {});
    const closed = await resettingUrl();
    const make = (baseUrl: string, extra = {}) =>
      createClient({
        baseUrl,
        credential: { clientId: 'cli_test_account_0001', secret: SECRET, kind: 'ACCOUNT' },
        fetch: recordingFetch,
        maxReadRetries: 0,
        ...extra,
      });
    try {
      const errors = await Promise.all([
        make(sandbox.url)
          .transfers.details({})
          .catch((e: unknown) => e), // 401 signature
        make(closed)
          .transfers.details({})
          .catch((e: unknown) => e), // network
        make(silent.url, { timeoutMs: 50 })
          .transfers.details({})
          .catch((e: unknown) => e), // timeout
        make(sandbox.url)
          .transfers.qrCodeConfirm({ ref_id: 'r', merchant_order_id: 'bad-order', amount: '1' })
          .catch((e: unknown) => e), // validation
        make(sandbox.url, { credential: { clientId: 'x', secret: SECRET, kind: 'PLATFORM' } })
          .transfers.details({})
          .catch((e: unknown) => e), // policy
      ]);
      assert.equal(errors.length, 5);
      assert.ok(signatures.length >= 3);
      for (const error of errors) {
        assert.ok(error instanceof Error);
        assertClean(error, [SECRET, ...signatures]);
      }
      const client = make(sandbox.url);
      assertClean(client, [SECRET]);
      assert.equal(inspect(client, { showHidden: true, depth: 5 }).includes(SECRET), false);
    } finally {
      await silent.close();
    }
    // Configuration errors say what is wrong without echoing the value.
    try {
      createClient({ baseUrl: 'nope', credential: { clientId: 'c', secret: SECRET, kind: 'USER' } });
      assert.fail('expected a ConfigurationError');
    } catch (error) {
      assertClean(error, [SECRET]);
    }
  });

  /**
   * A fetch whose errors carry the request, as some HTTP clients' errors do
   * (a `config` with the headers, a message that prints them, a cause that
   * holds them): none of it may reach the error the caller sees.
   */
  const leakyFetch: typeof fetch = async (input, init) => {
    const headers = Object.fromEntries(new Headers(init?.headers));
    const error = new Error(`request to ${String(input)} failed; headers: ${JSON.stringify(headers)}`);
    throw Object.assign(error, { code: 'ECONNRESET', config: { headers }, request: { headers }, cause: { code: 'ECONNRESET', headers } });
  };

  /** The views the caller (or a logger) is most likely to print. */
  function assertNotIn(error: NetworkError, forbidden: readonly string[]) {
    const views = {
      message: error.message,
      cause: inspect(error.cause, { showHidden: true, depth: 10 }),
      json: JSON.stringify(error),
      string: String(error),
    };
    for (const [where, view] of Object.entries(views)) {
      for (const secret of forbidden) assert.equal(view.includes(secret), false, `leaked in ${where}: ${view.slice(0, 200)}`);
    }
  }

  it('a custom fetch whose errors carry the headers: the v3 signature and secret stay out', async () => {
    const signatures: string[] = [];
    const recording: typeof fetch = (input, init) => {
      signatures.push(new Headers(init?.headers).get('x-signature') ?? '');
      return leakyFetch(input, init);
    };
    const client = createClient({
      baseUrl: sandbox.url,
      credential: { clientId: 'cli_test_account_0001', secret: SECRET, kind: 'ACCOUNT' },
      fetch: recording,
      maxReadRetries: 0,
    });
    const error = await client.transfers.statusCheck({ txn_id: 't' }).catch((e: unknown) => e);
    assert.ok(error instanceof NetworkError);
    assert.equal(signatures.length, 1);
    assert.match(signatures[0]!, /^[0-9a-f]{64}$/);
    // Only the class name and the system code survive.
    assert.deepEqual(error.cause, { name: 'Error', code: 'ECONNRESET' });
    assert.match(error.message, /ECONNRESET/);
    assertNotIn(error, [SECRET, signatures[0]!, 'cli_test_account_0001', 'x-signature']);
    assertClean(error, [SECRET, signatures[0]!]);
  });

  it('a custom fetch whose errors carry the headers: the charge Basic value stays out', async () => {
    const secretKey = MERCHANTS[0]!.secretKey;
    const authorization = basicAuthorization(secretKey);
    const error = await createCharge(
      { baseUrl: sandbox.url, secretKey, fetch: leakyFetch },
      { amount: 100, payment_method: 'credit_card', payment_details: { token: 't', installments: 1 } },
    ).catch((e: unknown) => e);
    assert.ok(error instanceof NetworkError);
    assert.deepEqual(error.cause, { name: 'Error', code: 'ECONNRESET' });
    assertNotIn(error, [secretKey, authorization.slice('Basic '.length), 'authorization']);
    assertClean(error, [secretKey, authorization.slice('Basic '.length)]);
  });

  it('charge errors never show the secret key or the Basic value', async () => {
    const secretKey = 'sk_test_51NotARealKeyButSecret99';
    const basic = basicAuthorization(secretKey).slice('Basic '.length);
    const errors = await Promise.all([
      createCharge(
        { baseUrl: sandbox.url, secretKey },
        { amount: 100, payment_method: 'credit_card', payment_details: { token: 't', installments: 1 } },
      ).catch((e: unknown) => e),
      createCharge(
        { baseUrl: await resettingUrl(), secretKey },
        { amount: 100, payment_method: 'credit_card', payment_details: { token: 't', installments: 1 } },
      ).catch((e: unknown) => e),
      createCharge({ baseUrl: sandbox.url, secretKey }, { amount: 1.5 } as never).catch((e: unknown) => e),
      createCharge({ baseUrl: sandbox.url, secretKey: `${secretKey}!` }, {} as never).catch((e: unknown) => e),
    ]);
    for (const error of errors) {
      assert.ok(error instanceof Error);
      assertClean(error, [secretKey, basic, MERCHANTS[0]!.secretKey]);
    }
  });
});
