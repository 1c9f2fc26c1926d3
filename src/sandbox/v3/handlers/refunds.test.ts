import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Sandbox } from '../../sandbox.js';
import type { PayClient } from '../../../server/client.js';
import { TxnStatus } from '../../../server/enums.js';
import { merchantOrderId } from '../../../server/order-id.js';
import { RefundOperations } from '../../../server/schemas/refunds.js';
import { waitForRefund } from '../../../server/wait.js';
import { SANDBOX_FAIL } from '../fixtures.js';
import { MAX_REFUND_AGE_MS, ORDER_RECORD_MS, REFUND_STEPS_MS } from './refunds.js';
import { TRANSFER_STEPS_MS } from './transfers.js';
import { businessCode, FILIAL_TARGET, frozenSandbox, unchecked } from '../test-helpers.js';

const HOUR = 3_600_000;
const FRESH = 'stl_sandbox_inbound_fresh';

/** §4.3 refunds and the §3.1 state machine, through the server helper over HTTP, on a frozen clock. */
describe('refund create (§4.3, §7.2)', () => {
  let sandbox: Sandbox;
  let loja: PayClient;
  const order = () => merchantOrderId(sandbox.clock.now());
  before(async () => {
    const f = await frozenSandbox();
    sandbox = f.sandbox;
    loja = f.client('ACCOUNT');
  });
  after(() => sandbox.close());

  it('§2.8: an accepted refund answers its fields and starts at 1 PENDING', async () => {
    const orderId = order();
    const refund = await loja.refunds.create({
      original_settlement_id: FRESH,
      merchant_order_id: orderId,
      amount: '1.5',
      reason: 'customer request',
    });
    assert.match(refund.refund_id, /^rfd_/);
    assert.match(refund.settlement_refund_id, /^stlr_/);
    assert.equal(refund.merchant_order_id, orderId);
    assert.equal(refund.amount, '1.50');
    assert.equal(refund.txn_status, TxnStatus.PENDING);
  });

  it('§7.2 4000: refund create with a missing settlement ID, order ID or amount', async () => {
    const op = unchecked(RefundOperations.create);
    await businessCode(loja.call(op, { merchant_order_id: order(), amount: '1.00' }), 4000);
    await businessCode(loja.call(op, { original_settlement_id: '', merchant_order_id: order(), amount: '1.00' }), 4000);
    await businessCode(loja.call(op, { original_settlement_id: FRESH, amount: '1.00' }), 4000);
    await businessCode(loja.call(op, { original_settlement_id: FRESH, merchant_order_id: order() }), 4000);
  });

  it('§7.2 4002: refund create with an invalid amount or merchant order format', async () => {
    const op = unchecked(RefundOperations.create);
    await businessCode(loja.call(op, { original_settlement_id: FRESH, merchant_order_id: order(), amount: '1.001' }), 4002);
    await businessCode(loja.call(op, { original_settlement_id: FRESH, merchant_order_id: order(), amount: 1 }), 4002);
    await businessCode(loja.call(op, { original_settlement_id: FRESH, merchant_order_id: 'PEDIDO-1', amount: '1.00' }), 4002);
  });

  it('§7.2 400: refund create with a stale merchant order date', async () => {
    const stale = merchantOrderId(sandbox.clock.now() - 2 * 24 * HOUR);
    await businessCode(
      loja.call(unchecked(RefundOperations.create), { original_settlement_id: FRESH, merchant_order_id: stale, amount: '1.00' }),
      400,
    );
    // And through the checked client, two minutes slow, just past the ±1 h edge.
    const edge = await frozenSandbox(Date.UTC(2026, 2, 15, 1, 0, 30));
    try {
      const slow = edge.client('ACCOUNT', { now: () => edge.sandbox.clock.now() - 2 * 60_000 });
      await businessCode(slow.refunds.create({ original_settlement_id: FRESH, merchant_order_id: '260314EDGE', amount: '1.00' }), 400);
    } finally {
      await edge.sandbox.close();
    }
  });

  it('§7.2 4001013: a merchant order ID already processed (48 h record, test clock)', async () => {
    const orderId = order();
    await loja.refunds.create({ original_settlement_id: FRESH, merchant_order_id: orderId, amount: '1.00' });
    // The same order ID again, even with other fields, is "already processed".
    await businessCode(loja.refunds.create({ original_settlement_id: FRESH, merchant_order_id: orderId, amount: '2.00' }), 4001013);
    // Still remembered just before 48 h, when its date is long stale: the duplicate answer wins.
    const op = unchecked(RefundOperations.create);
    sandbox.clock.advance(ORDER_RECORD_MS - 1);
    await businessCode(loja.call(op, { original_settlement_id: FRESH, merchant_order_id: orderId, amount: '1.00' }), 4001013);
    // At 48 h the record is gone: what is left is the stale date (400), not a duplicate.
    sandbox.clock.advance(1);
    await businessCode(loja.call(op, { original_settlement_id: FRESH, merchant_order_id: orderId, amount: '1.00' }), 400);
  });

  it('§7.2 4003003: refund create whose original payment is missing', async () => {
    await businessCode(
      loja.refunds.create({ original_settlement_id: 'stl_does_not_exist', merchant_order_id: order(), amount: '1.00' }),
      4003003,
    );
  });

  it('§7.2 4003005: refund create whose original is outbound, another payee account’s, or 91 days old', async () => {
    for (const id of ['stl_sandbox_outbound', 'stl_sandbox_filial_inbound', 'stl_sandbox_inbound_91d']) {
      await businessCode(loja.refunds.create({ original_settlement_id: id, merchant_order_id: order(), amount: '1.00' }), 4003005);
    }
  });

  it('§7.2 4001999: refund create above the remaining refundable amount; partial refunds reduce it', async () => {
    const f = await frozenSandbox();
    try {
      const client = f.client('ACCOUNT');
      const id = () => merchantOrderId(f.sandbox.clock.now());
      await businessCode(client.refunds.create({ original_settlement_id: FRESH, merchant_order_id: id(), amount: '100.01' }), 4001999);
      await client.refunds.create({ original_settlement_id: FRESH, merchant_order_id: id(), amount: '60.00' });
      await businessCode(client.refunds.create({ original_settlement_id: FRESH, merchant_order_id: id(), amount: '40.01' }), 4001999);
      await client.refunds.create({ original_settlement_id: FRESH, merchant_order_id: id(), amount: '40.00' });
      await businessCode(client.refunds.create({ original_settlement_id: FRESH, merchant_order_id: id(), amount: '0.01' }), 4001999);
    } finally {
      await f.sandbox.close();
    }
  });
});

