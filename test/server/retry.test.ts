import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../../src/sandbox/sandbox.js';
import { clientFor } from '../../src/sandbox/v3/test-helpers.js';
import { BusinessError } from '../../src/server/errors.js';
import { NetworkError } from '../../src/shared/errors.js';
import { merchantOrderId } from '../../src/server/order-id.js';

describe('retries over HTTP', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await createSandbox();
  });
  after(() => sandbox.close());

  /** A fetch that fails the first `failures` calls like a dropped connection, then uses the real one. */
  function flakyFetch(failures: number) {
    const seen: Headers[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      seen.push(new Headers(init?.headers));
      if (seen.length <= failures) throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      return fetch(input, init);
    };
    return { fetchImpl, seen };
  }

  it('a read is retried with a fresh timestamp and nonce, and the sandbox accepts it', async () => {
    const { fetchImpl, seen } = flakyFetch(2);
    const client = clientFor('ACCOUNT', sandbox.url, { fetch: fetchImpl, retryBaseDelayMs: 5 });
    const data = await client.refunds.details({ refund_id: 'nope' }).catch((e: unknown) => e);
    // The third attempt reached the sandbox (and got a business answer, not a replay rejection).
    assert.ok(data instanceof BusinessError && data.code === 'not_found');
    assert.equal(seen.length, 3);
    assert.equal(new Set(seen.map((h) => h.get('x-nonce'))).size, 3);
    assert.equal(new Set(seen.map((h) => h.get('x-signature'))).size, 3);
  });

  it('a read gives up after maxReadRetries with the transport error', async () => {
    const { fetchImpl, seen } = flakyFetch(10);
    const client = clientFor('ACCOUNT', sandbox.url, { fetch: fetchImpl, retryBaseDelayMs: 1, maxReadRetries: 1 });
    await assert.rejects(client.transfers.statusCheck({ txn_id: 'x' }), NetworkError);
    assert.equal(seen.length, 2);
  });

  it('a create is sent exactly once, even after a transport failure', async () => {
    const { fetchImpl, seen } = flakyFetch(2);
    const client = clientFor('ACCOUNT', sandbox.url, { fetch: fetchImpl, retryBaseDelayMs: 1, maxReadRetries: 5 });
    await assert.rejects(
      client.refunds.create({ original_settlement_id: 'stl_1', merchant_order_id: merchantOrderId(), amount: '1.00' }),
      NetworkError,
    );
    await assert.rejects(
      client.transfers.qrCodeConfirm({ ref_id: 'r', merchant_order_id: merchantOrderId(), amount: '1.00' }),
      NetworkError,
    );
    assert.equal(seen.length, 2);
  });
});
