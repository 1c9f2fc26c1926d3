import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../sandbox/sandbox.js';
import { createClock } from '../sandbox/clock.js';
import { clientFor } from '../sandbox/v3/test-helpers.js';
import { V3_QR_PAYLOADS } from '../sandbox/v3/fixtures.js';
import { TxnStatus } from './enums.js';
import { AbortError, BusinessError, WaitTimeoutError } from './errors.js';
import { merchantOrderId } from './order-id.js';
import { waitForRefund, waitForTransfer } from './wait.js';

describe('waitForTransfer / waitForRefund against the sandbox', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await createSandbox();
  });
  after(() => sandbox.close());

  it('polls a confirmed QR payment until COMPLETED, each poll freshly signed', async () => {
    const client = clientFor('ACCOUNT', sandbox.url);
    const init = await client.transfers.qrCodeInitiate({ qr_code_payload: V3_QR_PAYLOADS.activeWithAmount });
    const confirm = await client.transfers.qrCodeConfirm({ ref_id: init.ref_id, merchant_order_id: merchantOrderId(), amount: '25.00' });
    assert.equal(confirm.txn_status, TxnStatus.PENDING); // §1: not settlement
    const seen: number[] = [];
    const final = await waitForTransfer(client, confirm.txn_id, {
      initialDelayMs: 10,
      // Move the sandbox clock instead of waiting for the background steps.
      onPoll: (status) => {
        seen.push(status);
        sandbox.clock.advance(300);
      },
    });
    assert.equal(final.txn_status, TxnStatus.COMPLETED);
    assert.ok(seen.length >= 3, `polled ${seen.length} times`); // nonces would have been rejected if reused
    assert.equal(seen.at(-1), TxnStatus.COMPLETED);
  });

  it('polls a refund until COMPLETED', async () => {
    const client = clientFor('USER', sandbox.url);
    const refund = await client.refunds.create({ original_settlement_id: 'stl_sandbox_inbound_fresh', merchant_order_id: merchantOrderId(), amount: '3.10' });
    assert.equal(refund.txn_status, TxnStatus.PENDING);
    const final = await waitForRefund(client, { refund_id: refund.refund_id }, { initialDelayMs: 10, onPoll: () => sandbox.clock.advance(300) });
    assert.equal(final.txn_status, TxnStatus.COMPLETED);
    assert.equal(final.refund_id, refund.refund_id);
  });

  it('a business error ends the wait at once', async () => {
    const client = clientFor('ACCOUNT', sandbox.url);
    await assert.rejects(waitForTransfer(client, 'txn_unknown', { initialDelayMs: 10 }), (e: unknown) => e instanceof BusinessError && e.code === 'not_found');
  });

  it('an AbortSignal stops the wait', async () => {
    const frozen = await createSandbox({ clock: createClock({ frozenAt: Date.now() }) });
    try {
      const client = clientFor('ACCOUNT', frozen.url, { now: () => frozen.clock.now() });
      const { ref_id } = await client.transfers.qrCodeInitiate({ qr_code_payload: V3_QR_PAYLOADS.activeWithoutAmount });
      const { txn_id } = await client.transfers.qrCodeConfirm({ ref_id, merchant_order_id: merchantOrderId(frozen.clock.now()), amount: '1.00' });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      await assert.rejects(waitForTransfer(client, txn_id, { signal: controller.signal, initialDelayMs: 20 }), AbortError);

      // The deadline: the frozen clock never moves the transfer on.
      const error = await waitForTransfer(client, txn_id, { deadlineMs: 200, initialDelayMs: 20 }).catch((e: unknown) => e);
      assert.ok(error instanceof WaitTimeoutError);
      assert.equal(error.lastStatus, TxnStatus.PENDING);
      assert.match(error.message, /may still complete/);
    } finally {
      await frozen.close();
    }
  });
});
