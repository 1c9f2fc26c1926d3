import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Sandbox } from './sandbox.js';
import type { PayClient } from '../server/client.js';
import { MAX_AMOUNT } from '../server/amount.js';
import { PixKeyType } from '../server/enums.js';
import { RequestValidationError } from '../server/errors.js';
import { merchantOrderId } from '../server/order-id.js';
import { QrCodeOperations } from '../server/schemas/qr-codes.js';
import { RefundOperations } from '../server/schemas/refunds.js';
import { TransferOperations } from '../server/schemas/transfers.js';
import { BoundedStore } from './v3/bounded-store.js';
import { businessCode, clientFor, frozenSandbox, stateSnapshot, unchecked } from './v3/test-helpers.js';
import { MAX_TOKENS, TokenVault } from './token-vault.js';

/** Over-long and out-of-range fields get the route's code, never a throw, and change nothing. */
describe('field limits: the route code, never a 500', () => {
  let sandbox: Sandbox;
  let loja: PayClient;
  before(async () => {
    const frozen = await frozenSandbox();
    sandbox = frozen.sandbox;
    loja = frozen.client('ACCOUNT');
  });
  after(() => sandbox.close());

  const TOO_BIG = '90071992547409.92';

  it('amounts above the largest safe amount are 4002 in the sandbox, and refused by the client', async () => {
    const before = stateSnapshot(sandbox);
    const order = merchantOrderId(sandbox.clock.now());
    for (const amount of [TOO_BIG, '99999999999999999999.99', '9'.repeat(400)]) {
      await businessCode(loja.call(unchecked(TransferOperations.pixBankAccount), { amount, merchant_order_id: order }), 4002);
      await businessCode(loja.call(unchecked(TransferOperations.qrCodeConfirm), { ref_id: 'r', merchant_order_id: order, amount }), 4002);
      await businessCode(
        loja.call(unchecked(RefundOperations.create), {
          original_settlement_id: 'stl_sandbox_inbound_fresh',
          merchant_order_id: order,
          amount,
        }),
        4002,
      );
      await businessCode(loja.call(unchecked(QrCodeOperations.generateStatic), { amount }), 4002);
    }
    await assert.rejects(
      loja.refunds.create({ original_settlement_id: 'stl_sandbox_inbound_fresh', merchant_order_id: order, amount: TOO_BIG }),
      RequestValidationError,
    );
    await assert.rejects(loja.qrCodes.generateStatic({ amount: TOO_BIG }), RequestValidationError);
    assert.equal(stateSnapshot(sandbox), before);
    // The largest amount itself is valid: refused for want of balance, not for its form.
    await businessCode(loja.transfers.pixBankAccount({ amount: MAX_AMOUNT, merchant_order_id: order }), 4003014);
  });

  it('a QR description or key that cannot fit a BR Code is 4002 / 501, and nothing is stored', async () => {
    const before = stateSnapshot(sandbox);
    // A dynamic code's location shares field 26 with the description: 29 characters no longer fit.
    await businessCode(loja.qrCodes.generateDynamic({ description: 'd'.repeat(29) }), 4002);
    await businessCode(loja.qrCodes.generateStatic({ amount: '12345678901.00' }), 4002);
    // The directory refuses a key too long for a BR Code.
    await businessCode(loja.pixKeys.create({ pix_key_type: PixKeyType.EMAIL, pix_key_value: `${'a'.repeat(70)}@loja.example` }), 501);
    assert.equal(stateSnapshot(sandbox), before);
    const fits = await loja.qrCodes.generateDynamic({ description: 'd'.repeat(28) });
    assert.equal(typeof fits?.qr_code_payload, 'string');
  });

  it('a refused managed create stores nothing; what is stored keeps every list page working', async () => {
    const before = stateSnapshot(sandbox);
    const managedUser = clientFor('USER', sandbox.url, { now: () => sandbox.clock.now() });
    await businessCode(managedUser.managedAccounts.create({ model: 2, notification_email: 42 }), 'field_invalid');
    await businessCode(managedUser.managedAccounts.create({ model: 1, trading_name: { toString: 1 } }), 'field_invalid');
    assert.equal(stateSnapshot(sandbox), before);
    const page = await managedUser.managedAccounts.list({ page: { page: 1, page_size: 100 } });
    assert.ok(page.managed_accounts.length >= 4);
  });
});

describe('bounded stores (docs/reliability.md)', () => {
  it('evict-oldest keeps the cap, never evicts a pinned fixture, and reports evictions', () => {
    const evicted: number[] = [];
    const store = new BoundedStore<string, number>(3, 'evict-oldest', { pinned: [['fixture', 0]], onEvict: (v) => evicted.push(v) });
    for (let i = 1; i <= 5; i++) store.set(`k${i}`, i);
    assert.deepEqual([...store.keys()], ['fixture', 'k3', 'k4', 'k5']);
    assert.deepEqual(evicted, [1, 2]);
    store.set('k4', 40); // an update is not an addition
    assert.equal(store.size, 4);
  });

  it('refuse says so before, and throws if asked anyway', () => {
    const store = new BoundedStore<string, number>(2, 'refuse', { pinned: [['fixture', 0]] });
    store.set('a', 1);
    store.set('b', 2);
    assert.equal(store.hasRoomFor('c'), false);
    assert.equal(store.hasRoomFor('a'), true);
    assert.throws(() => store.set('c', 3), RangeError);
    assert.equal(store.size, 3);
  });

  it('the token vault forgets its oldest token past MAX_TOKENS', () => {
    const vault = new TokenVault();
    const card = (i: number) => ({
      number: `4111111111${String(i).padStart(6, '0')}`,
      holderName: 'A',
      expirationMonth: '12',
      expirationYear: '2031',
      cvv: '123',
    });
    const first = vault.tokenize('m', card(0), 'visa', 0);
    for (let i = 1; i <= MAX_TOKENS; i++) vault.tokenize('m', card(i), 'visa', 0);
    assert.equal(vault.size, MAX_TOKENS);
    assert.equal(vault.find('m', first.token), undefined);
    assert.ok(vault.find('m', vault.tokenize('m', card(MAX_TOKENS), 'visa', 0).token));
  });
});
