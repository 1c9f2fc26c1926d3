import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Sandbox } from '../../src/sandbox/sandbox.js';
import { clientFor, FILIAL_TARGET, frozenSandbox } from '../../src/sandbox/v3/test-helpers.js';
import { startRawServer, startResettingServer } from './raw-servers.js';
import { V3_QR_PAYLOADS } from '../../src/sandbox/v3/fixtures.js';
import type { PayClient } from '../../src/server/client.js';
import type { CredentialKind } from '../../src/server/enums.js';
import { QrCodeStatus, TxnStatus } from '../../src/server/enums.js';
import { BusinessError, MalformedResponseError, RequestAbortedError, WaitTimeoutError } from '../../src/server/errors.js';
import { NetworkError } from '../../src/shared/errors.js';
import { merchantOrderId } from '../../src/server/order-id.js';
import { waitForQrPayment, waitForRefund, waitForTransfer } from '../../src/server/wait.js';

/**
 * Against a frozen sandbox: transfers and refunds move on only when a test
 * moves the sandbox clock, so what each poll sees does not depend on how fast
 * the machine is.
 */
describe('waitForTransfer / waitForRefund against the sandbox', () => {
  let sandbox: Sandbox;
  let clientOf: (kind: CredentialKind) => PayClient;
  before(async () => {
    const frozen = await frozenSandbox(Date.now());
    sandbox = frozen.sandbox;
    clientOf = (kind) => frozen.client(kind);
  });
  after(() => sandbox.close());

  /** A confirmed QR payment, 1 PENDING until the sandbox clock moves. */
  async function pendingTransfer(client: PayClient): Promise<string> {
    const { ref_id } = await client.transfers.qrCodeInitiate({ qr_code_payload: V3_QR_PAYLOADS.activeWithoutAmount });
    const confirm = await client.transfers.qrCodeConfirm({
      ref_id,
      merchant_order_id: merchantOrderId(sandbox.clock.now()),
      amount: '1.00',
    });
    assert.equal(confirm.txn_status, TxnStatus.PENDING); // §1: not settlement
    return confirm.txn_id;
  }

  it('polls a confirmed QR payment until COMPLETED, each poll freshly signed', async () => {
    const client = clientOf('ACCOUNT');
    const txnId = await pendingTransfer(client);
    const seen: number[] = [];
    const final = await waitForTransfer(client, txnId, {
      initialDelayMs: 1,
      // Move the sandbox clock instead of waiting for the background steps (1 s, 2 s).
      onPoll: (status) => {
        seen.push(status);
        sandbox.clock.advance(300);
      },
    });
    assert.equal(final.txn_status, TxnStatus.COMPLETED);
    // Polls at +0, +300 … +900 ms see PENDING, +1200 … +1800 PROCESSING, +2100 COMPLETED:
    // nonces would have been rejected if reused.
    assert.deepEqual(seen, [...Array(4).fill(TxnStatus.PENDING), ...Array(3).fill(TxnStatus.PROCESSING), TxnStatus.COMPLETED]);
  });

  it('polls a refund until COMPLETED', async () => {
    const client = clientOf('USER');
    const refund = await client.refunds.create({
      original_settlement_id: 'stl_sandbox_inbound_fresh',
      merchant_order_id: merchantOrderId(sandbox.clock.now()),
      amount: '3.10',
    });
    assert.equal(refund.txn_status, TxnStatus.PENDING);
    const seen: number[] = [];
    const final = await waitForRefund(
      client,
      { refund_id: refund.refund_id },
      {
        initialDelayMs: 1,
        onPoll: (status) => {
          seen.push(status);
          sandbox.clock.advance(1_000);
        },
      },
    );
    assert.equal(final.txn_status, TxnStatus.COMPLETED);
    assert.equal(final.refund_id, refund.refund_id);
    // §3.1: PENDING, PROCESSING after 2 s, COMPLETED after 5 s.
    assert.deepEqual(seen, [
      TxnStatus.PENDING,
      TxnStatus.PENDING,
      TxnStatus.PROCESSING,
      TxnStatus.PROCESSING,
      TxnStatus.PROCESSING,
      TxnStatus.COMPLETED,
    ]);
  });

  it('a business error ends the wait at once', async () => {
    const client = clientOf('ACCOUNT');
    let polls = 0;
    await assert.rejects(
      waitForTransfer(client, 'txn_unknown', { initialDelayMs: 1, onPoll: () => polls++ }),
      (e: unknown) => e instanceof BusinessError && e.code === 'not_found',
    );
    assert.equal(polls, 0);
  });

  it('an AbortSignal stops the wait', async () => {
    const client = clientOf('ACCOUNT');
    const txnId = await pendingTransfer(client);
    const controller = new AbortController();
    let polls = 0;
    const error = await waitForTransfer(client, txnId, {
      signal: controller.signal,
      initialDelayMs: 1,
      // Abort after the second poll: during the wait before the third.
      onPoll: () => {
        if (++polls === 2) controller.abort(new Error('user left'));
      },
    }).catch((e: unknown) => e);
    assert.ok(error instanceof RequestAbortedError);
    assert.equal((error.cause as Error).message, 'user left');
    assert.equal(polls, 2);
    await assert.rejects(waitForTransfer(client, txnId, { signal: AbortSignal.abort() }), RequestAbortedError);
  });

  it('the deadline: WaitTimeoutError with the last status seen', async () => {
    const client = clientOf('ACCOUNT');
    const txnId = await pendingTransfer(client); // the frozen sandbox clock never moves it on
    // The deadline runs on its own clock, moved 25 s per poll; each poll keeps a
    // generous timeout (at least the 10 s left of the deadline), so a slow poll
    // cannot turn into a timeout and change the result.
    let waitClock = 0;
    let polls = 0;
    const error = await waitForTransfer(client, txnId, {
      deadlineMs: 60_000,
      timeoutMs: 60_000,
      initialDelayMs: 1,
      now: () => waitClock,
      onPoll: () => {
        polls++;
        waitClock += 25_000;
      },
    }).catch((e: unknown) => e);
    assert.ok(error instanceof WaitTimeoutError, String(error));
    assert.equal(error.lastStatus, TxnStatus.PENDING);
    assert.equal(error.cause, undefined); // every poll answered
    assert.match(error.message, /no final status within 60000 ms \(last txn_status 1\)/);
    assert.match(error.message, /may still complete/);
    // Polls at 0, 25 s and 50 s; at 75 s the deadline has passed.
    assert.equal(polls, 3);
  });
});

