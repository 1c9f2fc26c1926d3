import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cardValues, knownSecrets, readBytes, readText, scrubBody } from './scrub.js';

const encode = (text: string) => new TextEncoder().encode(text);

describe('the log reads an answer from the string it was built from, as it would from its bytes', () => {
  const known = knownSecrets(['a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2']);
  const texts = [
    JSON.stringify({ code: 200, message: 'success', data: { txn_status: 1 }, time: 1795758819606 }),
    JSON.stringify({ code: 401, message: 'Basic c2tfdGVzdDo= was sent', data: { cvv: '123', card: '4111 1111 1111 1111' } }),
    'not json at all, sk_test_51LojaExemploSecret0001',
    // A lone surrogate: its UTF-8 bytes read back as U+FFFD.
    `{"name":"\uD800 x"}`,
    `"${'é'.repeat(40_000)}"`,
    JSON.stringify({ pad: 'x'.repeat(70_000) }),
    'null',
  ];
  for (const text of texts) {
    it(`${text.slice(0, 40)}… (${text.length} characters)`, () => {
      const fromBytes = scrubBody(readBytes(encode(text)), known);
      assert.equal(scrubBody(readText(text), known), fromBytes);
      const parsed = (() => {
        try {
          return { value: JSON.parse(text) as unknown };
        } catch {
          return null;
        }
      })();
      assert.equal(scrubBody(readText(text, parsed), known), fromBytes);
    });
  }

  it('no body, no text', () => {
    assert.equal(scrubBody(readBytes(new Uint8Array(0)), known), null);
    assert.equal(scrubBody(readText(''), known), null);
  });

  it("finds a tokenization's card values, read once for both uses, even past the limit", () => {
    const small = encode(JSON.stringify({ card: { number: '4000000000000002', cvv: '987' } }));
    assert.deepEqual(cardValues(readBytes(small), small), ['4000000000000002', '987']);
    const large = encode(JSON.stringify({ card: { number: '4000000000000002', cvv: '987' }, pad: 'x'.repeat(70_000) }));
    assert.deepEqual(cardValues(readBytes(large), large), ['4000000000000002', '987']);
    assert.deepEqual(cardValues(null, null), []);
  });
});
