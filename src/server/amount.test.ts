import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { amountToCents, centsToAmount, isValidAmount } from './amount.js';
import { Amount } from './schemas/common.js';

describe('amount helpers', () => {
  it('converts cents to a two-place decimal string', () => {
    assert.equal(centsToAmount(12345), '123.45');
    assert.equal(centsToAmount(5), '0.05');
    assert.equal(centsToAmount(0), '0.00');
    assert.equal(centsToAmount(10000), '100.00');
    assert.equal(centsToAmount(-250), '-2.50');
    assert.equal(centsToAmount(900719925474099123n), '9007199254740991.23');
  });

  it('refuses fractional or unsafe cents', () => {
    assert.throws(() => centsToAmount(1.5), RangeError);
    assert.throws(() => centsToAmount(Number.MAX_SAFE_INTEGER + 1), RangeError);
  });

  it('converts decimal strings to integer cents without floating point', () => {
    assert.equal(amountToCents('123.45'), 12345);
    assert.equal(amountToCents('7.5'), 750);
    assert.equal(amountToCents('7'), 700);
    assert.equal(amountToCents('0.29'), 29); // 0.29 * 100 is 28.999999999999996 in floating point
    assert.equal(amountToCents('1.15'), 115); // 1.15 * 100 is 114.99999999999999
    assert.equal(amountToCents('-2.50'), -250);
    for (const cents of [0, 1, 29, 115, 4_999_999, 123_456_789]) assert.equal(amountToCents(centsToAmount(cents)), cents);
  });

  it('refuses anything but digits with at most two places', () => {
    for (const bad of ['1.234', '1,50', '', ' 1', '1e3', '.5', '1.', 'abc']) assert.throws(() => amountToCents(bad), RangeError, bad);
    assert.throws(() => amountToCents(12 as unknown as string), RangeError);
    assert.throws(() => amountToCents('90071992547409.92'), /safe integer/);
  });

  it('isValidAmount follows §8: positive, at most two places, a string', () => {
    for (const ok of ['10', '10.5', '10.50', '0.01', '1000000']) assert.equal(isValidAmount(ok), true, ok);
    for (const bad of ['0', '0.00', '-1', '10.505', '01.00', '1.', '.5', 10, ' 1', '1 '])
      assert.equal(isValidAmount(bad), false, String(bad));
  });

  it('the request schema `Amount` accepts exactly what isValidAmount accepts', () => {
    const samples = [
      '10',
      '10.5',
      '10.50',
      '0.01',
      '1000000',
      '0',
      '0.0',
      '0.00',
      '-1',
      '10.505',
      '01.00',
      '1.',
      '.5',
      10,
      ' 1',
      '1 ',
      '',
      undefined,
      null,
    ];
    for (const value of samples) assert.equal(Amount.safeParse(value).success, isValidAmount(value), String(value));
    assert.deepEqual(
      Amount.safeParse('0.00').error?.issues.map((i) => i.message),
      ['must be greater than zero'],
    );
  });
});
