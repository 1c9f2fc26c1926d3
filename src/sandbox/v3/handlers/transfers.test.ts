import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Sandbox } from '../../sandbox.js';
import type { PayClient } from '../../../server/client.js';
import { TxnStatus } from '../../../server/enums.js';
import { merchantOrderId } from '../../../server/order-id.js';
import { TransferOperations } from '../../../server/schemas/transfers.js';
import { waitForTransfer } from '../../../server/wait.js';
import { SANDBOX_FAIL, V3_QR_PAYLOADS } from '../fixtures.js';
import { STATUS_QUERY_FAILURE_TXN_ID, TRANSFER_STEPS_MS } from './transfers.js';
import { businessCode, clientForId, FILIAL_TARGET, frozenSandbox, unchecked } from '../test-helpers.js';

const MINUTE = 60_000;

/** §4.2 transfers against a frozen sandbox, through the server helper over HTTP. */
describe('QR initiate (§4.2, §2.6, §3.2)', () => {
  let sandbox: Sandbox;
  let loja: PayClient;
  let user: PayClient;
  before(async () => {
    const f = await frozenSandbox();
    sandbox = f.sandbox;
    loja = f.client('ACCOUNT');
    user = f.client('USER');
  });
  after(() => sandbox.close());

  it('§2.6: an active QR with an amount answers every field; qr_code_status is 0', async () => {
    const init = await loja.transfers.qrCodeInitiate({ qr_code_payload: V3_QR_PAYLOADS.activeWithAmount });
    assert.match(init.ref_id, /^ref_/);
    assert.equal(init.pix_key, 'contato@padaria.example');
    assert.equal(init.pix_key_type, 3);
    assert.deepEqual(init.payee, { name: 'PADARIA EXEMPLO', city: 'SAO PAULO', ispb: '87654321' });
    assert.match(init.qr_code_id, /^qr_static_[0-9a-f]{16}$/);
    assert.equal(init.expires, 0); // a static code does not expire
    assert.equal(init.amount, '25.00');
    assert.match(init.settlement_id, /^stl_/);
    assert.equal(init.qr_code_type, 1);
    assert.equal(init.currency, 'BRL');
    assert.equal(init.qr_code_status, 0);
    // The same payload always has the same ID: stable across restarts.
    assert.equal((await loja.transfers.qrCodeInitiate({ qr_code_payload: V3_QR_PAYLOADS.activeWithAmount })).qr_code_id, init.qr_code_id);
  });

  it('§4.2: a QR without an amount has none on initiate', async () => {
    const init = await loja.transfers.qrCodeInitiate({ qr_code_payload: V3_QR_PAYLOADS.activeWithoutAmount });
    assert.equal(init.amount, undefined);
  });

  it('§7.2 4000: QR initiate without a payload', async () => {
    const op = unchecked(TransferOperations.qrCodeInitiate);
    await businessCode(loja.call(op, {}), 4000);
    await businessCode(loja.call(op, { qr_code_payload: '' }), 4000);
  });

  it('§7.2 4001015: QR initiate with an expired QR code', async () => {
    await businessCode(loja.transfers.qrCodeInitiate({ qr_code_payload: V3_QR_PAYLOADS.expired }), 4001015);
  });

  it('§7.2 4001015: QR initiate with an invalid QR code (not a BR Code, bad CRC)', async () => {
    await businessCode(loja.transfers.qrCodeInitiate({ qr_code_payload: 'not a qr code' }), 4001015);
    const tampered = V3_QR_PAYLOADS.activeWithAmount.replace('25.00', '20.00');
    await businessCode(loja.transfers.qrCodeInitiate({ qr_code_payload: tampered }), 4001015);
  });

  it('§7.2 4001096: QR initiate with an inactive PIX key', async () => {
    await businessCode(loja.transfers.qrCodeInitiate({ qr_code_payload: V3_QR_PAYLOADS.inactiveKey }), 4001096);
  });

  it('§7.2 500 / 501: QR initiate when a dependency fails', async () => {
    await businessCode(loja.transfers.qrCodeInitiate({ qr_code_payload: V3_QR_PAYLOADS.dependencyFailure500 }), 500);
    await businessCode(loja.transfers.qrCodeInitiate({ qr_code_payload: V3_QR_PAYLOADS.dependencyFailure501 }), 501);
  });

  it('§3.2: a generated dynamic QR expires on the test clock (4001015)', async () => {
    const qr = await loja.qrCodes.generateDynamic({ amount: '12.00', expires_in: 60 });
    const payload = qr!.qr_code_payload as string;
    const init = await user.transfers.qrCodeInitiate({ qr_code_payload: payload }, { target: FILIAL_TARGET });
    assert.equal(init.qr_code_type, 2);
    assert.equal(init.expires, qr!.expires_at);
    sandbox.clock.advance(60_000);
    await businessCode(user.transfers.qrCodeInitiate({ qr_code_payload: payload }, { target: FILIAL_TARGET }), 4001015);
  });
});

