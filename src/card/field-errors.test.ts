import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyFields, type FieldValues } from './field-values.js';
import { checkFields, firstInvalid } from './field-errors.js';

const NOW = new Date(2026, 10, 21, 12); // 21 Nov 2026, local time
const VALID: FieldValues = { number: '4111 1111 1111 1111', holderName: 'Ana Silva', expiry: '12 / 31', cvv: '123' };
const fieldErrors = (values: FieldValues, options: Parameters<typeof checkFields>[1]) => checkFields(values, options).errors;
const check = (values: Partial<FieldValues>) => fieldErrors({ ...VALID, ...values }, { now: NOW });

test('a valid card has no field errors', () => {
  assert.deepEqual(check({}), {});
  assert.equal(firstInvalid(check({})), undefined);
});

test('the same check gives the card as tokenize sends it: digits only, name trimmed, month and four-digit year', () => {
  const { errors, card } = checkFields({ ...VALID, holderName: '  Ana Silva ' }, { now: NOW });
  assert.deepEqual(errors, {});
  assert.deepEqual(card, {
    number: '4111111111111111',
    holderName: 'Ana Silva',
    expirationMonth: '12',
    expirationYear: '2031',
    cvv: '123',
  });
});

test('an empty form: every field is required, each with its card.* path', () => {
  assert.deepEqual(fieldErrors(emptyFields(), { now: NOW }), {
    number: { code: 'required', path: 'card.number' },
    holderName: { code: 'required', path: 'card.holderName' },
    expiry: { code: 'required', path: 'card.expirationMonth' },
    cvv: { code: 'required', path: 'card.cvv' },
  });
});

test('each field reports the validator code of its own problem', () => {
  assert.deepEqual(check({ number: '4111 1111 1111 1112' }), { number: { code: 'failed_luhn', path: 'card.number' } });
  assert.deepEqual(check({ holderName: '   ' }), { holderName: { code: 'required', path: 'card.holderName' } });
  assert.deepEqual(check({ cvv: '12' }), { cvv: { code: 'invalid_cvv_length', path: 'card.cvv' } });
  // The CVV is checked against the brand of the number.
  assert.deepEqual(check({ number: '3782 822463 10005', cvv: '123' }), { cvv: { code: 'invalid_cvv_length', path: 'card.cvv' } });
});

test('a complete expiry points at the month or the year, whichever is at fault', () => {
  assert.deepEqual(check({ expiry: '13 / 31' }), { expiry: { code: 'invalid_month', path: 'card.expirationMonth' } });
  assert.deepEqual(check({ expiry: '01 / 20' }), { expiry: { code: 'expired', path: 'card.expirationYear' } });
  assert.deepEqual(check({ expiry: '10 / 26' }), { expiry: { code: 'expired', path: 'card.expirationMonth' } });
  assert.deepEqual(check({ expiry: '12 / 99' }), { expiry: { code: 'too_far_in_future', path: 'card.expirationYear' } });
});

test('a partly typed expiry (one to three digits) is too short, whatever its digits say so far', () => {
  assert.deepEqual(check({ expiry: '1' }), { expiry: { code: 'too_short', path: 'card.expirationMonth' } });
  assert.deepEqual(check({ expiry: '0' }), { expiry: { code: 'too_short', path: 'card.expirationMonth' } });
  assert.deepEqual(check({ expiry: '12' }), { expiry: { code: 'too_short', path: 'card.expirationYear' } });
  assert.deepEqual(check({ expiry: '13' }), { expiry: { code: 'too_short', path: 'card.expirationMonth' } });
  assert.deepEqual(check({ expiry: '12 / 3' }), { expiry: { code: 'too_short', path: 'card.expirationYear' } });
  // Four digits are a whole date again: its own error, not "too short".
  assert.deepEqual(check({ expiry: '13 / 00' }), { expiry: { code: 'invalid_month', path: 'card.expirationMonth' } });
});

test('the first invalid field follows the filling order, not the order of the checks', () => {
  assert.equal(firstInvalid(check({ cvv: '', holderName: '' })), 'holderName');
  assert.equal(firstInvalid(check({ cvv: '', expiry: '1' })), 'expiry');
  assert.equal(firstInvalid(fieldErrors(emptyFields(), { now: NOW })), 'number');
});

test("a brand the merchant does not take is the number's error as soon as it is detected", () => {
  const accepted = ['visa', 'elo'] as const;
  assert.deepEqual(fieldErrors({ ...emptyFields(), number: '37' }, { now: NOW, accepted }).number, {
    code: 'brand_not_accepted',
    path: 'card.number',
    brand: 'amex',
  });
  assert.deepEqual(fieldErrors({ ...VALID, number: '3782 822463 10005', cvv: '1234' }, { now: NOW, accepted }), {
    number: { code: 'brand_not_accepted', path: 'card.number', brand: 'amex' },
  });
  // Elo inside Visa's 4: the longest prefix decides what is refused.
  assert.equal(fieldErrors({ ...VALID, number: '4389 3500 0000 0002' }, { now: NOW, accepted: ['visa'] }).number?.brand, 'elo');
  assert.deepEqual(fieldErrors({ ...VALID, number: '6362 9700 0045 7013' }, { now: NOW, accepted }), {});
  assert.deepEqual(check({}), {});
  assert.equal(fieldErrors({ ...emptyFields(), number: '3' }, { now: NOW, accepted }).number?.code, 'too_short');
});
