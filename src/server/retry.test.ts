import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BusinessError, HttpStatusError, RequestAbortedError } from './errors.js';
import { NetworkError, TimeoutError } from '../shared/errors.js';
import { backoffDelay, shouldRetry, sleep } from './retry.js';

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
    assert.equal(shouldRetry({ read: true, attempt: 0, maxRetries: 2, error: new RequestAbortedError('x') }), false);
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
    assert.ok(outcome instanceof RequestAbortedError, String(outcome));
    assert.equal(outcome.operation, 'transfers.details');
    assert.equal((outcome.cause as Error).message, 'user left');
    // Already aborted: rejects without starting a timer.
    await assert.rejects(sleep(10_000, AbortSignal.abort()), RequestAbortedError);
  });
});
