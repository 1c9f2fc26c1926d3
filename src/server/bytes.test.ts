import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { constantTimeEqual, randomBytes, toBase64, toHex, utf8 } from './bytes.js';

describe('bytes on web standards', () => {
  it('writes hex and base64 as RFC 4648 does', () => {
    assert.equal(toHex(new Uint8Array([0, 1, 15, 16, 171, 255])), '00010f10abff');
    // RFC 4648 §10 test vectors.
    for (const [text, base64] of [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg=='],
      ['fooba', 'Zm9vYmE='],
      ['foobar', 'Zm9vYmFy'],
    ] as const) {
      assert.equal(toBase64(utf8(text)), base64);
    }
    assert.equal(toBase64(new Uint8Array([0xfb, 0xff, 0x00, 0x80])), '+/8AgA==');
  });

  it('encodes UTF-8, not Latin-1', () => {
    assert.deepEqual([...utf8('ã€')], [0xc3, 0xa3, 0xe2, 0x82, 0xac]);
    assert.equal(toBase64(utf8('sk_teste_ã:')), 'c2tfdGVzdGVfw6M6');
  });

  it('compares bytes: equal, different at any place, different lengths', () => {
    const a = utf8('ea11ed7f5cdffa05');
    assert.equal(constantTimeEqual(a, utf8('ea11ed7f5cdffa05')), true);
    for (let i = 0; i < a.length; i++) {
      const b = new Uint8Array(a);
      b[i] = b[i]! ^ 1;
      assert.equal(constantTimeEqual(a, b), false, `differs at ${i}`);
    }
    assert.equal(constantTimeEqual(a, a.subarray(1)), false);
    assert.equal(constantTimeEqual(new Uint8Array(0), new Uint8Array(0)), true);
  });

  it('draws fresh random bytes', () => {
    const a = randomBytes(16);
    assert.equal(a.length, 16);
    assert.notDeepEqual(a, randomBytes(16));
  });
});
