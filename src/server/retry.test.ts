import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../sandbox/sandbox.js';
import { clientFor } from '../sandbox/v3/test-helpers.js';
import { AbortError, BusinessError, HttpStatusError, NetworkError, TimeoutError } from './errors.js';
import { backoffDelay, shouldRetry, sleep } from './retry.js';
import { merchantOrderId } from './order-id.js';

describe('retry policy (pure)', () => {
  const network = new NetworkError('x');
  const timeout = new TimeoutError('x', { timeoutMs: 10 });
  it('retries reads on transport failure and HTTP 502, 503, 504 only, up to the limit', () => {
    assert.equal(shouldRetry({ read: true, attempt: 0, maxRetries: 2, error: network }), true);
    assert.equal(shouldRetry({ read: true, attempt: 1, maxRetries: 2, error: timeout }), true);
    assert.equal(shouldRetry({ read: true, attempt: 2, maxRetries: 2, error: network }), false);
    for (const status of [502, 503, 504]) {
      assert.equal(
        shouldRetry({ read: true, attempt: 0, maxRetries: 2, error: new HttpStatusError('x', { status }) }),
        true,
        String(status),
      );
      assert.equal(
        shouldRetry({ read: true, attempt: 2, maxRetries: 2, error: new HttpStatusError('x', { status }) }),
        false,
        String(status),
      );
    }
    for (const status of [400, 401, 403, 404, 413, 429, 500, 501]) {
      assert.equal(
        shouldRetry({ read: true, attempt: 0, maxRetries: 2, error: new HttpStatusError('x', { status }) }),
        false,
        String(status),
      );
    }
    assert.equal(shouldRetry({ read: true, attempt: 0, maxRetries: 2, error: new BusinessError(500, 'x', {}) }), false);
    assert.equal(shouldRetry({ read: true, attempt: 0, maxRetries: 2, error: new AbortError('x') }), false);
  });

  it('never retries a create, confirm or send', () => {
    assert.equal(shouldRetry({ read: false, attempt: 0, maxRetries: 10, error: network }), false);
    assert.equal(shouldRetry({ read: false, attempt: 0, maxRetries: 10, error: timeout }), false);
    for (const status of [502, 503, 504]) {
      assert.equal(
        shouldRetry({ read: false, attempt: 0, maxRetries: 10, error: new HttpStatusError('x', { status }) }),
        false,
        String(status),
      );
    }
  });

  it('backs off exponentially with equal jitter, capped', () => {
    assert.equal(backoffDelay(0, { baseMs: 200, random: () => 0 }), 100);
    assert.equal(backoffDelay(0, { baseMs: 200, random: () => 0.999999 }), 200);
    assert.equal(backoffDelay(3, { baseMs: 200, random: () => 0 }), 800);
    assert.equal(backoffDelay(20, { baseMs: 200, maxMs: 5000, random: () => 1 }), 5000);
    for (let i = 0; i < 50; i++) {
      const d = backoffDelay(2);
      assert.ok(d >= 400 && d <= 800, String(d));
    }
  });

  it('sleep() stops at once on abort', async () => {
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal, 'transfers.details');
    controller.abort(new Error('user left'));
    // Settled within the same turn of the event loop: before any timer or I/O
    // callback could run, so without waiting for the 10 s timer.
    const outcome = await Promise.race([
      pending.then(
        () => 'resolved',
        (e: unknown) => e,
      ),
      new Promise((resolve) => setImmediate(() => resolve('still waiting'))),
    ]);
    assert.ok(outcome instanceof AbortError, String(outcome));
    assert.equal(outcome.operation, 'transfers.details');
    assert.equal((outcome.cause as Error).message, 'user left');
    // Already aborted: rejects without starting a timer.
    await assert.rejects(sleep(10_000, AbortSignal.abort()), AbortError);
  });
});

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