describe('QR confirm (§4.2, §2.7, §3.2)', () => {
  let sandbox: Sandbox;
  let loja: PayClient;
  let filial: PayClient;
  const order = () => merchantOrderId(sandbox.clock.now());
  const initiate = (payload: string = V3_QR_PAYLOADS.activeWithAmount, client = loja) =>
    client.transfers.qrCodeInitiate({ qr_code_payload: payload });
  before(async () => {
    const f = await frozenSandbox();
    sandbox = f.sandbox;
    loja = f.client('ACCOUNT');
    filial = f.client('USER', { target: FILIAL_TARGET });
  });
  after(() => sandbox.close());

  it('§2.7: a confirmed payment is PENDING, not settled; the reference is then removed (4003012)', async () => {
    const { ref_id } = await initiate();
    const orderId = order();
    const confirm = await loja.transfers.qrCodeConfirm({
      ref_id,
      merchant_order_id: orderId,
      amount: '25.00',
      currency: 'BRL',
      memo: 'pedido 1',
    });
    assert.equal(confirm.merchant_order_id, orderId);
    assert.match(confirm.txn_id, /^txn_/);
    assert.equal(confirm.txn_status, TxnStatus.PENDING);
    // §3.2: success removes the reference: a second confirm cannot pay twice.
    await businessCode(loja.transfers.qrCodeConfirm({ ref_id, merchant_order_id: orderId, amount: '25.00' }), 4003012);
  });

  it('§7.2 4000: QR confirm with a missing ref_id, order ID or amount', async () => {
    const op = unchecked(TransferOperations.qrCodeConfirm);
    const { ref_id } = await initiate();
    await businessCode(loja.call(op, { merchant_order_id: order(), amount: '25.00' }), 4000);
    await businessCode(loja.call(op, { ref_id, amount: '25.00' }), 4000);
    await businessCode(loja.call(op, { ref_id, merchant_order_id: order() }), 4000);
  });

  it('§7.2 4002: QR confirm with an invalid amount or merchant order format', async () => {
    const op = unchecked(TransferOperations.qrCodeConfirm);
    const { ref_id } = await initiate();
    for (const amount of ['25.001', '-25', '0.00', 25, '2.5e1'])
      await businessCode(loja.call(op, { ref_id, merchant_order_id: order(), amount }), 4002);
    for (const id of ['ORDER-1', '261399ABC', '260230ABC'])
      await businessCode(loja.call(op, { ref_id, merchant_order_id: id, amount: '25.00' }), 4002);
    // The reference is untouched by rejected requests.
    assert.equal(
      (await loja.transfers.qrCodeConfirm({ ref_id, merchant_order_id: order(), amount: '25.00' })).txn_status,
      TxnStatus.PENDING,
    );
  });

  it('§7.2 400: QR confirm with a stale merchant order date', async () => {
    const { ref_id } = await initiate();
    // Yesterday's ID, sent by a client without the date check…
    const yesterday = merchantOrderId(sandbox.clock.now() - 26 * 3_600_000);
    await businessCode(
      loja.call(unchecked(TransferOperations.qrCodeConfirm), { ref_id, merchant_order_id: yesterday, amount: '25.00' }),
      400,
    );
  });

  it('§7.2 400: QR confirm with a stale merchant order date (client clock two minutes behind, across the ±1 h edge)', async () => {
    // At 01:01 UTC the previous day's IDs are stale (day end + 1 h = 01:00). A
    // client two minutes slow still thinks it is 00:59 and sends one: the
    // signature window (±5 min) lets it through, the sandbox answers 400.
    const edge = await frozenSandbox(Date.UTC(2026, 2, 15, 1, 1, 0));
    try {
      const slow = edge.client('ACCOUNT', { now: () => edge.sandbox.clock.now() - 2 * MINUTE });
      const { ref_id } = await slow.transfers.qrCodeInitiate({ qr_code_payload: V3_QR_PAYLOADS.activeWithAmount });
      const error = await businessCode(
        slow.transfers.qrCodeConfirm({ ref_id, merchant_order_id: '260314SLOWCLOCK', amount: '25.00' }),
        400,
      );
      assert.equal(error.operation, 'transfers.qrCodeConfirm');
    } finally {
      await edge.sandbox.close();
    }
  });

  it('§7.2 400: QR confirm that changes a fixed QR amount', async () => {
    const { ref_id } = await initiate();
    await businessCode(loja.transfers.qrCodeConfirm({ ref_id, merchant_order_id: order(), amount: '24.99' }), 400);
    // "25" is the same amount as "25.00".
    assert.equal((await loja.transfers.qrCodeConfirm({ ref_id, merchant_order_id: order(), amount: '25' })).txn_status, TxnStatus.PENDING);
  });

  it('§4.2: a QR without an amount takes the one sent', async () => {
    const { ref_id, amount } = await initiate(V3_QR_PAYLOADS.activeWithoutAmount);
    assert.equal(amount, undefined);
    const confirm = await loja.transfers.qrCodeConfirm({ ref_id, merchant_order_id: order(), amount: '7.35' });
    assert.equal((await loja.transfers.details({ txn_id: confirm.txn_id }))?.amount, '7.35');
  });

  it('§7.2 4003012: QR confirm with a missing or invalid reference', async () => {
    await businessCode(loja.transfers.qrCodeConfirm({ ref_id: 'ref_never_issued', merchant_order_id: order(), amount: '25.00' }), 4003012);
  });

  it('§3.2 / §7.2 4003012: the reference expires five minutes after initiate (test clock)', async () => {
    const first = await initiate();
    const second = await initiate();
    sandbox.clock.advance(5 * MINUTE - 1);
    assert.equal(
      (await loja.transfers.qrCodeConfirm({ ref_id: first.ref_id, merchant_order_id: order(), amount: '25.00' })).txn_status,
      TxnStatus.PENDING,
    );
    sandbox.clock.advance(1);
    await businessCode(loja.transfers.qrCodeConfirm({ ref_id: second.ref_id, merchant_order_id: order(), amount: '25.00' }), 4003012);
  });

  it('§7.2 4004003: QR confirm with a reference of another account', async () => {
    const { ref_id } = await initiate(V3_QR_PAYLOADS.activeWithAmount, filial);
    await businessCode(loja.transfers.qrCodeConfirm({ ref_id, merchant_order_id: order(), amount: '25.00' }), 4004003);
    // The owner can still use it: the refusal did not consume it.
    assert.equal(
      (await filial.transfers.qrCodeConfirm({ ref_id, merchant_order_id: order(), amount: '25.00' })).txn_status,
      TxnStatus.PENDING,
    );
  });

  it('§7.2 4003014 / §3.2: a payment failure (insufficient funds) keeps the reference', async () => {
    const { ref_id } = await initiate(V3_QR_PAYLOADS.activeWithoutAmount);
    await businessCode(loja.transfers.qrCodeConfirm({ ref_id, merchant_order_id: order(), amount: '1000000.00' }), 4003014);
    // §3.2: retained, so the same reference pays once the problem is fixed.
    assert.equal(
      (await loja.transfers.qrCodeConfirm({ ref_id, merchant_order_id: order(), amount: '10.00' })).txn_status,
      TxnStatus.PENDING,
    );
    await businessCode(loja.transfers.qrCodeConfirm({ ref_id, merchant_order_id: order(), amount: '10.00' }), 4003012);
  });
});

