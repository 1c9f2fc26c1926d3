import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NONCE_RETENTION_MS, signRequest, TIMESTAMP_TOLERANCE_MS, type SignedHeaders } from '../../server/signing.js';
import { NonceCache } from './nonce-cache.js';
import { SigningKeyCache, verifySignedRequest } from './signature-verifier.js';

/** The credential and time of the docs/signing.md vectors. */
const SECRET = 'sec_test_vector_0001';
const CLIENT = 'cli_test_vector';
const TS = 1767225600000; // 2026-01-01T00:00:00Z

describe('verifySignedRequest', () => {
  const now = TS + 1000;
  const base = { method: 'POST', path: '/v3/refunds/pix', body: '{"a":1}', clientId: CLIENT, secret: SECRET, timestamp: now };
  // One cache for the whole suite, as the sandbox keeps one: every check below runs with a key made once.
  const sharedKeys = new SigningKeyCache();
  const verify = async (
    headers: SignedHeaders | Promise<SignedHeaders>,
    overrides: {
      body?: string;
      path?: string;
      now?: number;
      nonces?: NonceCache;
      secret?: string | undefined;
      keys?: SigningKeyCache | undefined;
    } = {},
  ) => {
    const sent = await headers;
    const secret = 'secret' in overrides ? overrides.secret : SECRET;
    return verifySignedRequest({
      method: 'POST',
      path: overrides.path ?? base.path,
      header: (name) => Object.entries(sent).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1],
      body: new TextEncoder().encode(overrides.body ?? base.body),
      now: overrides.now ?? now,
      secretFor: (id) => (id === CLIENT ? secret : undefined),
      nonces: overrides.nonces ?? new NonceCache(),
      keys: 'keys' in overrides ? overrides.keys : sharedKeys,
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

  it("agrees with the client's Web Crypto on every byte: UTF-8 beyond ASCII, an empty body, a long one", async () => {
    // The client hashes and signs on Web Crypto, the sandbox on node:crypto: the same hex, or nothing verifies.
    for (const body of ['{"descrição":"Café ☕ 𝄞"}', '', `{"note":"${'x'.repeat(100_000)}"}`]) {
      const signed = await signRequest({ ...base, body });
      assert.deepEqual(await verify(signed, { body }), { ok: true, clientId: CLIENT, target: null }, JSON.stringify(body.slice(0, 20)));
      assert.deepEqual(await verify(signed, { body, keys: undefined }), { ok: true, clientId: CLIENT, target: null });
    }
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

  it('verifies the same without a key cache (the secret imported for the one request)', async () => {
    const h = await signRequest(base);
    assert.equal(await reason(verify(h, { keys: undefined })), 'ok');
    assert.equal(await reason(verify({ ...h, 'X-Signature': '0'.repeat(64) }, { keys: undefined })), 'signature_mismatch');
  });
});

describe('SigningKeyCache', () => {
  const now = TS + 1000;
  const ROTATED = 'sec_test_vector_0002';
  const signed = (secret: string) =>
    signRequest({ method: 'POST', path: '/v3/refunds/pix', body: '{}', clientId: CLIENT, secret, timestamp: now });
  const verify = async (headers: SignedHeaders, secret: string | undefined, keys: SigningKeyCache) => {
    const result = await verifySignedRequest({
      method: 'POST',
      path: '/v3/refunds/pix',
      header: (name) => Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1],
      body: new TextEncoder().encode('{}'),
      now,
      secretFor: (id) => (id === CLIENT ? secret : undefined),
      nonces: new NonceCache(),
      keys,
    });
    return result.ok ? 'ok' : result.reason;
  };

  it("makes a credential's key once, however many requests it verifies", async () => {
    const keys = new SigningKeyCache();
    const first = keys.keyFor(CLIENT, SECRET);
    assert.equal(keys.keyFor(CLIENT, SECRET), first, 'the same key, not a second one');
    for (let i = 0; i < 3; i++) assert.equal(await verify(await signed(SECRET), SECRET, keys), 'ok');
    assert.equal(keys.keyFor(CLIENT, SECRET), first);
    assert.equal(keys.size, 1);
  });

  it('never verifies with the old key once the secret of a client ID is rotated', async () => {
    const keys = new SigningKeyCache();
    const before = await signed(SECRET);
    assert.equal(await verify(before, SECRET, keys), 'ok');
    const oldKey = keys.keyFor(CLIENT, SECRET);

    // Same client ID, new secret: a request signed with the old secret (a fresh nonce, in the window) is refused.
    assert.equal(await verify(await signed(SECRET), ROTATED, keys), 'signature_mismatch');
    assert.equal(await verify(await signed(ROTATED), ROTATED, keys), 'ok');
    assert.notEqual(keys.keyFor(CLIENT, ROTATED), oldKey);
    assert.equal(keys.size, 1, 'the old key is dropped, not kept beside the new one');

    // Rotated back: the key is made again from the secret, not revived from memory.
    assert.notEqual(keys.keyFor(CLIENT, SECRET), oldKey);
  });

  it('forgets the key of a client ID the verifier no longer knows', async () => {
    const keys = new SigningKeyCache();
    assert.equal(await verify(await signed(SECRET), SECRET, keys), 'ok');
    assert.equal(keys.size, 1);
    assert.equal(await verify(await signed(SECRET), undefined, keys), 'unknown_client');
    assert.equal(keys.size, 0);
  });

  it('holds at most its capacity, forgetting the oldest first', () => {
    const keys = new SigningKeyCache(2);
    const a = keys.keyFor('cli_a', 'sec_a_secret');
    keys.keyFor('cli_b', 'sec_b_secret');
    keys.keyFor('cli_c', 'sec_c_secret');
    assert.equal(keys.size, 2);
    assert.notEqual(keys.keyFor('cli_a', 'sec_a_secret'), a, 'cli_a was forgotten, so its key is made again');
  });
});
