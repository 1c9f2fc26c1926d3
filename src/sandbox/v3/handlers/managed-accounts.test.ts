import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../../sandbox.js';
import type { PayClient } from '../../../server/client.js';
import { AccountStatus, ManagedAccountModel } from '../../../server/enums.js';
import { ManagedAccountOperations } from '../../../server/schemas/managed-accounts.js';
import { signRequest } from '../../../server/signing.js';
import { v3Credential } from '../fixtures.js';
import { businessCode, clientFor, clientForId, LOJA_TARGET, unchecked } from '../test-helpers.js';

/** §4.8 managed accounts through the server helper over HTTP (no time rules here: real clock). */
describe('managed accounts (§2.11, §4.8)', () => {
  let sandbox: Sandbox;
  let owner: PayClient;
  let newcomer: PayClient;
  before(async () => {
    sandbox = await createSandbox();
    owner = clientFor('USER', sandbox.url);
    newcomer = clientForId('cli_test_user_0002', sandbox.url);
  });
  after(() => sandbox.close());

  it('list: the owner sees MOR, VA and PA under the active Master, never another owner’s', async () => {
    const all = await owner.managedAccounts.list();
    assert.deepEqual(all.managed_accounts.map((a) => a.reference_id).sort(), [
      'ma_sandbox_mor_0001',
      'ma_sandbox_pa_0001',
      'ma_sandbox_va_0001',
      'ma_sandbox_va_0002',
    ]);
    assert.deepEqual(all.page, { page: 1, page_size: 20, total: 4, total_pages: 1 });
  });

  it('list: filters by model, status and tax_id', async () => {
    const ids = async (filter: Parameters<PayClient['managedAccounts']['list']>[0]) =>
      (await owner.managedAccounts.list(filter)).managed_accounts.map((a) => a.reference_id).sort();
    assert.deepEqual(await ids({ model: ManagedAccountModel.VA }), ['ma_sandbox_va_0001', 'ma_sandbox_va_0002']);
    assert.deepEqual(await ids({ model: ManagedAccountModel.VA, status: AccountStatus.ACTIVE }), ['ma_sandbox_va_0002']);
    assert.deepEqual(await ids({ status: AccountStatus.PENDING_SUBMISSION }), ['ma_sandbox_va_0001']);
    assert.deepEqual(await ids({ tax_id: '44555666000190' }), ['ma_sandbox_pa_0001']);
    assert.deepEqual(await ids({ tax_id: '00000000000000' }), []);
  });

  it('§7.2 field_invalid: managed list with an unsupported model or status', async () => {
    const op = unchecked(ManagedAccountOperations.list);
    await businessCode(owner.call(op, { model: 4 }, { target: null }), 'field_invalid');
    await businessCode(owner.call(op, { status: 8 }, { target: null }), 'field_invalid');
    await businessCode(owner.call(op, { model: 'MOR' }, { target: null }), 'field_invalid');
  });

  it('§7.2 invalid_user: managed list and update without an active Master Account', async () => {
    await businessCode(newcomer.managedAccounts.list(), 'invalid_user');
    await businessCode(
      newcomer.managedAccounts.update({ reference_id: 'ma_sandbox_mor_0001', notification_email: 'x@y.example' }),
      'invalid_user',
    );
  });

  it('list pages: 20 by default, capped at 100, with total and total_pages', async () => {
    const s = await createSandbox();
    try {
      const user = clientFor('USER', s.url);
      for (let i = 0; i < 101; i++) await user.managedAccounts.create({ model: ManagedAccountModel.MOR, trading_name: `Loja ${i}` });
      const first = await user.managedAccounts.list();
      assert.equal(first.managed_accounts.length, 20);
      assert.deepEqual(first.page, { page: 1, page_size: 20, total: 105, total_pages: 6 });
      const last = await user.managedAccounts.list({ page: { page: 6 } });
      assert.equal(last.managed_accounts.length, 5);
      const big = await user.managedAccounts.list({ page: { page: 2, page_size: 100 } });
      assert.deepEqual([big.managed_accounts.length, big.page.total_pages], [5, 2]);
      // Above 100 the service caps (the client refuses before sending; sent anyway, the sandbox caps).
      const capped = (await user.call(unchecked(ManagedAccountOperations.list), { page: { page_size: 500 } }, { target: null })) as {
        page: { page_size: number };
        managed_accounts: unknown[];
      };
      assert.equal(capped.page.page_size, 100);
      assert.equal(capped.managed_accounts.length, 100);
    } finally {
      await s.close();
    }
  });

  it('update: patches the fields seen; no email check, an empty patch is fine', async () => {
    const updated = await owner.managedAccounts.update({
      reference_id: 'ma_sandbox_mor_0001',
      trading_name: 'Loja Nova',
      notification_email: 'not an email',
    });
    assert.equal(updated.managed_account.trading_name, 'Loja Nova');
    assert.equal(updated.managed_account.notification_email, 'not an email');
    const same = await owner.managedAccounts.update({ account: { reference_id: 'ma_sandbox_va_0001' } });
    assert.equal(same.managed_account.reference_id, 'ma_sandbox_va_0001');
  });

  it('§7.2 field_invalid: managed update breaking a model or compliance-session restriction', async () => {
    // trading_name only for MOR.
    await businessCode(owner.managedAccounts.update({ reference_id: 'ma_sandbox_va_0001', trading_name: 'X' }), 'field_invalid');
    await businessCode(owner.managedAccounts.update({ reference_id: 'ma_sandbox_pa_0001', trading_name: 'X' }), 'field_invalid');
    // return_url only for a VA on Hosted Link whose session is PENDING_SUBMISSION.
    await businessCode(
      owner.managedAccounts.update({ reference_id: 'ma_sandbox_mor_0001', return_url: 'https://x.example' }),
      'field_invalid',
    );
    await businessCode(
      owner.managedAccounts.update({ reference_id: 'ma_sandbox_va_0002', return_url: 'https://x.example' }),
      'field_invalid',
    );
    await businessCode(
      owner.managedAccounts.update({ reference_id: 'ma_sandbox_pa_0001', return_url: 'https://x.example' }),
      'field_invalid',
    );
    const ok = await owner.managedAccounts.update({ reference_id: 'ma_sandbox_va_0001', return_url: 'https://loja.example/back' });
    assert.equal(ok.managed_account.return_url, 'https://loja.example/back');
  });

  it('§7.2 invalid_parameter: managed update and rotate with an invalid selector', async () => {
    for (const op of [ManagedAccountOperations.update, ManagedAccountOperations.rotateCredentials]) {
      const raw = unchecked(op);
      await businessCode(owner.call(raw, {}, { target: null }), 'invalid_parameter');
      await businessCode(
        owner.call(raw, { reference_id: 'ma_sandbox_mor_0001', account: { reference_id: 'ma_sandbox_mor_0001' } }, { target: null }),
        'invalid_parameter',
      );
    }
    // An `account` the sandbox cannot read as a selector passes the schema but is still invalid.
    await businessCode(owner.managedAccounts.update({ account: { tax_id: '1' } }), 'invalid_parameter');
    await businessCode(owner.managedAccounts.rotateCredentials({ account: {} }), 'invalid_parameter');
  });

  it('§7.2 not_found, permission_denied: managed update of a missing or invisible account', async () => {
    await businessCode(owner.managedAccounts.update({ reference_id: 'ma_nope' }), 'not_found');
    // It exists, under another owner's Master.
    await businessCode(
      owner.managedAccounts.update({ reference_id: 'ma_sandbox_other_mor_0001', notification_email: 'x' }),
      'permission_denied',
    );
    await businessCode(owner.managedAccounts.detail({ reference_id: 'ma_sandbox_other_mor_0001' }), 'permission_denied');
  });

  it('credential get: only an active MOR or VA; a new secret is shown in full once, then masked', async () => {
    const first = await owner.managedAccounts.credentialsGet({ reference_id: 'ma_sandbox_va_0002' });
    assert.match(first!.client_secret as string, /^sec_test_managed_[0-9a-f]{32}$/);
    assert.equal(first!.secret_masked, false);
    const again = await owner.managedAccounts.credentialsGet({ reference_id: 'ma_sandbox_va_0002' });
    assert.equal(again!.client_id, first!.client_id);
    assert.equal(again!.secret_masked, true);
    assert.equal(again!.client_secret, `sec_test_managed_********${(first!.client_secret as string).slice(-4)}`);
    await businessCode(owner.managedAccounts.credentialsGet({ reference_id: 'ma_sandbox_va_0001' }), 'field_invalid'); // VA not active yet
    await businessCode(owner.managedAccounts.credentialsGet({ reference_id: 'ma_sandbox_pa_0001' }), 'field_invalid'); // PA has none
    // A MOR created now is active at once (it reuses the Master's compliance) and has a fresh secret.
    const created = await owner.managedAccounts.create({ model: ManagedAccountModel.MOR, trading_name: 'Nova' });
    assert.equal(created!.status, AccountStatus.ACTIVE);
    assert.equal((await owner.managedAccounts.credentialsGet({ reference_id: created!.reference_id }))!.secret_masked, false);
  });

  it('create: VA and PA start PENDING_SUBMISSION; PA needs a linked account; model required', async () => {
    const va = await owner.managedAccounts.create({ model: ManagedAccountModel.VA, notification_email: 'va@loja.example' });
    assert.deepEqual([va!.status, va!.compliance_mode, va!.notification_email], [AccountStatus.PENDING_SUBMISSION, 1, 'va@loja.example']);
    await businessCode(owner.managedAccounts.create({ model: ManagedAccountModel.PA }), 'field_invalid');
    const pa = await owner.managedAccounts.create({ model: ManagedAccountModel.PA, linked_account_id: 'acc_sandbox_filial' });
    assert.equal(pa!.status, AccountStatus.PENDING_SUBMISSION);
    await businessCode(owner.managedAccounts.create({}), 'field_invalid');
    await businessCode(owner.managedAccounts.create({ model: ManagedAccountModel.VA, trading_name: 'X' }), 'field_invalid');
    await businessCode(newcomer.managedAccounts.create({ model: ManagedAccountModel.MOR }), 'invalid_user');
  });

  it('§7.2 503: credential rotate is unsupported (HTTP 200, null data)', async () => {
    const error = await businessCode(owner.managedAccounts.rotateCredentials({ reference_id: 'ma_sandbox_mor_0001' }), 503);
    assert.equal(error.data, null);
  });

  it('§5.3 / §4.8: rotate applies the visibility rule of every managed-account route before its 503', async () => {
    await businessCode(owner.managedAccounts.rotateCredentials({ reference_id: 'ma_sandbox_other_mor_0001' }), 'permission_denied');
    await businessCode(owner.managedAccounts.rotateCredentials({ reference_id: 'ma_nobody' }), 'not_found');
    await businessCode(newcomer.managedAccounts.rotateCredentials({ reference_id: 'ma_sandbox_mor_0001' }), 'invalid_user');
    // Detail and credential get refuse the same account the same way.
    await businessCode(owner.managedAccounts.detail({ reference_id: 'ma_sandbox_other_mor_0001' }), 'permission_denied');
    await businessCode(owner.managedAccounts.credentialsGet({ reference_id: 'ma_sandbox_other_mor_0001' }), 'permission_denied');
  });

  it('§4.8: target headers are rejected on every managed-account route (server side, HTTP 403)', async () => {
    const { clientId, secret } = v3Credential('USER');
    for (const op of Object.values(ManagedAccountOperations)) {
      const body = '{"reference_id":"ma_sandbox_mor_0001"}';
      const headers = await signRequest({
        method: 'POST',
        path: op.path,
        body,
        clientId,
        secret,
        timestamp: sandbox.clock.now(),
        target: LOJA_TARGET,
      });
      const res = await fetch(`${sandbox.url}${op.path}`, { method: 'POST', headers, body });
      const json = (await res.json()) as { code: number; data: { reason: string } };
      assert.deepEqual([res.status, json.code, json.data.reason], [403, 403, 'target_headers_rejected'], op.path);
    }
  });
});
