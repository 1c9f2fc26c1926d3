import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectBrand } from '../card/brand-detection.js';
import { validateNumber } from '../card/validators.js';
import { parseTaxId } from '../document/tax-id.js';
import { DECLINING_TEST_CARDS, TEST_CARDS, TEST_TAX_IDS } from './test-cards.js';

test('each test card is detected as the brand it is listed under, and is a valid number', () => {
  for (const card of [...TEST_CARDS, ...DECLINING_TEST_CARDS]) {
    assert.equal(detectBrand(card.number), card.brand, card.number);
    assert.equal(validateNumber(card.number), null, card.number);
  }
});

test('the list has the real Brazilian test numbers: Elo from 636297 and 5066, Hipercard', () => {
  const numbers = TEST_CARDS.map((card) => card.number as string);
  for (const number of ['6362970000457013', '5066991111111118', '6062828888666688']) assert.ok(numbers.includes(number), number);
});

test('each test document is a valid one of its kind, as the form and the charges read it', () => {
  for (const { kind, value } of TEST_TAX_IDS) assert.equal(parseTaxId(value)?.kind, kind.toLowerCase(), value);
});
