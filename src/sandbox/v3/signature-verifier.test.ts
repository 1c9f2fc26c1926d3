import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NONCE_RETENTION_MS, signRequest, TIMESTAMP_TOLERANCE_MS, type SignedHeaders } from '../../server/signing.js';
import { NonceCache } from './nonce-cache.js';
import { verifySignedRequest } from './signature-verifier.js';

/** The credential and time of the docs/signing.md vectors. */
const SECRET = 'sec_test_vector_0001';
const CLIENT = 'cli_test_vector';
const TS = 1767225600000; // 2026-01-01T00:00:00Z

describe('verifySignedRequest', () => {
  const now = TS + 1000;
  const base = { method: 'POST', path: '/v3/refunds/pix', body: '{"a":1}', clientId: CLIENT, secret: SECRET, timestamp: now };
  const verify = async (
    headers: SignedHeaders | Promise<SignedHeaders>,
    overrides: { body?: string; path?: string; now?: number; nonces?: NonceCache } = {},
  ) => {
    const sent = await headers;
    return verifySignedRequest({
      method: 'POST',
      path: overrides.path ?? base.path,
      header: (name) => Object.entries(sent).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1],
      body: new TextEncoder().encode(overrides.body ?? base.body),
      now: overrides.now ?? now,
      secretFor: (id) => (id === CLIENT ? SECRET : undefined),
      nonces: overrides.nonces ?? new NonceCache(),
    });
  };
  const reason = async (r: ReturnType<typeof verify>) => {
    const result = await r;
    return result.ok ? 'ok' : result.reason;
  };

  it('accepts a well-signed request and reports the trimmed target', async () => {
    const r = await verify(signRequest({ ...base, target: { ispb: ' 12345678', accountNumber: '42 ' } }));
    assert.deepEqual(r, { ok: true, clientId: CLIENT, target: { ispb: '12345678', accountNumber: '42' } });
  });

  it('signs the body even when X-Content-Hash is left out', async () => {
    const headers = await signRequest(base);
    delete headers['X-Content-Hash'];
    assert.equal(await reason(verify(headers)), 'ok');
    assert.equal(await reason(verify(headers, { body: '{"a":2}' })), 'signature_mismatch');
  });

  it('rejects each kind of tampering with a stable reason', async () => {
    const h = await signRequest(base);
    assert.equal(await reason(verify(h, { body: '{"a":2}' })), 'content_hash_mismatch');
    assert.equal(await reason(verify(h, { path: '/v3/refunds/pix?x=1' })), 'signature_mismatch');
    assert.equal(await reason(verify({ ...h, 'X-Timestamp': String(now + 1) })), 'signature_mismatch');
    assert.equal(await reason(verify({ ...h, 'X-Nonce': 'ffffffffffffffffffffffffffffffff' })), 'signature_mismatch');
    assert.equal(await reason(verify({ ...h, 'X-ISPB': '1', 'X-Account-Number': '2' })), 'signature_mismatch');
    assert.equal(await reason(verify({ ...h, 'X-ISPB': '1' })), 'target_pair_incomplete');
    assert.equal(await reason(verify({ ...h, 'X-Client-ID': 'someone_else' })), 'unknown_client');
    const { ['X-Signature']: _s, ...unsigned } = h;
    assert.equal(await reason(verify(unsigned)), 'missing_header');
    assert.equal(await reason(verify({ ...h, 'X-Signature': 'ABC' })), 'malformed_header');
    const lastCharacter = h['X-Signature']!.endsWith('0') ? '1' : '0';
    assert.equal(await reason(verify({ ...h, 'X-Signature': h['X-Signature']!.slice(0, -1) + lastCharacter })), 'signature_mismatch');
    assert.equal(await reason(verify(h)), 'ok');
  });

  it('enforces the ±5 min window on the verifier clock', async () => {
    assert.equal(TIMESTAMP_TOLERANCE_MS, 300_000);
    const h = await signRequest(base);
    assert.equal(await reason(verify(h, { now: now + TIMESTAMP_TOLERANCE_MS })), 'ok');
    assert.equal(await reason(verify(signRequest(base), { now: now + TIMESTAMP_TOLERANCE_MS + 1 })), 'timestamp_out_of_window');
    assert.equal(await reason(verify(signRequest(base), { now: now - TIMESTAMP_TOLERANCE_MS - 1 })), 'timestamp_out_of_window');
  });

  it('rejects a replayed nonce while it is retained, and only after the signature checks out', async () => {
    const nonces = new NonceCache();
    const h = await signRequest(base);
    assert.equal(await reason(verify({ ...h, 'X-Signature': '0'.repeat(64) }, { nonces })), 'signature_mismatch');
    assert.equal(await reason(verify(h, { nonces })), 'ok');
    assert.equal(await reason(verify(h, { nonces })), 'nonce_replayed');
    assert.ok(NONCE_RETENTION_MS >= 2 * TIMESTAMP_TOLERANCE_MS);
  });

  it('lets one of two concurrent requests with the same nonce through', async () => {
    const nonces = new NonceCache();
    const h = await signRequest(base);
    const verdicts = await Promise.all([reason(verify(h, { nonces })), reason(verify(h, { nonces }))]);
    assert.deepEqual(verdicts.sort(), ['nonce_replayed', 'ok']);
  });
});
