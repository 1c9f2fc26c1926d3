import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cardValues, knownSecrets, readBytes, readText, scrubAnswer, scrubBody } from './scrub.js';

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

describe("an answer's time", () => {
  const known = knownSecrets([]);
  const envelope = (time: unknown, data: unknown = { txn_status: 1 }) => JSON.stringify({ code: 200, message: 'success', data, time });

  it('is shown as the number the sandbox wrote, a frozen clock whose digits pass the Luhn check included', () => {
    for (const time of [1795758819606, 1773489600000]) {
      const shown = scrubAnswer(readText(envelope(time)), known)!;
      assert.deepEqual(JSON.parse(shown), { code: 200, message: 'success', data: { txn_status: 1 }, time });
      // As a request body the same text is not the sandbox's own: its 13 digits are redacted as a card's.
      assert.match(scrubBody(readText(envelope(time)), known)!, /"time": \[redacted\]/);
    }
  });

  it('keeps its place among the keys, and a card number anywhere else in the answer is still redacted', () => {
    const text = JSON.stringify({
      time: 1795758819606,
      code: 200,
      data: { time: 4111111111111111, card: 4111111111111111, memo: '4111 1111 1111 1111' },
    });
    const shown = scrubAnswer(readText(text), known)!;
    assert.equal(Object.keys(JSON.parse(shown.replaceAll('[redacted]', '0')))[0], 'time');
    assert.match(shown, /"time": 1795758819606/);
    assert.doesNotMatch(shown, /4111/);
  });

  it('is put back in its own place when the answer echoes the text that stands for it', () => {
    const shown = scrubAnswer(readText(envelope(1795758819606, { memo: 'sandbox-clock' })), known)!;
    assert.deepEqual(JSON.parse(shown), { code: 200, message: 'success', data: { memo: 'sandbox-clock' }, time: 1795758819606 });
  });

  it('that is not a whole number is redacted as any other value', () => {
    for (const time of ['4111111111111111', 4111111111111111.5, [4111111111111111]]) {
      assert.doesNotMatch(scrubAnswer(readText(envelope(time)), known)!, /4111/);
    }
    assert.equal(scrubAnswer(readText('not json 4111111111111111'), known), scrubBody(readText('not json 4111111111111111'), known));
    assert.equal(scrubAnswer(null, known), null);
  });
});