describe('transfer status, details, PIX by key, bank account and TED (§4.2)', () => {
  let sandbox: Sandbox;
  let loja: PayClient;
  let user: PayClient;
  const order = () => merchantOrderId(sandbox.clock.now());
  before(async () => {
    const f = await frozenSandbox();
    sandbox = f.sandbox;
    loja = f.client('ACCOUNT');
    user = f.client('USER');
  });
  after(() => sandbox.close());

  async function pay(memo?: string) {
    const { ref_id } = await loja.transfers.qrCodeInitiate({ qr_code_payload: V3_QR_PAYLOADS.activeWithAmount });
    return loja.transfers.qrCodeConfirm({ ref_id, merchant_order_id: order(), amount: '25.00', ...(memo ? { memo } : {}) });
  }

  it('§7.2 4000: status check without a transaction ID', async () => {
    const op = unchecked(TransferOperations.statusCheck);
    await businessCode(loja.call(op, {}), 4000);
    await businessCode(loja.call(op, { txn_id: '' }), 4000);
  });

  it('§7.2 4003008: status check without account context', async () => {
    const closed = clientForId('cli_test_account_0002', sandbox.url, { now: () => sandbox.clock.now() });
    await businessCode(closed.transfers.statusCheck({ txn_id: 'txn_anything' }), 4003008);
  });

  it('§7.2 501: status check when the status query fails', async () => {
    await businessCode(loja.transfers.statusCheck({ txn_id: STATUS_QUERY_FAILURE_TXN_ID }), 501);
  });

  it('a transfer moves PENDING → PROCESSING → COMPLETED on the test clock', async () => {
    const { txn_id } = await pay();
    const status = async () => (await loja.transfers.statusCheck({ txn_id })).txn_status;
    assert.equal(await status(), TxnStatus.PENDING);
    sandbox.clock.advance(TRANSFER_STEPS_MS.processing);
    assert.equal(await status(), TxnStatus.PROCESSING);
    sandbox.clock.advance(TRANSFER_STEPS_MS.final - TRANSFER_STEPS_MS.processing);
    assert.equal(await status(), TxnStatus.COMPLETED);
    const details = await loja.transfers.details({ txn_id });
    assert.equal(details?.txn_status, TxnStatus.COMPLETED);
  });

  it(`memo "${SANDBOX_FAIL}" makes a transfer end FAILED (waitForTransfer)`, async () => {
    const { txn_id } = await pay(SANDBOX_FAIL);
    const final = await waitForTransfer(loja, txn_id, { initialDelayMs: 1, onPoll: () => sandbox.clock.advance(500) });
    assert.equal(final.txn_status, TxnStatus.FAILED);
  });

  it('§4.2: the status query is limited to the selected account', async () => {
    const { txn_id } = await pay();
    assert.equal((await user.transfers.statusCheck({ txn_id })).txn_status, TxnStatus.PENDING); // USER selecting Loja
    await businessCode(user.transfers.statusCheck({ txn_id }, { target: FILIAL_TARGET }), 'not_found');
    await businessCode(user.transfers.details({ txn_id }, { target: FILIAL_TARGET }), 'not_found');
  });

  it('details by txn_id or merchant_order_id', async () => {
    const { ref_id } = await loja.transfers.qrCodeInitiate({ qr_code_payload: V3_QR_PAYLOADS.activeWithAmount });
    const orderId = order();
    const { txn_id } = await loja.transfers.qrCodeConfirm({ ref_id, merchant_order_id: orderId, amount: '25.00' });
    const byOrder = await loja.transfers.details({ merchant_order_id: orderId });
    assert.equal(byOrder?.txn_id, txn_id);
    assert.equal(byOrder?.amount, '25.00');
    await businessCode(loja.transfers.details({ txn_id: 'txn_unknown' }), 'not_found');
  });

  it('details without txn_id or merchant_order_id → 4000, and no record is made up', async () => {
    const error = await businessCode(loja.transfers.details({}), 4000);
    assert.equal(error.data, null);
    assert.match(error.message, /txn_id or merchant_order_id/);
    await businessCode(loja.transfers.details({ note: 'no selector' }), 4000);
    await businessCode(user.transfers.details({}, { target: FILIAL_TARGET }), 4000);
  });

  it('PIX by key: initiate → confirm with the same reference rules as QR', async () => {
    await businessCode(loja.transfers.keyInitiate({}), 4000);
    await businessCode(loja.transfers.keyInitiate({ pix_key: 'antigo@padaria.example' }), 4001096);
    await businessCode(loja.transfers.keyInitiate({ pix_key: 'nobody@nowhere.example' }), 4001096);
    const init = await loja.transfers.keyInitiate({ pix_key: 'pix@filial.loja.example', amount: '3.00' });
    assert.equal(init?.pix_key_type, 3);
    await businessCode(loja.transfers.keyConfirm({ ref_id: init!.ref_id, amount: '4.00' }), 400);
    await businessCode(loja.transfers.keyConfirm({ ref_id: init!.ref_id, merchant_order_id: 'NODATE' }), 4002);
    await businessCode(user.transfers.keyConfirm({ ref_id: init!.ref_id }, { target: FILIAL_TARGET }), 4004003);
    const done = await loja.transfers.keyConfirm({ ref_id: init!.ref_id, merchant_order_id: order() });
    assert.equal(done?.txn_status, TxnStatus.PENDING);
    assert.equal(done?.amount, '3.00');
    await businessCode(loja.transfers.keyConfirm({ ref_id: init!.ref_id }), 4003012);
    // No amount on initiate: confirm must send one.
    const open = await loja.transfers.keyInitiate({ pix_key: 'contato@padaria.example' });
    await businessCode(loja.transfers.keyConfirm({ ref_id: open!.ref_id }), 4000);
    sandbox.clock.advance(5 * MINUTE);
    await businessCode(loja.transfers.keyConfirm({ ref_id: open!.ref_id, amount: '1.00' }), 4003012);
  });

  it('PIX and TED to a bank account: submitted directly, then the status moves on', async () => {
    await businessCode(loja.transfers.pixBankAccount({ bank: 'any' }), 4000);
    await businessCode(loja.transfers.tedBankAccount({ amount: '1.234' }), 4002);
    await businessCode(loja.transfers.tedBankAccount({ amount: '99999999.00' }), 4003014);
    const pix = await loja.transfers.pixBankAccount({ amount: '15.00', bank_account: { ispb: '87654321', number: '123' } });
    assert.deepEqual(pix?.bank_account, { ispb: '87654321', number: '123' }); // open shape: what was sent comes back
    const ted = await loja.transfers.tedBankAccount({ amount: '16.00', merchant_order_id: order() });
    for (const txn_id of [pix!.txn_id as string, ted!.txn_id as string]) {
      assert.equal((await loja.transfers.statusCheck({ txn_id })).txn_status, TxnStatus.PENDING);
    }
    sandbox.clock.advance(TRANSFER_STEPS_MS.final);
    assert.equal((await loja.transfers.statusCheck({ txn_id: ted!.txn_id as string })).txn_status, TxnStatus.COMPLETED);
  });
});
