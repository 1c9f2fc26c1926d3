import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Sandbox } from '../../sandbox.js';
import type { PayClient } from '../../../server/client.js';
import { TxnStatus } from '../../../server/enums.js';
import { RequestValidationError } from '../../../server/errors.js';
import { merchantOrderId } from '../../../server/order-id.js';
import { QrCodeOperations } from '../../../server/schemas/qr-codes.js';
import { waitForTransfer } from '../../../server/wait.js';
import { decodeBrCode } from '../../../pix/br-code.js';
import { businessCode, FILIAL_TARGET, frozenSandbox, stateSnapshot, unchecked } from '../test-helpers.js';

/** §4.5 QR codes, and the whole PIX loop inside the sandbox. */
describe('QR codes (§4.5)', () => {
  let sandbox: Sandbox;
  let loja: PayClient;
  let filial: PayClient;
  const order = () => merchantOrderId(sandbox.clock.now());
  before(async () => {
    const f = await frozenSandbox();
    sandbox = f.sandbox;
    loja = f.client('ACCOUNT');
    filial = f.client('USER', { target: FILIAL_TARGET });
  });
  after(() => sandbox.close());

  it('generates a dynamic code: a real BR Code with a location, an expiry and what was sent', async () => {
    const qr = await loja.qrCodes.generateDynamic({ amount: '19.9', description: 'Pedido 42', expires_in: 600, order_ref: 'A-42' });
    assert.match(qr!.qr_code_id as string, /^qr_/);
    assert.equal(qr!.qr_code_type, 2);
    assert.equal(qr!.status, 'ACTIVE');
    assert.equal(qr!.amount, '19.90');
    assert.equal(qr!.order_ref, 'A-42'); // open shape: echoed
    assert.equal(qr!.expires_at, sandbox.clock.now() + 600_000);
    const decoded = decodeBrCode(qr!.qr_code_payload as string);
    assert.ok(decoded.ok);
    assert.equal(decoded.code.pointOfInitiation, '12');
    assert.equal(decoded.code.location, `pix.sandbox.example/qr/v2/${qr!.qr_code_id as string}`);
    assert.equal(decoded.code.merchantName, 'LOJA EXEMPLO LTDA');
  });

  it('generates a static code for the account’s key; looks codes up by ID, for their account only', async () => {
    const qr = await loja.qrCodes.generateStatic({});
    assert.equal(qr!.qr_code_type, 1);
    assert.equal(qr!.pix_key, 'pix@loja.example');
    assert.equal(qr!.expires_at, null);
    assert.equal(qr!.amount, null);
    const found = await loja.qrCodes.details({ qr_code_id: qr!.qr_code_id as string });
    assert.equal(found?.qr_code_payload, qr!.qr_code_payload);
    await businessCode(filial.qrCodes.details({ qr_code_id: qr!.qr_code_id as string }), 'not_found');
    await businessCode(loja.call(unchecked(QrCodeOperations.details), {}), 4000);
    await businessCode(loja.call(unchecked(QrCodeOperations.details), { qr_code_id: 5 }), 4002);
  });

  it('refuses a bad amount, a key of another account, a bad expiry, and stores nothing', async () => {
    const before = stateSnapshot(sandbox);
    const dynamic = unchecked(QrCodeOperations.generateDynamic);
    const fixed = unchecked(QrCodeOperations.generateStatic);
    // The form of each field: the shared schema, on arrival (4002 invalid, 4000 missing or blank).
    for (const amount of ['1.234', 19.9, '0.00', '-1']) await businessCode(loja.call(dynamic, { amount }), 4002);
    await businessCode(loja.call(fixed, { amount: '' }), 4000);
    await businessCode(loja.call(fixed, { description: 'd'.repeat(51) }), 4002);
    await businessCode(loja.call(fixed, { description: 7 }), 4002);
    for (const expires_in of [0, -5, 1.5, '60']) await businessCode(loja.call(dynamic, { expires_in }), 4002);
    // What needs the sandbox's state or limits: the route.
    await businessCode(loja.call(dynamic, { expires_in: 7 * 24 * 3_600 + 1 }), 4002);
    await businessCode(loja.qrCodes.generateStatic({ pix_key: 'pix@filial.loja.example' }), 4002);
    assert.equal(stateSnapshot(sandbox), before);
    // A static code has no expiry: expires_in is echoed, not read.
    const fixedWithExpiry = await loja.qrCodes.generateStatic({ expires_in: 'soon' });
    assert.equal(fixedWithExpiry?.expires_at, null);
    assert.equal(fixedWithExpiry?.expires_in, 'soon');
    assert.equal(
      (await loja.qrCodes.generateDynamic({ expires_in: 7 * 24 * 3_600 }))?.expires_at,
      sandbox.clock.now() + 7 * 24 * 3_600_000,
    );
  });

  it('the client refuses the same requests before sending, with the field named', async () => {
    const refused = async (promise: Promise<unknown>, field: string) => {
      const error = await promise.catch((e: unknown) => e);
      assert.ok(error instanceof RequestValidationError, String(error));
      assert.equal(error.field, field);
    };
    // @ts-expect-error: money is a decimal string, never a float.
    await refused(loja.qrCodes.generateDynamic({ amount: 19.9 }), 'amount');
    await refused(loja.qrCodes.generateStatic({ amount: '1.234' }), 'amount');
    await refused(loja.qrCodes.generateStatic({ description: 'd'.repeat(51) }), 'description');
    await refused(loja.qrCodes.generateDynamic({ expires_in: 0 }), 'expires_in');
    await refused(loja.qrCodes.details({ qr_code_id: '' }), 'qr_code_id');
  });

  it('the loop: generate (dynamic) → initiate → confirm → poll → COMPLETED; the paid code is no longer ACTIVE', async () => {
    const qr = await loja.qrCodes.generateDynamic({ amount: '42.00' });
    const payload = qr!.qr_code_payload as string;
    const init = await filial.transfers.qrCodeInitiate({ qr_code_payload: payload });
    assert.equal(init.amount, '42.00');
    assert.equal(init.pix_key, 'pix@loja.example');
    assert.equal(init.qr_code_id, qr!.qr_code_id);
    const { txn_id } = await filial.transfers.qrCodeConfirm({ ref_id: init.ref_id, merchant_order_id: order(), amount: '42.00' });
    const final = await waitForTransfer(filial, txn_id, { initialDelayMs: 1, onPoll: () => sandbox.clock.advance(500) });
    assert.equal(final.txn_status, TxnStatus.COMPLETED);
    assert.equal((await loja.qrCodes.details({ qr_code_id: qr!.qr_code_id as string }))?.status, 'PAID');
    // §4.2: the decoded QR must be ACTIVE.
    await businessCode(filial.transfers.qrCodeInitiate({ qr_code_payload: payload }), 4001015);
  });

  it('a dynamic code is PAID when its payment settles: held while in flight, payable again if the payment fails', async () => {
    const qr = await loja.qrCodes.generateDynamic({ amount: '5.00', expires_in: 60 });
    const id = qr!.qr_code_id as string;
    const payload = qr!.qr_code_payload as string;
    const status = async () => (await loja.qrCodes.details({ qr_code_id: id }))?.status;
    const confirm = async (memo?: string) => {
      const init = await filial.transfers.qrCodeInitiate({ qr_code_payload: payload });
      return filial.transfers.qrCodeConfirm({ ref_id: init.ref_id, merchant_order_id: order(), amount: '5.00', ...(memo ? { memo } : {}) });
    };
    // A payment that will fail (the sandbox's failing memo): the code is not PAID meanwhile, and nobody else may pay it.
    const failing = await confirm('sandbox_fail');
    assert.equal(await status(), 'ACTIVE');
    await businessCode(filial.transfers.qrCodeInitiate({ qr_code_payload: payload }), 4001015);
    sandbox.clock.advance(2_000);
    assert.equal((await filial.transfers.statusCheck({ txn_id: failing.txn_id })).txn_status, TxnStatus.FAILED);
    assert.equal(await status(), 'ACTIVE');
    // Paid again, just before the expiry: the payment settles after it, and the code reads PAID, never EXPIRED.
    sandbox.clock.advance(57_000);
    const paying = await confirm();
    sandbox.clock.advance(1_000);
    assert.equal(await status(), 'ACTIVE');
    sandbox.clock.advance(1_000);
    assert.equal((await filial.transfers.statusCheck({ txn_id: paying.txn_id })).txn_status, TxnStatus.COMPLETED);
    assert.equal(await status(), 'PAID');
  });

  it('a static code can be paid again and again; a dynamic one shows EXPIRED once past its time', async () => {
    const fixed = await loja.qrCodes.generateStatic({ amount: '2.00' });
    for (let i = 0; i < 2; i++) {
      const init = await filial.transfers.qrCodeInitiate({ qr_code_payload: fixed!.qr_code_payload as string });
      await filial.transfers.qrCodeConfirm({ ref_id: init.ref_id, merchant_order_id: order(), amount: '2.00' });
    }
    assert.equal((await loja.qrCodes.details({ qr_code_id: fixed!.qr_code_id as string }))?.status, 'ACTIVE');
    const dynamic = await loja.qrCodes.generateDynamic({ expires_in: 30 });
    sandbox.clock.advance(30_000);
    assert.equal((await loja.qrCodes.details({ qr_code_id: dynamic!.qr_code_id as string }))?.status, 'EXPIRED');
  });
});
