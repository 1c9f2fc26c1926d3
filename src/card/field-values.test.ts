import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FIELDS } from './field-names.js';
import { cardPathsOf, emptyFields, fieldOf, isEmpty, toCardInput } from './field-values.js';
import type { CardErrorPath } from './types.js';

test('four fields, in the order a person fills them', () => {
  assert.deepEqual(FIELDS, ['number', 'holderName', 'expiry', 'cvv']);
});

test('empty fields are empty; any one character is not', () => {
  assert.deepEqual(emptyFields(), { number: '', holderName: '', expiry: '', cvv: '' });
  assert.equal(isEmpty(emptyFields()), true);
  for (const field of FIELDS) assert.equal(isEmpty({ ...emptyFields(), [field]: ' ' }), false, field);
  // Each call gives a new object, so clearing one form never clears another.
  assert.notEqual(emptyFields(), emptyFields());
});

test('the fields as shown become the card for tokenize, the expiry split into month and four-digit year', () => {
  assert.deepEqual(toCardInput({ number: '4111 1111 1111 1111', holderName: 'Ana Silva', expiry: '12 / 31', cvv: '123' }), {
    number: '4111 1111 1111 1111',
    holderName: 'Ana Silva',
    expirationMonth: '12',
    expirationYear: '2031',
    cvv: '123',
  });
  assert.deepEqual(toCardInput({ ...emptyFields(), expiry: '1' }), {
    number: '',
    holderName: '',
    expirationMonth: '1',
    expirationYear: '',
    cvv: '',
  });
});

test('fields map to card.* paths and back', () => {
  assert.deepEqual(cardPathsOf('number'), ['card.number']);
  assert.deepEqual(cardPathsOf('holderName'), ['card.holderName']);
  assert.deepEqual(cardPathsOf('expiry'), ['card.expirationMonth', 'card.expirationYear']);
  assert.deepEqual(cardPathsOf('cvv'), ['card.cvv']);
  const every: CardErrorPath[] = ['card.number', 'card.holderName', 'card.expirationMonth', 'card.expirationYear', 'card.cvv'];
  assert.deepEqual(every.map(fieldOf), ['number', 'holderName', 'expiry', 'expiry', 'cvv']);
  for (const field of FIELDS) for (const path of cardPathsOf(field)) assert.equal(fieldOf(path), field, path);
});
