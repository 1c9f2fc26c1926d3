import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../../sandbox.js';
import type { PayClient } from '../../../server/client.js';
import { businessCode, clientFor, FILIAL_TARGET } from '../test-helpers.js';

/** §4.6 MED cases and infractions: shapes not shown, so "store and return what was sent". */
describe('MED cases and infractions (§4.6)', () => {
  let sandbox: Sandbox;
  let loja: PayClient;
  let user: PayClient;
  before(async () => {
    sandbox = await createSandbox();
    loja = clientFor('ACCOUNT', sandbox.url, { now: () => sandbox.clock.now() });
    user = clientFor('USER', sandbox.url, { now: () => sandbox.clock.now() });
  });
  after(() => sandbox.close());

  it('create stores what was sent with an id and timestamps; the outcome is never final on create (§1.7)', async () => {
    const sent = { txn_id: 'txn_abc', reason: 'fraud', description: 'Golpe do falso boleto' };
    // Even asking for a final outcome does not get one.
    const created = await loja.med.create({ ...sent, status: 'ACCEPTED', outcome: 'REFUNDED' });
    assert.equal(created!.txn_id, sent.txn_id);
    assert.equal(created!.description, sent.description);
    assert.match(created!.id as string, /^med_/);
    assert.equal(typeof created!.created_at, 'number');
    assert.equal(created!.status, 'OPEN');
    assert.equal(created!.outcome, null);
    assert.deepEqual(created!.timeline, [{ type: 'CREATED', at: created!.created_at }]);
    assert.deepEqual(created!.refunds, []);
    // Reading it later still shows no outcome: the sandbox never decides one.
    sandbox.clock.advance(24 * 3_600_000);
    assert.equal((await loja.med.detail({ id: created!.id }))!.outcome, null);
  });

  it('list, detail and cancel are per account; cancel adds a timeline event', async () => {
    const created = await loja.med.create({ txn_id: 'txn_def' });
    const ids = ((await loja.med.list())!.items as { id: string }[]).map((m) => m.id);
    assert.ok(ids.includes(created!.id as string));
    assert.deepEqual((await user.med.list({}, { target: FILIAL_TARGET }))!.items, []);
    await businessCode(user.med.detail({ id: created!.id }, { target: FILIAL_TARGET }), 'not_found');
    await businessCode(loja.med.detail({}), 4000);
    const cancelled = await user.med.cancel({ id: created!.id }); // USER selecting Loja
    assert.equal(cancelled!.status, 'CANCELLED');
    assert.deepEqual(
      (cancelled!.timeline as { type: string }[]).map((e) => e.type),
      ['CREATED', 'CANCELLED'],
    );
    await businessCode(loja.med.cancel({ id: 'med_nope' }), 'not_found');
  });

  it('each case opens an infraction, listed and read per account', async () => {
    const created = await loja.med.create({ txn_id: 'txn_ghi' });
    const [infractionId] = created!.infractions as string[];
    const listed = await loja.infractions.list({ med_id: created!.id });
    assert.deepEqual(
      (listed!.items as { id: string }[]).map((i) => i.id),
      [infractionId],
    );
    const detail = await loja.infractions.detail({ id: infractionId });
    assert.deepEqual([detail!.med_id, detail!.txn_id, detail!.status], [created!.id, 'txn_ghi', 'OPEN']);
    await businessCode(user.infractions.detail({ id: infractionId }, { target: FILIAL_TARGET }), 'not_found');
  });
});
