import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatCardNumber, formatExpiry, maxCardDigits } from './formatters.js';
import { parseExpiry, digitsOnly } from './parsers.js';

test('groups in fours by default, up to 19 digits', () => {
  assert.equal(formatCardNumber('4111111111111111'), '4111 1111 1111 1111');
  assert.equal(formatCardNumber('4111111111111111111'), '4111 1111 1111 1111 111');
  assert.equal(formatCardNumber('41111'), '4111 1');
  assert.equal(formatCardNumber(''), '');
});

test('Amex groups 4-6-5 and stops at 15', () => {
  assert.equal(formatCardNumber('378282246310005'), '3782 822463 10005');
  assert.equal(formatCardNumber('3782822463100059999'), '3782 822463 10005');
  assert.equal(formatCardNumber('37828'), '3782 8');
});

test('14-digit Diners groups 4-6-4; longer Diners groups in fours', () => {
  assert.equal(formatCardNumber('36000000000008'), '3600 000000 0008');
  assert.equal(formatCardNumber('3000000000000004'), '3000 0000 0000 0004');
});

test('Elo inside the Visa range uses Elo rules (16 digits max)', () => {
  assert.equal(maxCardDigits('438935'), 16);
  assert.equal(formatCardNumber('43893500000000021234'), '4389 3500 0000 0002');
  assert.equal(maxCardDigits('4111'), 19);
  assert.equal(maxCardDigits('9'), 19);
});

test('pasted separators and stray characters are dropped', () => {
  assert.equal(formatCardNumber('4111 1111-1111 1111'), '4111 1111 1111 1111');
  assert.equal(formatCardNumber(' 4111a1111.1111/1111 '), '4111 1111 1111 1111');
  assert.equal(digitsOnly('12-34 5x6'), '123456');
});

test('expiry formats as MM / YY', () => {
  assert.equal(formatExpiry('1'), '1');
  assert.equal(formatExpiry('12'), '12');
  assert.equal(formatExpiry('123'), '12 / 3');
  assert.equal(formatExpiry('1230'), '12 / 30');
  assert.equal(formatExpiry('12309'), '12 / 30');
  assert.equal(formatExpiry('4'), '04');
  assert.equal(formatExpiry('430'), '04 / 30');
  assert.equal(formatExpiry('12/2030'), '12 / 30');
  assert.equal(formatExpiry('3/2031'), '03 / 31');
});

test('expiry parses to a two-digit month and four-digit year', () => {
  assert.deepEqual(parseExpiry('12 / 30'), { month: '12', year: '2030' });
  assert.deepEqual(parseExpiry('1230'), { month: '12', year: '2030' });
  assert.deepEqual(parseExpiry('3/2031'), { month: '03', year: '2031' });
  assert.deepEqual(parseExpiry('122031'), { month: '12', year: '2031' });
  assert.deepEqual(parseExpiry('12'), { month: '12', year: '' });
  assert.deepEqual(parseExpiry(''), { month: '', year: '' });
});
