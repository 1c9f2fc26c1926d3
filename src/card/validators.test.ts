import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateCard, validateCvv, validateExpiry, validateHolderName, validateNumber } from './validators.js';

const NOW = new Date(2026, 10, 21, 12); // 21 Nov 2026, local time

test('number: 13 to 19 digits, known brand, brand length, Luhn', () => {
  assert.equal(validateNumber('4111111111111111'), null);
  assert.equal(validateNumber('4111 1111-1111 1111'), null);
  assert.equal(validateNumber('4222222222222'), null); // 13-digit Visa
  assert.equal(validateNumber('4111111111111111110'), null); // 19-digit Visa
  assert.equal(validateNumber(''), 'required');
  assert.equal(validateNumber('4111x111111111111'), 'invalid_characters');
  assert.equal(validateNumber('411111111111'), 'too_short'); // 12 digits
  assert.equal(validateNumber('41111111111111111111'), 'too_long'); // 20 digits
  assert.equal(validateNumber('9111111111111111'), 'unsupported_brand');
  assert.equal(validateNumber('37828224631000'), 'invalid_length_for_brand'); // 14-digit Amex
  assert.equal(validateNumber('411111111111111'), 'invalid_length_for_brand'); // 15-digit Visa
  assert.equal(validateNumber('4111111111111112'), 'failed_luhn');
  assert.equal(validateNumber('36000000000008'), null); // 14-digit Diners
  assert.equal(validateNumber('4389350000000002'), null); // Elo
});

test('holder name: not empty after trimming', () => {
  assert.equal(validateHolderName('Ana Silva'), null);
  assert.equal(validateHolderName('   '), 'required');
  assert.equal(validateHolderName(''), 'required');
  assert.equal(validateHolderName('A'.repeat(65)), 'too_long');
});

test('expiry: month 01-12, 4-digit year, current month still valid', () => {
  assert.equal(validateExpiry('11', '2026', NOW), null); // current month
  assert.deepEqual(validateExpiry('10', '2026', NOW), { field: 'card.expirationMonth', code: 'expired' });
  assert.deepEqual(validateExpiry('12', '2025', NOW), { field: 'card.expirationYear', code: 'expired' });
  assert.equal(validateExpiry('01', '2027', NOW), null);
  assert.deepEqual(validateExpiry('00', '2027', NOW), { field: 'card.expirationMonth', code: 'invalid_month' });
  assert.deepEqual(validateExpiry('13', '2027', NOW), { field: 'card.expirationMonth', code: 'invalid_month' });
  assert.deepEqual(validateExpiry('1', '2027', NOW), { field: 'card.expirationMonth', code: 'invalid_month' });
  assert.deepEqual(validateExpiry('12', '27', NOW), { field: 'card.expirationYear', code: 'invalid_year' });
  assert.deepEqual(validateExpiry('', '2027', NOW), { field: 'card.expirationMonth', code: 'required' });
  assert.deepEqual(validateExpiry('12', '', NOW), { field: 'card.expirationYear', code: 'required' });
  assert.deepEqual(validateExpiry('12', '2047', NOW), { field: 'card.expirationYear', code: 'too_far_in_future' });
  assert.equal(validateExpiry('12', '2046', NOW), null);
});

test('expiry: without a date given, the clock decides', () => {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  assert.equal(validateExpiry(month, String(now.getFullYear())), null);
  assert.deepEqual(validateExpiry(month, String(now.getFullYear() - 1)), { field: 'card.expirationYear', code: 'expired' });
});

test('expiry on leap days and month ends', () => {
  const leapDay = new Date(2028, 1, 29, 23, 59);
  assert.equal(validateExpiry('02', '2028', leapDay), null);
  assert.deepEqual(validateExpiry('01', '2028', leapDay), { field: 'card.expirationMonth', code: 'expired' });
  const firstOfMarch = new Date(2028, 2, 1, 0, 0);
  assert.deepEqual(validateExpiry('02', '2028', firstOfMarch), { field: 'card.expirationMonth', code: 'expired' });
  const newYearsEve = new Date(2026, 11, 31, 23, 59);
  assert.equal(validateExpiry('12', '2026', newYearsEve), null);
  assert.deepEqual(validateExpiry('12', '2026', new Date(2027, 0, 1)), { field: 'card.expirationYear', code: 'expired' });
});

test('cvv: 3 digits, 4 for Amex, 3 or 4 while unknown', () => {
  assert.equal(validateCvv('123', 'visa'), null);
  assert.equal(validateCvv('1234', 'visa'), 'invalid_cvv_length');
  assert.equal(validateCvv('12', 'visa'), 'invalid_cvv_length');
  assert.equal(validateCvv('1234', 'amex'), null);
  assert.equal(validateCvv('123', 'amex'), 'invalid_cvv_length');
  assert.equal(validateCvv('1234', null), null);
  assert.equal(validateCvv('12a', 'visa'), 'invalid_characters');
  assert.equal(validateCvv('', 'visa'), 'required');
});

test('validateCard reports every invalid field and normalizes the card', () => {
  const ok = validateCard(
    { number: '4111 1111 1111 1111', holderName: '  Ana Silva ', expirationMonth: '12', expirationYear: '2030', cvv: '123' },
    { now: NOW },
  );
  assert.equal(ok.valid, true);
  assert.equal(ok.brand, 'visa');
  assert.deepEqual(ok.errors, {});
  assert.equal(ok.card.number, '4111111111111111');
  assert.equal(ok.card.holderName, 'Ana Silva');

  const bad = validateCard({ number: '4111', holderName: '', expirationMonth: '13', expirationYear: '2030', cvv: '1' }, { now: NOW });
  assert.equal(bad.valid, false);
  assert.deepEqual(bad.errors, {
    'card.number': 'too_short',
    'card.holderName': 'required',
    'card.expirationMonth': 'invalid_month',
    'card.cvv': 'invalid_cvv_length',
  });
});

test('validateCard survives garbage from untyped callers', () => {
  const r = validateCard(null as never, { now: NOW });
  assert.equal(r.valid, false);
  assert.equal(r.errors['card.number'], 'required');
});