/**
 * The payee's side of PIX at checkout: Loja (ACCOUNT) generates a dynamic
 * code and waits; Filial (USER selecting it) pays it through QR initiate and
 * confirm. The sandbox is frozen, so only the tests move time.
 */
describe('waitForQrPayment against the sandbox', () => {
  let sandbox: Sandbox;
  let loja: PayClient;
  let filial: PayClient;
  before(async () => {
    const frozen = await frozenSandbox(Date.now());
    sandbox = frozen.sandbox;
    loja = frozen.client('ACCOUNT');
    filial = frozen.client('USER', { target: FILIAL_TARGET });
  });
  after(() => sandbox.close());

  async function dynamicCode(request: { amount?: string; expires_in?: number } = {}): Promise<{ id: string; payload: string }> {
    const qr = await loja.qrCodes.generateDynamic({ amount: '15.00', ...request });
    assert.equal(qr?.status, QrCodeStatus.ACTIVE);
    return { id: qr!.qr_code_id as string, payload: qr!.qr_code_payload as string };
  }

  /** The shopper pays: initiate, then confirm, as their bank app would. */
  async function pay(payload: string): Promise<void> {
    const quote = await filial.transfers.qrCodeInitiate({ qr_code_payload: payload });
    await filial.transfers.qrCodeConfirm({
      ref_id: quote.ref_id,
      merchant_order_id: merchantOrderId(sandbox.clock.now()),
      amount: quote.amount!,
    });
  }

  it('waits while the code is ACTIVE and returns the details once the shopper has paid, each poll freshly signed', async () => {
    const code = await dynamicCode();
    const seen: string[] = [];
    let paying: Promise<void> | undefined;
    const paid = await waitForQrPayment(loja, code.id, {
      initialDelayMs: 1,
      onPoll: (status, attempt) => {
        seen.push(status);
        // The shopper pays after the first poll, while the merchant waits.
        if (attempt === 0) paying = pay(code.payload);
        else sandbox.clock.advance(500);
      },
    });
    await paying;
    assert.equal(paid.status, QrCodeStatus.PAID);
    assert.equal(paid.qr_code_id, code.id);
    assert.equal(paid.amount, '15.00');
    // At least one ACTIVE poll before the payment, PAID only at the end: a reused nonce would have been refused.
    assert.equal(seen[0], QrCodeStatus.ACTIVE);
    assert.ok(seen.length >= 2);
    assert.deepEqual(seen.slice(0, -1), Array(seen.length - 1).fill(QrCodeStatus.ACTIVE));
    assert.equal(seen.at(-1), QrCodeStatus.PAID);
  });

  it('ends with EXPIRED once the code’s time has passed on the sandbox clock', async () => {
    const code = await dynamicCode({ expires_in: 30 });
    const seen: string[] = [];
    const expired = await waitForQrPayment(loja, code.id, {
      initialDelayMs: 1,
      onPoll: (status) => {
        seen.push(status);
        sandbox.clock.advance(10_000);
      },
    });
    assert.equal(expired.status, QrCodeStatus.EXPIRED);
    // Polls at +0, +10 s, +20 s see ACTIVE; at +30 s the code has expired.
    assert.deepEqual(seen, ['ACTIVE', 'ACTIVE', 'ACTIVE', 'EXPIRED']);
  });

  it('the deadline: WaitTimeoutError with the last status string', async () => {
    const code = await dynamicCode();
    let waitClock = 0;
    let polls = 0;
    const error = await waitForQrPayment(loja, code.id, {
      deadlineMs: 60_000,
      timeoutMs: 60_000,
      initialDelayMs: 1,
      now: () => waitClock,
      onPoll: () => {
        polls++;
        waitClock += 25_000;
      },
    }).catch((e: unknown) => e);
    assert.ok(error instanceof WaitTimeoutError, String(error));
    assert.equal(error.lastStatus, QrCodeStatus.ACTIVE);
    assert.equal(error.operation, 'waitForQrPayment');
    assert.equal(error.cause, undefined);
    assert.match(error.message, /no final status within 60000 ms \(last status ACTIVE\)/);
    assert.equal(polls, 3);
  });

  it('transport failures are absorbed until the deadline, then kept as the cause', async () => {
    const resetting = await startResettingServer();
    try {
      const client = clientFor('ACCOUNT', resetting.url, { maxReadRetries: 0 });
      // Each reading of the wait's clock moves it 10 s: the deadline passes after a few failed polls.
      let waitClock = 0;
      const error = await waitForQrPayment(client, 'qr_any', {
        deadlineMs: 25_000,
        initialDelayMs: 1,
        now: () => (waitClock += 5_000),
      }).catch((e: unknown) => e);
      assert.ok(error instanceof WaitTimeoutError, String(error));
      assert.equal(error.lastStatus, undefined);
      assert.ok(error.cause instanceof NetworkError);
      assert.ok(resetting.requests() >= 2, `polled ${resetting.requests()} times`);
    } finally {
      await resetting.close();
    }
  });

  it('a business error (unknown code) ends the wait at once', async () => {
    let polls = 0;
    await assert.rejects(
      waitForQrPayment(loja, 'qr_unknown', { initialDelayMs: 1, onPoll: () => polls++ }),
      (e: unknown) => e instanceof BusinessError && e.code === 'not_found',
    );
    assert.equal(polls, 0);
  });

  it('an AbortSignal stops the wait', async () => {
    const code = await dynamicCode();
    const controller = new AbortController();
    let polls = 0;
    const error = await waitForQrPayment(loja, code.id, {
      signal: controller.signal,
      initialDelayMs: 1,
      onPoll: () => {
        if (++polls === 2) controller.abort(new Error('shopper left'));
      },
    }).catch((e: unknown) => e);
    assert.ok(error instanceof RequestAbortedError, String(error));
    assert.equal((error.cause as Error).message, 'shopper left');
    assert.equal(polls, 2);
    await assert.rejects(waitForQrPayment(loja, code.id, { signal: AbortSignal.abort() }), RequestAbortedError);
  });

  it('a response without a string status is a MalformedResponseError, not a wait', async () => {
    for (const data of [{ qr_code_id: 'qr_x', status: 2 }, { qr_code_id: 'qr_x' }, null]) {
      let requests = 0;
      const upstream = await startRawServer((_req, res) => {
        requests++;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 200, message: 'OK', data, time: Date.now() }));
      });
      try {
        const client = clientFor('ACCOUNT', upstream.url);
        const error = await waitForQrPayment(client, 'qr_x', { initialDelayMs: 1 }).catch((e: unknown) => e);
        assert.ok(error instanceof MalformedResponseError, String(error));
        assert.equal(error.operation, 'qrCodes.details');
        assert.match(error.message, /no string status/);
        assert.equal(requests, 1);
      } finally {
        await upstream.close();
      }
    }
  });
});
