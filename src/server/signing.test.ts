import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  CANONICAL_LINE_LABELS,
  canonicalString,
  computeSignature,
  contentHash,
  importSigningKey,
  nodeHashingOf,
  signRequest,
} from './signing.js';
import { generatedVectors } from '../../test/generated-vectors.js';
import type { SigningVectors } from '../../test/runtimes/suite.js';

/**
 * The vectors of docs/signing.md, written by an independent Python script
 * (signing.vectors.py); the runtime suite (test/runtimes/) checks the same
 * ones in Deno, Bun and workerd.
 */
const {
  secret: SECRET,
  clientId: CLIENT,
  timestamp: TS,
  vectors: VECTORS,
} = generatedVectors<SigningVectors>(new URL('./signing.vectors.py', import.meta.url));
const DOC = readFileSync(new URL('../../docs/signing.md', import.meta.url), 'utf8');

describe('signing vectors (docs/signing.md)', () => {
  for (const v of VECTORS) {
    it(v.name, async () => {
      // The page readers follow is the same contract: every value appears in it.
      for (const value of [v.contentHash, v.signature, v.input.nonce, v.input.path])
        assert.ok(DOC.includes(value), `${value} in docs/signing.md`);
      const hash = await contentHash(v.input.body);
      assert.equal(hash, v.contentHash);
      const canonical = canonicalString({ ...v.input, clientId: CLIENT, timestamp: String(TS), contentHash: hash });
      assert.equal(canonical, v.canonical);
      assert.equal(await computeSignature(SECRET, canonical), v.signature);
      assert.equal(await computeSignature(await importSigningKey(SECRET), canonical), v.signature);
      const headers = await signRequest({ ...v.input, clientId: CLIENT, secret: SECRET, timestamp: TS });
      assert.equal(headers['X-Signature'], v.signature);
      assert.equal(headers['X-Content-Hash'], v.contentHash);
      assert.equal(headers['X-Timestamp'], String(TS));
      assert.equal(headers['X-Nonce'], v.input.nonce);
      assert.equal(headers['X-Client-ID'], CLIENT);
      if (v.input.target) {
        assert.equal(headers['X-ISPB'], v.input.target.ispb.trim());
        assert.equal(headers['X-Account-Number'], v.input.target.accountNumber);
      } else {
        assert.equal('X-ISPB' in headers, false);
        assert.equal('X-Account-Number' in headers, false);
      }
    });
  }

  it('hashes bytes: a string and its UTF-8 bytes give the same hash', async () => {
    assert.equal(await contentHash('{"memo":"Pão"}'), await contentHash(new TextEncoder().encode('{"memo":"Pão"}')));
    assert.equal(await contentHash(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('hashes every size of body as Web Crypto does (Node hashes with node:crypto, Workers with Web Crypto)', async () => {
    const webCrypto = async (bytes: Uint8Array) =>
      Buffer.from(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes))).toString('hex');
    for (const size of [1, 55, 56, 64, 1000, 100_000]) {
      const bytes = new Uint8Array(size).map((_, i) => (i * 31 + size) & 0xff);
      assert.equal(await contentHash(bytes), await webCrypto(bytes), `${size} bytes`);
    }
    const text = `{"memo":"${'ã'.repeat(5000)}"}`;
    assert.equal(await contentHash(text), await webCrypto(new TextEncoder().encode(text)));
  });

  it('takes node:crypto from a real process only, and leaves any stand-in process to Web Crypto', () => {
    assert.notEqual(nodeHashingOf(process), null);
    const stubs = {
      'no process': undefined,
      'a process with env only (a bundler shim)': { env: {} },
      'a getBuiltinModule that throws (an edge sandbox stub)': {
        getBuiltinModule() {
          throw new Error('A Node.js API is used (process.getBuiltinModule) which is not supported in the Edge Runtime.');
        },
      },
      'a module without createHash': { getBuiltinModule: () => ({}) },
      'a createHash that is not SHA-256': {
        getBuiltinModule: () => ({ createHash: () => ({ update: () => ({ digest: () => '00' }) }) }),
      },
      'a createHash that throws': {
        getBuiltinModule: () => ({
          createHash() {
            throw new Error('not here');
          },
        }),
      },
    };
    for (const [name, runtime] of Object.entries(stubs)) assert.equal(nodeHashingOf(runtime), null, name);
  });
});

describe('signRequest', () => {
  it('makes a fresh 32-hex-character nonce per call', async () => {
    const a = await signRequest({ method: 'POST', path: '/v3/x', body: '{}', clientId: 'c', secret: 's' });
    const b = await signRequest({ method: 'POST', path: '/v3/x', body: '{}', clientId: 'c', secret: 's' });
    assert.match(a['X-Nonce']!, /^[0-9a-f]{32}$/);
    assert.notEqual(a['X-Nonce'], b['X-Nonce']);
    assert.equal(a['Content-Type'], 'application/json');
  });

  it('refuses a target without its pair, a full URL, and a missing secret', async () => {
    await assert.rejects(
      () =>
        signRequest({ method: 'POST', path: '/v3/x', body: '{}', clientId: 'c', secret: 's', target: { ispb: '1', accountNumber: ' ' } }),
      /accountNumber/,
    );
    await assert.rejects(
      () => signRequest({ method: 'POST', path: 'https://h/v3/x', body: '{}', clientId: 'c', secret: 's' }),
      /path only/,
    );
    await assert.rejects(() => signRequest({ method: 'POST', path: '/v3/x', body: '{}', clientId: 'c', secret: '' }), /secret/);
  });
});

describe('canonical string labels', () => {
  it('name every line of the canonical string, in order', () => {
    const canonical = canonicalString({
      method: 'post',
      path: '/p',
      clientId: 'c',
      timestamp: '1',
      nonce: 'n',
      contentHash: 'h',
      target: { ispb: 'i', accountNumber: 'a' },
    });
    assert.equal(canonical.split('\n').length, CANONICAL_LINE_LABELS.length);
    assert.deepEqual(canonical.split('\n'), ['POST', '/p', 'c', '1', 'n', 'h', 'i', 'a']);
  });
});
