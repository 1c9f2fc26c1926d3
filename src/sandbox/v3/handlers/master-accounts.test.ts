import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../../sandbox.js';
import type { PayClient } from '../../../server/client.js';
import { PermissionDeniedError } from '../../../server/errors.js';
import { MasterAccountOperations } from '../../../server/schemas/master-accounts.js';
import { signRequest, type Target } from '../../../server/signing.js';
import type { CredentialKind } from '../../../server/enums.js';
import { v3Credential, v3CredentialById } from '../fixtures.js';
import { businessCode, clientFor, clientForId, LOJA_TARGET } from '../test-helpers.js';

/** §4.7 master accounts: the §5.3 policy, and "store and return what was sent" (shapes not shown). */
describe('master accounts (§4.7, §5.3)', () => {
  let sandbox: Sandbox;
  let platform: PayClient;
  before(async () => {
    sandbox = await createSandbox();
    platform = clientFor('PLATFORM', sandbox.url);
  });
  after(() => sandbox.close());

  /** Sends by hand so the client's own §5.3 checks do not stop the request first. */
  async function send(credential: { clientId: string; secret: string }, path: string, payload: object, target?: Target) {
    const body = JSON.stringify(payload);
    const headers = await signRequest({ method: 'POST', path, body, ...credential, timestamp: sandbox.clock.now(), target });
    const res = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers, body });
    return { status: res.status, ...((await res.json()) as { code: number | string; data: Record<string, unknown> | null }) };
  }
  const cred = (kind: CredentialKind) => v3Credential(kind);

  it('§5.3: create, list, update need PLATFORM; target headers do not substitute for it', async () => {
    const { create, list, update } = MasterAccountOperations;
    for (const op of [create, list, update]) {
      for (const kind of ['USER', 'ACCOUNT'] as const) {
        assert.equal((await send(cred(kind), op.path, { id: 'mst_sandbox_0001' })).status, 403, `${kind} ${op.path}`);
        assert.equal((await send(cred(kind), op.path, { id: 'mst_sandbox_0001' }, LOJA_TARGET)).status, 403, `${kind} + target ${op.path}`);
      }
      assert.equal((await send(cred('PLATFORM'), op.path, { id: 'mst_sandbox_0001' })).code, 200, op.path);
    }
  });

  it('§5.3: detail takes PLATFORM, or a USER credential when ownership resolves; never ACCOUNT', async () => {
    const path = MasterAccountOperations.detail.path;
    assert.equal((await send(cred('PLATFORM'), path, { id: 'mst_sandbox_pending_0001' })).code, 200);
    assert.equal((await send(cred('USER'), path, { id: 'mst_sandbox_0001' })).code, 200);
    assert.equal((await send(cred('ACCOUNT'), path, { id: 'mst_sandbox_0001' })).status, 403);
    const notOwner = await send(cred('USER'), path, { id: 'mst_sandbox_other_0001' });
    assert.deepEqual([notOwner.status, notOwner.code, notOwner.data?.reason], [403, 403, 'not_owner']);
    assert.equal((await send(v3CredentialById('cli_test_user_0002'), path, { id: 'mst_sandbox_pending_0001' })).code, 200);
    // Through the helper: PermissionDeniedError.
    await assert.rejects(clientFor('USER', sandbox.url).masterAccounts.detail({ id: 'mst_sandbox_other_0001' }), PermissionDeniedError);
  });

  it('our choice: store what was sent, return it with id and timestamps; update patches; list filters', async () => {
    const sent = {
      legal_name: 'Mercado Azul Ltda',
      tax_id: '55666777000133',
      owner_user_id: 'usr_sandbox_newcomer',
      contacts: [{ email: 'a@azul.example' }],
    };
    const created = await platform.masterAccounts.create({ ...sent, id: 'mst_chosen_by_me', created_at: 1 });
    assert.deepEqual(
      { ...created, id: undefined, created_at: undefined, updated_at: undefined },
      { ...sent, id: undefined, created_at: undefined, updated_at: undefined },
    );
    assert.match(created!.id as string, /^mst_/);
    assert.notEqual(created!.id, 'mst_chosen_by_me');
    assert.equal(created!.created_at, created!.updated_at);
    assert.deepEqual(await platform.masterAccounts.detail({ id: created!.id }), created);

    const updated = await platform.masterAccounts.update({ id: created!.id, status: 'ACTIVE' });
    assert.equal(updated!.status, 'ACTIVE');
    assert.equal(updated!.legal_name, sent.legal_name);
    const listed = await platform.masterAccounts.list({ tax_id: sent.tax_id });
    assert.deepEqual(
      (listed!.items as { id: string }[]).map((m) => m.id),
      [created!.id],
    );
    await businessCode(platform.masterAccounts.update({ id: 'mst_nope' }), 'not_found');
    await businessCode(platform.masterAccounts.detail({}), 4000);

    // Now ACTIVE and owned by the newcomer: that user has an active Master context.
    const newcomer = clientForId('cli_test_user_0002', sandbox.url);
    assert.deepEqual((await newcomer.managedAccounts.list()).page.total, 0);
  });
});
