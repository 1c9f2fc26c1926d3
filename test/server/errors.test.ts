import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../../src/sandbox/sandbox.js';
import { clientFor, frozenSandbox } from '../../src/sandbox/v3/test-helpers.js';
import { resettingUrl, startRawServer, startResettingServer } from './raw-servers.js';
import { V3_ACCOUNTS } from '../../src/sandbox/v3/fixtures.js';
import { createClient } from '../../src/server/client.js';
import {
  BusinessError,
  HttpStatusError,
  MalformedResponseError,
  PermissionDeniedError,
  RequestAbortedError,
  SignatureRejectedError,
} from '../../src/server/errors.js';
import { NetworkError, PayCardError, TimeoutError } from '../../src/shared/errors.js';
import { merchantOrderId } from '../../src/server/order-id.js';

/** The error-mapping table of docs/server.md, row by row, against real servers on loopback. */
describe('error mapping', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await createSandbox();
  });
  after(() => sandbox.close());

  /** A server answering every request with a fixed status and body. */
  async function answering(status: number, body: string, contentType = 'application/json') {
    return startRawServer((_req, res) => {
      res.writeHead(status, { 'content-type': contentType });
      res.end(body);
    });
  }

  it('transport failure (connection reset) → NetworkError with the system code', async () => {
    const client = clientFor('ACCOUNT', await resettingUrl(), { maxReadRetries: 0 });
    const error = await client.transfers.statusCheck({ txn_id: 't' }).catch((e: unknown) => e);
    assert.ok(error instanceof NetworkError);
    assert.ok(error instanceof PayCardError);
    assert.equal(error.operation, 'transfers.statusCheck');
    assert.match(error.message, /ECONNRESET/);
    assert.deepEqual(error.cause, { name: 'TypeError', code: 'ECONNRESET' });
  });

  it('a transport failure: a read is resent maxReadRetries times, a create exactly once', async () => {
    // Every attempt reaches the server and fails there, so the count does not depend on timing.
    const resetting = await startResettingServer();
    try {
      const client = clientFor('ACCOUNT', resetting.url, { maxReadRetries: 3, retryBaseDelayMs: 1 });
      await assert.rejects(client.transfers.statusCheck({ txn_id: 't' }), NetworkError);
      assert.equal(resetting.requests(), 1 + 3);
      await assert.rejects(
        client.refunds.create({ original_settlement_id: 's', merchant_order_id: merchantOrderId(), amount: '1.00' }),
        NetworkError,
      );
      assert.equal(resetting.requests(), 1 + 3 + 1);
    } finally {
      await resetting.close();
    }
  });

  it('no answer within timeoutMs → TimeoutError; a create is not resent, a read is', async () => {
    // The server never answers, so every attempt times out however slow the machine is.
    // Attempts are counted where the client makes them: a request aborted by its
    // timeout may not have reached the server yet.
    const silent = await startRawServer(() => {});
    let attempts = 0;
    const counting: typeof fetch = (input, init) => {
      attempts++;
      return fetch(input, init);
    };
    try {
      const client = clientFor('ACCOUNT', silent.url, { timeoutMs: 100, maxReadRetries: 3, retryBaseDelayMs: 1, fetch: counting });
      const error = await client.refunds
        .create({ original_settlement_id: 's', merchant_order_id: merchantOrderId(), amount: '1.00' })
        .catch((e: unknown) => e);
      assert.ok(error instanceof TimeoutError);
      // One family: a timeout is a NetworkError, the very class tokenize throws.
      assert.ok(error instanceof NetworkError);
      assert.equal(error.name, 'TimeoutError');
      assert.equal(error.operation, 'refunds.create');
      assert.equal(error.timeoutMs, 100);
      assert.match(error.message, /read the status first/);
      assert.equal(attempts, 1);
      // A read times out per attempt and is retried.
      const read = await client.transfers.statusCheck({ txn_id: 't' }, { timeoutMs: 50 }).catch((e: unknown) => e);
      assert.ok(read instanceof TimeoutError);
      assert.equal(read.timeoutMs, 50);
      assert.equal(attempts, 1 + 4);
    } finally {
      await silent.close();
    }
  });

  it('the caller aborts → RequestAbortedError, with the signal reason as cause', async () => {
    const silent = await startRawServer(() => {});
    try {
      const client = clientFor('ACCOUNT', silent.url);
      const controller = new AbortController();
      const pending = client.transfers.details({}, { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('user left')), 50);
      const error = await pending.catch((e: unknown) => e);
      assert.ok(error instanceof RequestAbortedError);
      assert.equal((error.cause as Error).message, 'user left');
      // Named by role: never mistaken for the platform's DOMException named AbortError.
      assert.equal(error.name, 'RequestAbortedError');
      assert.ok(PayCardError.isPayCardError(error));
      assert.match(error.message, /^transfers\.details \(POST [^)]*\) was aborted$/);
      await assert.rejects(client.transfers.details({}, { signal: AbortSignal.abort() }), RequestAbortedError);
    } finally {
      await silent.close();
    }
  });

  it('non-200 HTTP → HttpStatusError with status (envelope code when present)', async () => {
    const bad = await answering(502, '<html>Bad gateway</html>', 'text/html');
    try {
      const error = await clientFor('ACCOUNT', bad.url)
        .transfers.details({})
        .catch((e: unknown) => e);
      assert.ok(error instanceof HttpStatusError);
      assert.equal(error.status, 502);
      assert.equal(error.code, undefined);
    } finally {
      await bad.close();
    }
    const notFound = await clientFor('ACCOUNT', `${sandbox.url}/nowhere`)
      .transfers.details({})
      .catch((e: unknown) => e);
    assert.ok(notFound instanceof HttpStatusError);
    assert.equal(notFound.status, 404);
    assert.equal(notFound.code, 404);
  });

  it('HTTP 401 → SignatureRejectedError with the reason', async () => {
    const { clientId } = clientFor('ACCOUNT', sandbox.url);
    const wrong = createClient({ baseUrl: sandbox.url, credential: { clientId, secret: 'not-the-secret', kind: 'ACCOUNT' } });
    const error = await wrong.transfers.details({}).catch((e: unknown) => e);
    assert.ok(error instanceof SignatureRejectedError);
    assert.ok(error instanceof HttpStatusError);
    assert.equal(error.status, 401);
    assert.equal(error.reason, 'signature_mismatch');
  });

  it('HTTP 401 with a skewed clock → hint, and clockSkewMs measured', async () => {
    // Both clocks are fixed, so the measured skew is exact however long the request takes.
    const { sandbox: frozen } = await frozenSandbox();
    try {
      const at = frozen.clock.now();
      const slow = clientFor('ACCOUNT', frozen.url, { now: () => at - 10 * 60_000 });
      const error = await slow.transfers.details({}).catch((e: unknown) => e);
      assert.ok(error instanceof SignatureRejectedError);
      assert.equal(error.reason, 'timestamp_out_of_window');
      assert.equal(error.clockSkewMs, 10 * 60_000);
      assert.match(error.message, /clock differs from the server's by about 600 s/);
      assert.equal(slow.clockSkewMs, error.clockSkewMs);
    } finally {
      await frozen.close();
    }
  });

  it('HTTP 403 → PermissionDeniedError', async () => {
    // The ACCOUNT credential is bound to the first account; naming the second is refused server-side.
    const other = { ispb: V3_ACCOUNTS[1]!.ispb, accountNumber: V3_ACCOUNTS[1]!.accountNumber };
    const error = await clientFor('ACCOUNT', sandbox.url, { target: other })
      .transfers.details({})
      .catch((e: unknown) => e);
    assert.ok(error instanceof PermissionDeniedError);
    assert.equal(error.status, 403);
    assert.equal(error.reason, 'target_mismatch');
  });

  const malformed: [string, string][] = [
    ['not JSON', 'Service Unavailable'],
    ['JSON but not an object', '[1,2]'],
    ['missing time', '{"code":200,"message":"success","data":{}}'],
    ['missing data', '{"code":200,"message":"success","time":1}'],
    ['code of the wrong type', '{"code":true,"message":"success","data":{},"time":1}'],
    ['time not an integer', '{"code":200,"message":"success","data":{},"time":"now"}'],
    ['data of the wrong type', '{"code":200,"message":"success","data":"ok","time":1}'],
    ['data without the documented field', '{"code":200,"message":"success","data":{"status":2},"time":1}'],
  ];
  for (const [name, body] of malformed) {
    it(`HTTP 200 with ${name} → MalformedResponseError`, async () => {
      const server = await answering(200, body);
      try {
        const error = await clientFor('ACCOUNT', server.url)
          .transfers.statusCheck({ txn_id: 't' })
          .catch((e: unknown) => e);
        assert.ok(error instanceof MalformedResponseError, String(error));
        assert.equal(error.status, 200);
        assert.equal(error.operation, 'transfers.statusCheck');
      } finally {
        await server.close();
      }
    });
  }

  it('HTTP 200 with code ≠ 200 → BusinessError (code, message, operation); message never decides', async () => {
    const server = await answering(200, '{"code":4003008,"message":"sem contexto de conta","data":null,"time":1}');
    try {
      const error = await clientFor('ACCOUNT', server.url)
        .transfers.statusCheck({ txn_id: 't' })
        .catch((e: unknown) => e);
      assert.ok(error instanceof BusinessError);
      assert.equal(error.code, 4003008);
      assert.equal(error.operation, 'transfers.statusCheck');
      assert.match(error.message, /sem contexto de conta/);
    } finally {
      await server.close();
    }
    // A success-looking message does not make a business error a success.
    const tricky = await answering(200, '{"code":"invalid_user","message":"success","data":null,"time":1}');
    try {
      const error = await clientFor('USER', tricky.url)
        .managedAccounts.list()
        .catch((e: unknown) => e);
      assert.ok(error instanceof BusinessError);
      assert.equal(error.code, 'invalid_user');
    } finally {
      await tricky.close();
    }
  });

  it('PayCardError.isPayCardError works as a cross-realm guard', () => {
    assert.equal(PayCardError.isPayCardError(new BusinessError(1, 'x', {})), true);
    assert.equal(PayCardError.isPayCardError(new Error('x')), false);
    assert.equal(PayCardError.isPayCardError(null), false);
  });
});
