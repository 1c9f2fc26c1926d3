import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalString, computeSignature, contentHash, importSigningKey, signRequest } from './signing.js';

/**
 * The vectors of docs/signing.md. They were cross-checked with
 * `openssl dgst -sha256 -hmac`; keep both in sync.
 */
const SECRET = 'sec_test_vector_0001';
const CLIENT = 'cli_test_vector';
const TS = 1767225600000; // 2026-01-01T00:00:00Z

const VECTORS = [
  {
    name: 'vector 1: no target',
    input: {
      method: 'POST',
      path: '/v3/transfers/status/check',
      body: '{"txn_id":"txn_0001"}',
      nonce: '000102030405060708090a0b0c0d0e0f',
      target: null,
    },
    contentHash: 'd3fb2498199f8fe62bb1ffb22479bfbd1d07673146b585c71f15f885820afc0c',
    canonical:
      'POST\n/v3/transfers/status/check\ncli_test_vector\n1767225600000\n000102030405060708090a0b0c0d0e0f\n' +
      'd3fb2498199f8fe62bb1ffb22479bfbd1d07673146b585c71f15f885820afc0c\n\n',
    signature: 'ea11ed7f5cdffa05d6d99bc94b90441986ea760534bdb0e9d449fb807554ee8f',
  },
  {
    name: 'vector 2: target pair, ISPB with spaces (trimmed)',
    input: {
      method: 'POST',
      path: '/v3/refunds/pix',
      body: '{"original_settlement_id":"stl_0001","merchant_order_id":"260101ORDER0001","amount":"12.50"}',
      nonce: '0f0e0d0c0b0a09080706050403020100',
      target: { ispb: ' 12345678 ', accountNumber: '0001234567' },
    },
    contentHash: '87589fb3f77768a444a067f05d2af64ae501dba304a64d535003fb782439d0e7',
    canonical:
      'POST\n/v3/refunds/pix\ncli_test_vector\n1767225600000\n0f0e0d0c0b0a09080706050403020100\n' +
      '87589fb3f77768a444a067f05d2af64ae501dba304a64d535003fb782439d0e7\n12345678\n0001234567',
    signature: '00953c3b3048a3b6492088f2882e2cb4eff8a6e2ebf123f17e2c0db29adefbab',
  },
  {
    name: 'vector 3: query string and non-ASCII body (UTF-8 bytes)',
    input: {
      method: 'post',
      path: '/v3/med/list?page=2',
      body: '{"memo":"Pão de queijo"}',
      nonce: 'nonce-vector-0003',
      target: null,
    },
    contentHash: '138abf4487135daa2be401e1efc1068e9261e8a2c0d6e402a09310855646bad2',
    canonical:
      'POST\n/v3/med/list?page=2\ncli_test_vector\n1767225600000\nnonce-vector-0003\n' +
      '138abf4487135daa2be401e1efc1068e9261e8a2c0d6e402a09310855646bad2\n\n',
    signature: '30ab42491e757a187ed43481843d6b79f24b664d5bda4bc227055069e09da15d',
  },
] as const;

describe('signing vectors (docs/signing.md)', () => {
  for (const v of VECTORS) {
    it(v.name, async () => {
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
