import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_UPSTREAM_TEXT, REDACTED, redact, redactCardData, redactDeep, redactIdentifier } from './redact.js';

describe('redact: upstream text before it reaches an error', () => {
  const SIGNATURE = 'ea11ed7f5cdffa05d6d99bc94b90441986ea760534bdb0e9d449fb807554ee8f';
  const BASIC = `Basic ${Buffer.from('sk_test_51LojaExemploSecret0001:').toString('base64')}`;

  it('removes credentials, signatures and secrets, keeping what they were', () => {
    const out = redact(
      `Authorization: ${BASIC}; X-Signature: ${SIGNATURE}; secret=sec_test_user_9f3b2c7d1e5a4b60 key sk_live_abcdef123456`,
    );
    for (const leak of [BASIC.slice(6), SIGNATURE, 'sec_test_user_9f3b2c7d1e5a4b60', 'sk_live_abcdef123456'])
      assert.equal(out.includes(leak), false, out);
    assert.match(out, /Authorization: /);
    assert.match(out, /X-Signature: \[redacted\]/);
    assert.equal(redact(`Bearer pk_test_51LojaExemploActive0001`), `Bearer ${REDACTED}`);
  });

  it('removes anything that looks like a card number: 13 to 19 digits, with or without spaces or dashes', () => {
    for (const pan of [
      '4111111111111111',
      '4111 1111 1111 1111',
      '4111-1111-1111-1111',
      '378282246310005',
      '3782 822463 10005',
      '6062825624254001',
      '4000000000000000002',
      '4111111111111',
    ]) {
      assert.equal(redact(`card ${pan} refused`), `card ${REDACTED} refused`, pan);
    }
    // Shorter runs are not card numbers: codes, amounts, the last four digits.
    assert.equal(redact('code 4003014, amount 1234.56, ending 1111'), 'code 4003014, amount 1234.56, ending 1111');
  });

  it('removes card fields echoed as JSON, and exact known values of any shape', () => {
    const echoed = JSON.stringify({ card: { number: '4111111111111111', cvv: '123', holderName: 'Ana Maria Silva' } });
    const out = redact(echoed, ['Ana Maria Silva']);
    assert.equal(out.includes('4111111111111111'), false);
    assert.equal(out.includes('"123"'), false);
    assert.equal(out.includes('Ana Maria Silva'), false);
    assert.equal(redact('my secret is hunter2-x', ['hunter2-x']), `my secret is ${REDACTED}`);
  });

  it("redactCardData (tokenize): card numbers and the card's own values, nothing else", () => {
    const echoed = JSON.stringify({ card: { number: '4111 1111 1111 1111', cvv: '987' }, other: '5555-5555-5555-4444' });
    const out = redactCardData(echoed, ['4111111111111111', '987']);
    for (const leak of ['4111 1111 1111 1111', '987', '5555-5555-5555-4444']) assert.equal(out.includes(leak), false, out);
    assert.equal(redactCardData('card refused (code 4002)'), 'card refused (code 4002)');
  });

  it('leaves ordinary service text alone and cuts long text', () => {
    const text = 'The QR code is invalid (crc_mismatch); initiate again.';
    assert.equal(redact(text), text);
    assert.equal(redact('word '.repeat(200)).length, MAX_UPSTREAM_TEXT + 1);
  });

  it('redactDeep copies JSON with every string and key redacted, bounded in depth', () => {
    const data = { reason: `sig ${SIGNATURE}`, nested: [{ pan: '5555 5555 5555 4444' }], n: 4, [`k${SIGNATURE}`]: true };
    const out = JSON.stringify(redactDeep(data));
    assert.equal(out.includes(SIGNATURE), false);
    assert.equal(out.includes('5555 5555 5555 4444'), false);
    assert.match(out, /"n":4/);
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    assert.doesNotThrow(() => JSON.stringify(redactDeep(deep)));
  });

  it('redactIdentifier keeps hex and digit runs that are no card, and removes those that pass Luhn, and known values', () => {
    assert.equal(redactIdentifier('0933e0a991f34d39c521c446f4643633'), '0933e0a991f34d39c521c446f4643633');
    assert.equal(redactIdentifier('1795633621207'), '1795633621207');
    assert.equal(redactIdentifier('nonce4111111111111111x'), `nonce${REDACTED}x`);
    assert.equal(redactIdentifier('cli_sec_test_x_0001', ['sec_test_x_0001']), `cli_${REDACTED}`);
  });
  it('finds a rule whether it matches at the start, the end or case-folded in a long text, and leaves plain text as it was', () => {
    const filler = 'plain words, no secret '.repeat(20);
    assert.equal(redact(filler, [], 1_000), filler);
    assert.equal(redact('txn_status', ['sec_test_user_9f3b2c7d1e5a4b60']), 'txn_status');
    assert.equal(redact(`4111111111111111 ${filler}`, [], 1_000), `${REDACTED} ${filler}`);
    assert.equal(redact(`${filler}CVV: 123`, [], 1_000), `${filler}CVV: ${REDACTED}`);
    assert.equal(redact(`${filler}bearer abc`, [], 1_000), `${filler}bearer ${REDACTED}`);
    assert.equal(redact(`${filler}SK_live_abcdef123456`, [], 1_000), `${filler}SK_live_abcdef123456`);
  });
});
