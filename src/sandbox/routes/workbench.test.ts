import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../sandbox.js';
import { createClock } from '../clock.js';
import { SANDBOX_ADMIN_TOKEN } from './clock-control.js';
import { clientFor, stateSnapshot } from '../v3/test-helpers.js';
import { V3_QR_PAYLOADS } from '../v3/fixtures.js';
import { MERCHANTS } from '../merchants.js';
import { ConsolePath, StateSnapshot } from '../../console/api.js';
import { merchantOrderId } from '../../server/order-id.js';
import { REFUND_STEPS_MS } from '../v3/handlers/refunds.js';

/** The console's actions as plain HTTP routes, the way a test scripts them (docs/sandbox.md "The console"). */
describe('state and actions over HTTP', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await createSandbox({ clock: createClock({ frozenAt: Date.UTC(2026, 2, 14, 12) }) });
  });
  after(() => sandbox.close());

  const act = async (path: string, body: unknown, token = SANDBOX_ADMIN_TOKEN) => {
    const res = await fetch(new URL(path, sandbox.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { code: unknown; data: Record<string, unknown> | null } };
  };
  const state = async () => {
    const parsed = StateSnapshot.safeParse(await (await fetch(new URL(ConsolePath.STATE, sandbox.url))).json());
    assert.ok(parsed.success, 'the state fits its declaration');
    return parsed.data;
  };
  const balance = async (id: string) => (await state()).accounts.find((a) => a.id === id)!.balance;

  it('refuses every action without the admin token, and changes nothing', async () => {
    const before = JSON.stringify(await state());
    for (const path of [ConsolePath.PAY_QR, ConsolePath.FINISH_REFUND, ConsolePath.RESET]) {
      const { status, body } = await act(
        path,
        { qr_code_payload: V3_QR_PAYLOADS.activeWithAmount, payer_account_id: 'acc_sandbox_loja' },
        'adm_wrong',
      );
      assert.equal(status, 401, path);
      assert.deepEqual(body.data, { reason: 'admin_credential_required' });
    }
    assert.equal(JSON.stringify(await state()), before);
  });

  it('refuses a body that does not fit its declaration (4002, HTTP 400)', async () => {
    assert.equal((await act(ConsolePath.PAY_QR, { qr_code_payload: 'x' })).status, 400);
    assert.equal((await act(ConsolePath.FINISH_REFUND, { refund_id: 'r', outcome: 'MAYBE' })).status, 400);
  });

  it('pays a QR code as a payer: the same effect as QR initiate and confirm', async () => {
    const { status, body } = await act(ConsolePath.PAY_QR, {
      qr_code_payload: V3_QR_PAYLOADS.activeWithAmount,
      payer_account_id: 'acc_sandbox_filial',
    });
    assert.equal(status, 200);
    assert.equal(body.code, 200);
    assert.equal(body.data!.txn_status, 1);
    assert.equal(await balance('acc_sandbox_filial'), '4975.00');
    const transfer = (await state()).transfers[0]!;
    assert.equal(transfer.txn_id, body.data!.txn_id);
    assert.equal(transfer.account, 'acc_sandbox_filial');
    // A refusal of the v3 routes keeps its code: a code without an amount needs one.
    assert.equal(
      (await act(ConsolePath.PAY_QR, { qr_code_payload: V3_QR_PAYLOADS.expired, payer_account_id: 'acc_sandbox_loja' })).body.code,
      4001015,
    );
  });

  it('refuses a payment it cannot finish before it starts: no amount, or not one, for a code without its own (nothing left behind)', async () => {
    const static_ = { qr_code_payload: V3_QR_PAYLOADS.activeWithoutAmount, payer_account_id: 'acc_sandbox_loja' };
    // A dynamic code without an amount: the amount lives in its record, not in the payload.
    const pay = clientFor('ACCOUNT', sandbox.url, { now: () => sandbox.clock.now() });
    const dynamic = await pay.qrCodes.generateDynamic({ expires_in: 600 });
    assert.ok(dynamic, 'the sandbox made a dynamic code');
    const dynamic_ = { qr_code_payload: dynamic.qr_code_payload as string, payer_account_id: 'acc_sandbox_filial' };
    for (const body of [static_, { ...static_, amount: 'abc' }, { ...static_, amount: '1.005' }, dynamic_, { ...dynamic_, amount: '0' }]) {
      const before = stateSnapshot(sandbox);
      const { status, body: answer } = await act(ConsolePath.PAY_QR, body);
      assert.deepEqual([status, answer.code], [400, 4002], JSON.stringify(body));
      assert.equal(stateSnapshot(sandbox), before, `${JSON.stringify(body)} was refused but left a QR reference behind`);
    }
    // The same code with an amount is paid, so the refusals were about the amount alone.
    assert.equal((await act(ConsolePath.PAY_QR, { ...static_, amount: '1.50' })).body.code, 200);
    assert.equal((await act(ConsolePath.PAY_QR, { ...dynamic_, amount: '2.00' })).body.code, 200);
  });

  it('settles or fails a refund in flight, with the effects of its scheduled final step', async () => {
    const pay = clientFor('ACCOUNT', sandbox.url, { now: () => sandbox.clock.now() });
    const create = (amount: string) =>
      pay.refunds.create({
        original_settlement_id: 'stl_sandbox_inbound_fresh',
        merchant_order_id: merchantOrderId(sandbox.clock.now()) + amount.replace('.', ''),
        amount,
      });
    const settled = await create('2.00');
    const failed = await create('3.00');
    const loja = await balance('acc_sandbox_loja');
    assert.equal((await act(ConsolePath.FINISH_REFUND, { refund_id: settled.refund_id, outcome: 'COMPLETED' })).body.data!.txn_status, 2);
    assert.equal((await act(ConsolePath.FINISH_REFUND, { refund_id: failed.refund_id, outcome: 'FAILED' })).body.data!.txn_status, 3);
    assert.equal(await balance('acc_sandbox_loja'), (Number(loja) - 2).toFixed(2));
    // Nothing is left scheduled: the clock passing the old final step changes nothing.
    sandbox.clock.advance(REFUND_STEPS_MS.final);
    const refunds = (await state()).refunds;
    assert.deepEqual(
      refunds.map((r) => [r.refund_id, r.txn_status, r.in_flight]),
      [
        [failed.refund_id, '3 FAILED', false],
        [settled.refund_id, '2 COMPLETED', false],
      ],
    );
    assert.equal((await act(ConsolePath.FINISH_REFUND, { refund_id: settled.refund_id, outcome: 'FAILED' })).body.code, 'already_final');
  });

  it('shows tokens and charges with the brand and last four digits only', async () => {
    const key = MERCHANTS[0]!;
    const tokenRes = await fetch(new URL('/v1/tokens', sandbox.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key.publicKey}` },
      body: JSON.stringify({
        card: { number: '4111111111111111', holderName: 'Ana', expirationMonth: '12', expirationYear: '2031', cvv: '123' },
      }),
    });
    const token = ((await tokenRes.json()) as { data: { token: string } }).data.token;
    await fetch(new URL('/v1/charges', sandbox.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${key.secretKey}:`).toString('base64')}` },
      body: JSON.stringify({ amount: 1000, payment_method: 'credit_card', payment_details: { token, installments: 1 } }),
    });
    const { tokens, charges } = await state();
    assert.deepEqual(tokens, [{ merchant: key.id, brand: 'visa', last_four: '1111', created_at: sandbox.clock.now() }]);
    assert.equal(charges[0]!.card, 'visa •••• 1111');
    assert.equal(charges[0]!.status, 'approved');
    assert.ok(!JSON.stringify(await state()).includes('4111111111111111'));
  });

  it('resets to the fixtures: balances, stores, tokens, charges and the log; the clock stays', async () => {
    const now = sandbox.clock.now();
    const { body } = await act(ConsolePath.RESET, {});
    assert.equal(body.code, 200);
    const after = await state();
    assert.equal(after.now, now);
    assert.deepEqual(
      after.accounts.map((a) => a.balance),
      ['10000.00', '5000.00'],
    );
    assert.deepEqual([after.transfers.length, after.refunds.length, after.tokens.length, after.charges.length], [0, 0, 0, 0]);
    assert.deepEqual(
      sandbox.context.log.summaries().map((s) => s.path),
      [ConsolePath.RESET],
    );
  });
});
