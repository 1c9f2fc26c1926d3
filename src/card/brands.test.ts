import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BRANDS, Brand, PREFIX_TABLE, brandInfo, detectBrand, isBrand } from './brands.js';

/** Pads a prefix to a 16-digit string so every row is tested on a full-length number too. */
const full = (prefix: string) => prefix.padEnd(16, '0');

const rows: [string, Brand | null][] = [
  // Elo (§2.4), including the prefixes that overlap Visa, Diners and Discover-free 50xxxx.
  ['636368', 'elo'],
  ['438935', 'elo'],
  ['504175', 'elo'],
  ['451416', 'elo'],
  ['509048', 'elo'],
  ['509060', 'elo'],
  ['509075', 'elo'],
  ['36297', 'elo'],
  // Hipercard
  ['606282', 'hipercard'],
  ['637095', 'hipercard'],
  ['637568', 'hipercard'],
  ['637599', 'hipercard'],
  ['637609', 'hipercard'],
  ['637612', 'hipercard'],
  // Amex
  ['34', 'amex'],
  ['37', 'amex'],
  // Mastercard, both ranges with edges
  ['51', 'mastercard'],
  ['53', 'mastercard'],
  ['55', 'mastercard'],
  ['2221', 'mastercard'],
  ['2500', 'mastercard'],
  ['2720', 'mastercard'],
  // Visa
  ['4', 'visa'],
  // Diners
  ['300', 'diners'],
  ['305', 'diners'],
  ['36', 'diners'],
  ['38', 'diners'],
  // JCB
  ['35', 'jcb'],
  // Discover
  ['6011', 'discover'],
  ['622126', 'discover'],
  ['622500', 'discover'],
  ['622925', 'discover'],
  ['644', 'discover'],
  ['649', 'discover'],
  ['65', 'discover'],
];

test('every row of the BIN table, on the bare prefix and a full number', () => {
  for (const [prefix, brand] of rows) {
    assert.equal(detectBrand(prefix), brand, `prefix ${prefix}`);
    assert.equal(detectBrand(full(prefix)), brand, `number ${full(prefix)}`);
  }
});

test('one step outside each range gives another brand or none', () => {
  const outside: [string, Brand | null][] = [
    ['509047', null],
    ['509076', null],
    ['2220', null],
    ['2721', null],
    ['50', null],
    ['56', null],
    ['306', null],
    ['622125', null],
    ['622926', null],
    ['643', null],
    ['6010', null],
    ['6012', null],
    ['636367', null],
    ['606283', null],
    ['637096', null],
    ['1', null],
    ['9', null],
    ['0000', null],
  ];
  for (const [prefix, brand] of outside) assert.equal(detectBrand(full(prefix)), brand, prefix);
});

test('longest matching prefix wins over a shorter one', () => {
  assert.equal(detectBrand('4389350000000002'), 'elo');
  assert.equal(detectBrand('4389360000000000'), 'visa');
  assert.equal(detectBrand('4514160000000003'), 'elo');
  assert.equal(detectBrand('4514170000000000'), 'visa');
  assert.equal(detectBrand('36297000000000'), 'elo');
  assert.equal(detectBrand('36298000000000'), 'diners');
  assert.equal(detectBrand('6011111111111117'), 'discover');
});

test('partial input: a brand appears as soon as a whole prefix is typed', () => {
  assert.equal(detectBrand(''), null);
  assert.equal(detectBrand('3'), null);
  assert.equal(detectBrand('4'), 'visa');
  assert.equal(detectBrand('43893'), 'visa');
  assert.equal(detectBrand('438935'), 'elo');
  assert.equal(detectBrand('3629'), 'diners');
  assert.equal(detectBrand('36297'), 'elo');
  assert.equal(detectBrand('222'), null);
  assert.equal(detectBrand('2221'), 'mastercard');
  assert.equal(detectBrand('601'), null);
  assert.equal(detectBrand('5090'), null);
});

test('separators are ignored', () => {
  assert.equal(detectBrand('4389 35'), 'elo');
  assert.equal(detectBrand('5555-5555'), 'mastercard');
});

test('brand facts and guard', () => {
  assert.equal(BRANDS.length, 8);
  assert.deepEqual(brandInfo('amex').lengths, [15]);
  assert.equal(brandInfo('amex').cvvLength, 4);
  assert.equal(brandInfo('visa').cvvLength, 3);
  assert.ok(isBrand('elo'));
  assert.ok(!isBrand('maestro'));
  assert.ok(!isBrand(undefined));
});

test('each range of the prefix table has ends of one width', () => {
  for (const [brand, from, to = from] of PREFIX_TABLE) {
    assert.match(from, /^\d+$/, brand);
    assert.equal(to.length, from.length, `${brand} ${from}-${to}`);
    assert.ok(to >= from, `${brand} ${from}-${to}`);
  }
});
