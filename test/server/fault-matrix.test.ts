import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startRawServer } from './raw-servers.js';
import { createClient } from '../../src/server/client.js';
import { HttpStatusError } from '../../src/server/errors.js';
import { merchantOrderId } from '../../src/server/order-id.js';

/**
 * The fault matrix of docs/reliability.md, over real HTTP: an upstream that
 * fails the first attempts with a given status, then answers success. Reads
 * are retried on 502, 503 and 504 (bounded, with backoff); creates never are;
 * other statuses are not retried.
 */
describe('fault matrix: which failures a call retries', () => {
  let failures = 0;
  let failWith = 503;
  let attempts = 0;
  let upstream: Awaited<ReturnType<typeof startRawServer>>;
  before(async () => {
    upstream = await startRawServer((req, res) => {
      req.resume();
      req.on('end', () => {
        attempts++;
        if (attempts <= failures) {
          res.writeHead(failWith, { 'Content-Type': 'text/plain' }).end('upstream unavailable');
          return;
        }
        const data = req.url?.includes('status') ? { txn_status: 2 } : { merchant_order_id: 'x', txn_id: 't', txn_status: 1 };
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ code: 200, message: 'success', data, time: Date.now() }));
      });
    });
  });
  after(() => upstream.close());

  const client = (maxReadRetries: number) =>
    createClient({
      baseUrl: upstream.url,
      credential: { clientId: 'cli_test_account_0001', secret: 'sec_test_fault_0001', kind: 'ACCOUNT' },
      maxReadRetries,
      retryBaseDelayMs: 1,
    });
  const reset = (status: number, count: number) => {
    failWith = status;
    failures = count;
    attempts = 0;
  };

  for (const status of [502, 503, 504]) {
    it(`HTTP ${status}: a read is retried until it succeeds, within maxReadRetries`, async () => {
      reset(status, 2);
      assert.deepEqual(await client(2).transfers.statusCheck({ txn_id: 't' }), { txn_status: 2 });
      assert.equal(attempts, 3);
    });

    it(`HTTP ${status}: a read gives up after maxReadRetries with HttpStatusError`, async () => {
      reset(status, 10);
      const error = await client(2)
        .transfers.statusCheck({ txn_id: 't' })
        .catch((e: unknown) => e);
      assert.ok(error instanceof HttpStatusError && error.status === status);
      assert.equal(attempts, 3);
    });

    it(`HTTP ${status}: a create is sent once`, async () => {
      reset(status, 1);
      const error = await client(5)
        .transfers.qrCodeConfirm({ ref_id: 'r', merchant_order_id: merchantOrderId(), amount: '1.00' })
        .catch((e: unknown) => e);
      assert.ok(error instanceof HttpStatusError && error.status === status);
      assert.equal(attempts, 1);
    });
  }

  for (const status of [400, 429, 500, 501]) {
    it(`HTTP ${status}: not retried, even for a read`, async () => {
      reset(status, 1);
      const error = await client(5)
        .transfers.statusCheck({ txn_id: 't' })
        .catch((e: unknown) => e);
      assert.ok(error instanceof HttpStatusError && error.status === status);
      assert.equal(attempts, 1);
    });
  }
});
