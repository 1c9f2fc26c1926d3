import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isAccepted, parseAcceptedBrands } from './accepted-brands.js';

test('the attribute lists brands by spaces or commas, in any case', () => {
  assert.deepEqual(parseAcceptedBrands('visa mastercard elo'), ['visa', 'mastercard', 'elo']);
  assert.deepEqual(parseAcceptedBrands(' Visa,ELO\n hipercard '), ['visa', 'elo', 'hipercard']);
});

test('unknown words are skipped; nothing usable means every brand', () => {
  assert.deepEqual(parseAcceptedBrands('visa maestro'), ['visa']);
  assert.equal(parseAcceptedBrands('maestro'), null);
  assert.equal(parseAcceptedBrands(''), null);
  assert.equal(parseAcceptedBrands(null), null);
  assert.equal(parseAcceptedBrands(undefined), null);
});

test('a listed brand is accepted, any other is not; no list accepts all', () => {
  const accepted = parseAcceptedBrands('visa elo');
  assert.ok(isAccepted('visa', accepted));
  assert.ok(isAccepted('elo', accepted));
  assert.ok(!isAccepted('amex', accepted));
  assert.ok(!isAccepted('hipercard', accepted));
  assert.ok(isAccepted('amex', null));
});
