import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../sandbox.js';
import { createClock } from '../clock.js';
import { signRequest, TIMESTAMP_TOLERANCE_MS, type Target } from '../../server/signing.js';
import { ALL_OPERATIONS } from '../../server/schemas/operations.js';
import { merchantOrderId } from '../../server/order-id.js';
import type { CredentialKind } from '../../server/enums.js';
import { V3_ACCOUNTS, v3Credential } from './fixtures.js';
import { clientFor } from './test-helpers.js';

/** Tampering and policy, sent by hand (signRequest + fetch) so nothing client-side gets in the way. */
describe('sandbox v3 gate over HTTP', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await createSandbox();
  });
  after(() => sandbox.close());

  const LOJA: Target = { ispb: V3_ACCOUNTS[0]!.ispb, accountNumber: V3_ACCOUNTS[0]!.accountNumber };
  const FILIAL: Target = { ispb: V3_ACCOUNTS[1]!.ispb, accountNumber: V3_ACCOUNTS[1]!.accountNumber };

  function sign(kind: CredentialKind, path: string, body: string, extra: { target?: Target; timestamp?: number } = {}) {
    const { clientId, secret } = v3Credential(kind);
    return signRequest({
      method: 'POST',
      path,
      body,
      clientId,
      secret,
      timestamp: extra.timestamp ?? sandbox.clock.now(),
      target: extra.target,
    });
  }
  async function send(path: string, body: string, headers: Record<string, string>) {
    const res = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers, body });
    const json = (await res.json()) as { code: number | string; message: string; data: { reason?: string } | null; time: number };
    return { status: res.status, ...json, reason: json.data?.reason };
  }
  const STATUS = '/v3/transfers/status/check';
  /** An account route with an open request shape, so `{}` is accepted all the way to code 200. */
  const LIST = '/v3/infractions/list';

  it('accepts a correctly signed request (ACCOUNT, no target)', async () => {
    const body = '{}';
    const r = await send(LIST, body, await sign('ACCOUNT', LIST, body));
    assert.equal(r.status, 200);
    assert.equal(r.code, 200);
    assert.equal(r.message, 'success');
    assert.equal(typeof r.time, 'number');
  });

  it('tampered body → 401', async () => {
    const headers = await sign('ACCOUNT', LIST, '{"a":1}');
    assert.equal((await send(LIST, '{"a":2}', headers)).reason, 'content_hash_mismatch');
    const { ['X-Content-Hash']: _h, ...withoutHash } = await sign('ACCOUNT', LIST, '{"a":1}');
    const r = await send(LIST, '{"a":2}', withoutHash);
    assert.equal(r.status, 401);
    assert.equal(r.reason, 'signature_mismatch'); // the body is signed even without the header
    assert.equal((await send(LIST, '{"a":1}', await sign('ACCOUNT', LIST, '{"a":1}'))).status, 200);
  });

  it('tampered path (other route, added query) → 401', async () => {
    assert.equal((await send('/v3/med/list', '{}', await sign('ACCOUNT', '/v3/med/detail', '{}'))).reason, 'signature_mismatch');
    assert.equal((await send(`${LIST}?x=1`, '{}', await sign('ACCOUNT', LIST, '{}'))).reason, 'signature_mismatch');
  });

  it('tampered or stale timestamp → 401', async () => {
    const headers = await sign('ACCOUNT', LIST, '{}');
    headers['X-Timestamp'] = String(Number(headers['X-Timestamp']) + 1);
    assert.equal((await send(LIST, '{}', headers)).reason, 'signature_mismatch');
    const stale = await sign('ACCOUNT', LIST, '{}', { timestamp: sandbox.clock.now() - TIMESTAMP_TOLERANCE_MS - 10_000 });
    const r = await send(LIST, '{}', stale);
    assert.equal(r.status, 401);
    assert.equal(r.reason, 'timestamp_out_of_window');
    const future = await sign('ACCOUNT', LIST, '{}', { timestamp: sandbox.clock.now() + TIMESTAMP_TOLERANCE_MS + 10_000 });
    assert.equal((await send(LIST, '{}', future)).reason, 'timestamp_out_of_window');
  });

  it('replayed nonce → 401, even on another route', async () => {
    const headers = await sign('ACCOUNT', LIST, '{}');
    assert.equal((await send(LIST, '{}', headers)).status, 200);
    const replay = await send(LIST, '{}', headers);
    assert.equal(replay.status, 401);
    assert.equal(replay.reason, 'nonce_replayed');
    const sameNonce = { ...(await sign('ACCOUNT', '/v3/med/list', '{}')), 'X-Nonce': headers['X-Nonce']! };
    assert.equal((await send('/v3/med/list', '{}', sameNonce)).status, 401);
  });

  it('target headers: incomplete pair, tampered pair, mismatch, not accessible → rejected', async () => {
    const incomplete = { ...(await sign('USER', LIST, '{}')), 'X-ISPB': LOJA.ispb };
    assert.deepEqual(
      [(await send(LIST, '{}', incomplete)).status, (await send(LIST, '{}', incomplete)).reason],
      [401, 'target_pair_incomplete'],
    );

    // Swapping the pair after signing: both values are signed.
    const swapped = { ...(await sign('USER', LIST, '{}', { target: LOJA })), 'X-Account-Number': FILIAL.accountNumber };
    assert.equal((await send(LIST, '{}', swapped)).reason, 'signature_mismatch');
    const added = { ...(await sign('ACCOUNT', LIST, '{}')), 'X-ISPB': LOJA.ispb, 'X-Account-Number': LOJA.accountNumber };
    assert.equal((await send(LIST, '{}', added)).reason, 'signature_mismatch');

    // §5.3: an ACCOUNT credential may send the pair only for its bound account.
    assert.equal((await send(LIST, '{}', await sign('ACCOUNT', LIST, '{}', { target: LOJA }))).status, 200);
    const mismatch = await send(LIST, '{}', await sign('ACCOUNT', LIST, '{}', { target: FILIAL }));
    assert.deepEqual([mismatch.status, mismatch.code, mismatch.reason], [403, 403, 'target_mismatch']);

    // A USER selects one of its accounts, and only those.
    assert.equal((await send(LIST, '{}', await sign('USER', LIST, '{}', { target: FILIAL }))).status, 200);
    const stranger = await send(LIST, '{}', await sign('USER', LIST, '{}', { target: { ispb: '99999999', accountNumber: '1' } }));
    assert.deepEqual([stranger.status, stranger.reason], [403, 'account_not_accessible']);
    const noTarget = await send(LIST, '{}', await sign('USER', LIST, '{}'));
    assert.deepEqual([noTarget.status, noTarget.reason], [403, 'target_required']);
    // §7.2: where the spec shows a code for a missing account context, that code (HTTP 200).
    const status = '{"txn_id":"t"}';
    const noContext = await send(STATUS, status, await sign('USER', STATUS, status));
    assert.deepEqual([noContext.status, noContext.code, noContext.data], [200, 4003008, null]);
    const KEYS = '/v3/pix_keys/create';
    const evp = '{"pix_key_type":5}';
    const noKeyContext = await send(KEYS, evp, await sign('USER', KEYS, evp));
    assert.deepEqual([noKeyContext.status, noKeyContext.code], [200, 500]);
  });

  it('§5.3 on the server: PLATFORM on account routes, targets and non-USER on managed, master policy', async () => {
    const platform = await send(STATUS, '{"txn_id":"t"}', await sign('PLATFORM', STATUS, '{"txn_id":"t"}'));
    assert.deepEqual([platform.status, platform.reason], [403, 'credential_not_allowed']);

    const MANAGED_LIST = '/v3/onboarding/managed_accounts/list';
    const targeted = await send(MANAGED_LIST, '{}', await sign('USER', MANAGED_LIST, '{}', { target: LOJA }));
    assert.deepEqual([targeted.status, targeted.reason], [403, 'target_headers_rejected']);
    assert.equal((await send(MANAGED_LIST, '{}', await sign('ACCOUNT', MANAGED_LIST, '{}'))).status, 403);
    assert.equal((await send(MANAGED_LIST, '{}', await sign('USER', MANAGED_LIST, '{}'))).status, 200);

    const CREATE = '/v3/onboarding/master_accounts/create';
    assert.equal((await send(CREATE, '{}', await sign('USER', CREATE, '{}'))).status, 403);
    assert.equal((await send(CREATE, '{}', await sign('PLATFORM', CREATE, '{}', { target: LOJA }))).status, 200); // targets don't substitute, nor hurt
    const DETAIL = '/v3/onboarding/master_accounts/detail';
    assert.equal((await send(DETAIL, '{}', await sign('ACCOUNT', DETAIL, '{}'))).status, 403);
    assert.equal((await send(DETAIL, '{}', await sign('USER', DETAIL, '{}'))).status, 200);
  });

  it('missing headers, unknown client, invalid JSON', async () => {
    const { ['X-Signature']: _s, ...unsigned } = await sign('ACCOUNT', LIST, '{}');
    assert.equal((await send(LIST, '{}', unsigned)).reason, 'missing_header');
    const stranger = { ...(await sign('ACCOUNT', LIST, '{}')), 'X-Client-ID': 'cli_nobody' };
    assert.equal((await send(LIST, '{}', stranger)).reason, 'unknown_client');
    const json = await send(LIST, '{not json', await sign('ACCOUNT', LIST, '{not json'));
    // Its own envelope code, not §7.2's 400 (stale merchant order date).
    assert.deepEqual([json.status, json.code, json.reason], [400, 'invalid_json', 'not_json']);
  });

  it('validates with the client schemas: 4000 missing, 4002 invalid, managed codes (HTTP 200)', async () => {
    const CONFIRM = '/v3/transfers/pix/qr-code-confirm';
    const missing = JSON.stringify({ merchant_order_id: merchantOrderId(), amount: '1.00' });
    const m = await send(CONFIRM, missing, await sign('ACCOUNT', CONFIRM, missing));
    assert.deepEqual([m.status, m.code, m.data], [200, 4000, null]);
    const badAmount = JSON.stringify({ ref_id: 'r', merchant_order_id: merchantOrderId(), amount: '1.005' });
    assert.equal((await send(CONFIRM, badAmount, await sign('ACCOUNT', CONFIRM, badAmount))).code, 4002);
    const floatAmount = JSON.stringify({ ref_id: 'r', merchant_order_id: merchantOrderId(), amount: 1 });
    assert.equal((await send(CONFIRM, floatAmount, await sign('ACCOUNT', CONFIRM, floatAmount))).code, 4002);

    const MANAGED_LIST = '/v3/onboarding/managed_accounts/list';
    const status9 = '{"status":9}';
    assert.equal((await send(MANAGED_LIST, status9, await sign('USER', MANAGED_LIST, status9))).code, 'field_invalid');
    const ROTATE = '/v3/onboarding/managed_accounts/credentials/rotate';
    const both = '{"reference_id":"a","account":{}}';
    assert.equal((await send(ROTATE, both, await sign('USER', ROTATE, both))).code, 'invalid_parameter');
    const UPDATE = '/v3/onboarding/managed_accounts/update';
    assert.equal((await send(UPDATE, '{}', await sign('USER', UPDATE, '{}'))).code, 'invalid_parameter');
  });

  it('every §4.2–4.8 route exists and answers unsigned requests with a 401 envelope', async () => {
    assert.equal(ALL_OPERATIONS.length, 31);
    for (const op of ALL_OPERATIONS) {
      const r = await send(op.path, '{}', { 'Content-Type': 'application/json' });
      assert.deepEqual([r.status, r.code, r.reason], [401, 401, 'missing_header'], op.path);
    }
    const get = await fetch(`${sandbox.url}${LIST}`);
    assert.equal(get.status, 404);
  });

  it('the window follows the sandbox clock: a client sharing it keeps working after time moves', async () => {
    const moved = await createSandbox();
    try {
      moved.clock.advance(49 * 3_600_000);
      const stale = clientFor('ACCOUNT', moved.url);
      await assert.rejects(stale.infractions.list({}), (e: unknown) => (e as { reason?: string }).reason === 'timestamp_out_of_window');
      const shared = clientFor('ACCOUNT', moved.url, { now: () => moved.clock.now() });
      assert.ok(await shared.infractions.list({}));
      const refund = await shared.refunds.create({
        original_settlement_id: 'stl_sandbox_inbound_fresh',
        merchant_order_id: merchantOrderId(moved.clock.now()),
        amount: '1.00',
      });
      assert.equal(refund.txn_status, 1);
    } finally {
      await moved.close();
    }
  });

  it('a nonce stays spent for as long as its timestamp is in the window, to the last millisecond', async () => {
    const frozen = await createSandbox({ clock: createClock({ frozenAt: Date.UTC(2026, 2, 14, 12) }) });
    try {
      // Signed at the far edge of the window: the timestamp is accepted until 2 × the tolerance after the first answer.
      const { clientId, secret } = v3Credential('ACCOUNT');
      const headers = await signRequest({
        method: 'POST',
        path: LIST,
        body: '{}',
        clientId,
        secret,
        timestamp: frozen.clock.now() + TIMESTAMP_TOLERANCE_MS,
      });
      const resend = async () => {
        const res = await fetch(`${frozen.url}${LIST}`, { method: 'POST', headers, body: '{}' });
        return [res.status, ((await res.json()) as { data: { reason?: string } | null }).data?.reason];
      };
      assert.deepEqual(await resend(), [200, undefined]);
      frozen.clock.advance(2 * TIMESTAMP_TOLERANCE_MS);
      assert.deepEqual(await resend(), [401, 'nonce_replayed'], 'the same request again, its timestamp still in the window');
      frozen.clock.advance(1);
      assert.deepEqual(await resend(), [401, 'timestamp_out_of_window']);
    } finally {
      await frozen.close();
    }
  });
});