describe('refund age and state machine (§8, §3.1)', () => {
  it('§8: an original of exactly 90 days is refundable, a millisecond later it is not (4003005)', async () => {
    const f = await frozenSandbox();
    try {
      const client = f.client('ACCOUNT');
      const id = () => merchantOrderId(f.sandbox.clock.now());
      // The fresh fixture settled 1 h before the start.
      f.sandbox.clock.advance(MAX_REFUND_AGE_MS - HOUR);
      await client.refunds.create({ original_settlement_id: FRESH, merchant_order_id: id(), amount: '1.00' });
      f.sandbox.clock.advance(1);
      await businessCode(client.refunds.create({ original_settlement_id: FRESH, merchant_order_id: id(), amount: '1.00' }), 4003005);
    } finally {
      await f.sandbox.close();
    }
  });

  it('§3.1: PENDING → PROCESSING → COMPLETED, seen through status check and details', async () => {
    const f = await frozenSandbox();
    try {
      const client = f.client('ACCOUNT');
      const refund = await client.refunds.create({
        original_settlement_id: FRESH,
        merchant_order_id: merchantOrderId(f.sandbox.clock.now()),
        amount: '10.00',
      });
      const read = async () => {
        const status = await client.refunds.statusCheck({ refund_id: refund.refund_id });
        const details = await client.refunds.details({ merchant_order_id: refund.merchant_order_id });
        assert.equal(details?.txn_status, status?.txn_status);
        assert.equal(details?.original_settlement_id, FRESH);
        return status?.txn_status;
      };
      assert.equal(await read(), TxnStatus.PENDING);
      f.sandbox.clock.advance(REFUND_STEPS_MS.processing - 1);
      assert.equal(await read(), TxnStatus.PENDING);
      f.sandbox.clock.advance(1);
      assert.equal(await read(), TxnStatus.PROCESSING);
      f.sandbox.clock.advance(REFUND_STEPS_MS.final - REFUND_STEPS_MS.processing);
      assert.equal(await read(), TxnStatus.COMPLETED);
      // The status belongs to the account: the other one cannot read it.
      await businessCode(f.client('USER', { target: FILIAL_TARGET }).refunds.statusCheck({ refund_id: refund.refund_id }), 'not_found');
    } finally {
      await f.sandbox.close();
    }
  });

  it(`§3.1: PENDING → PROCESSING → FAILED with reason "${SANDBOX_FAIL}"; the amount becomes refundable again`, async () => {
    const f = await frozenSandbox();
    try {
      const client = f.client('ACCOUNT');
      const id = () => merchantOrderId(f.sandbox.clock.now());
      const refund = await client.refunds.create({
        original_settlement_id: FRESH,
        merchant_order_id: id(),
        amount: '100.00',
        reason: SANDBOX_FAIL,
      });
      const seen: number[] = [];
      const final = await waitForRefund(
        client,
        { refund_id: refund.refund_id },
        {
          initialDelayMs: 1,
          onPoll: (status) => {
            seen.push(status);
            f.sandbox.clock.advance(1_000);
          },
        },
      );
      assert.equal(final.txn_status, TxnStatus.FAILED);
      assert.ok(seen.includes(TxnStatus.PENDING) && seen.includes(TxnStatus.PROCESSING), `saw ${seen.join(', ')}`);
      // The failed refund held nothing back.
      await client.refunds.create({ original_settlement_id: FRESH, merchant_order_id: id(), amount: '100.00' });
    } finally {
      await f.sandbox.close();
    }
  });

  it('the loop: a QR payment between sandbox accounts becomes an inbound settlement the payee can refund', async () => {
    const f = await frozenSandbox();
    try {
      const loja = f.client('ACCOUNT');
      const filial = f.client('USER', { target: FILIAL_TARGET });
      const id = () => merchantOrderId(f.sandbox.clock.now());
      const qr = await loja.qrCodes.generateDynamic({ amount: '30.00' });
      const init = await filial.transfers.qrCodeInitiate({ qr_code_payload: qr!.qr_code_payload as string });
      await filial.transfers.qrCodeConfirm({ ref_id: init.ref_id, merchant_order_id: id(), amount: '30.00' });
      // Not settled yet: nothing to refund.
      await businessCode(
        loja.refunds.create({ original_settlement_id: init.settlement_id, merchant_order_id: id(), amount: '5.00' }),
        4003003,
      );
      f.sandbox.clock.advance(TRANSFER_STEPS_MS.final);
      // For the payer it is outbound.
      await businessCode(
        filial.refunds.create({ original_settlement_id: init.settlement_id, merchant_order_id: id(), amount: '5.00' }),
        4003005,
      );
      const refund = await loja.refunds.create({ original_settlement_id: init.settlement_id, merchant_order_id: id(), amount: '5.00' });
      assert.equal(refund.txn_status, TxnStatus.PENDING);
      await businessCode(
        loja.refunds.create({ original_settlement_id: init.settlement_id, merchant_order_id: id(), amount: '25.01' }),
        4001999,
      );
    } finally {
      await f.sandbox.close();
    }
  });
});
