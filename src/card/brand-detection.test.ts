import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BRANDS, Brand, isBrand } from './brand.js';
import { PREFIX_TABLE, brandInfo, detectBrand } from './brand-detection.js';
import { validateNumber } from './validators.js';

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
    ['508999', null],
    ['510000', 'mastercard'],
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

/** The prefixes beyond §2.4, each with the brand just outside it (below and above when they differ). */
type Outside = Brand | null;
const further: [from: string, to: string, brand: Brand, outside: Outside | [Outside, Outside]][] = [
  ['401178', '401179', 'elo', 'visa'],
  ['431274', '431274', 'elo', 'visa'],
  ['457393', '457393', 'elo', 'visa'],
  ['457631', '457632', 'elo', 'visa'],
  ['506699', '506778', 'elo', null],
  ['509000', '509999', 'elo', [null, 'mastercard']],
  ['627780', '627780', 'elo', null],
  ['636297', '636297', 'elo', null],
  ['650031', '650033', 'elo', 'discover'],
  ['650035', '650051', 'elo', 'discover'],
  ['650405', '650439', 'elo', 'discover'],
  ['650485', '650538', 'elo', 'discover'],
  ['650541', '650598', 'elo', 'discover'],
  ['650700', '650718', 'elo', 'discover'],
  ['650720', '650727', 'elo', 'discover'],
  ['650901', '650978', 'elo', 'discover'],
  ['651652', '651679', 'elo', 'discover'],
  ['655000', '655019', 'elo', 'discover'],
  ['655021', '655058', 'elo', 'discover'],
  ['3841', '3841', 'hipercard', 'diners'],
  ['63737423', '63737423', 'hipercard', null],
  ['63743358', '63743358', 'hipercard', null],
];

/** The number one above or below a prefix, at the same width. */
const step = (prefix: string, by: number) => String(Number(prefix) + by).padStart(prefix.length, '0');

test('further Elo and Hipercard prefixes: both ends of each range win over the shorter row they sit in', () => {
  for (const [from, to, brand] of further) {
    for (const prefix of [from, to]) {
      assert.equal(detectBrand(prefix), brand, `prefix ${prefix}`);
      assert.equal(detectBrand(full(prefix)), brand, `number ${full(prefix)}`);
    }
  }
});

test('further prefixes: one step outside each range falls back to the brand of the shorter row', () => {
  const inside = (prefix: string) => further.some(([from, to]) => prefix.length === from.length && prefix >= from && prefix <= to);
  for (const [from, to, , outside] of further) {
    const [below, above] = Array.isArray(outside) ? outside : [outside, outside];
    for (const [prefix, brand] of [
      [step(from, -1), below],
      [step(to, 1), above],
    ] as const) {
      // Neighbouring ranges (650033 and 650035) leave a gap of one; a neighbour inside another range is Elo.
      if (inside(prefix)) continue;
      assert.equal(detectBrand(full(prefix)), brand, `outside ${prefix}`);
    }
  }
  assert.equal(detectBrand('6500340000000000'), 'discover');
  assert.equal(detectBrand('6550200000000000'), 'discover');
  assert.equal(detectBrand('3840000000000000'), 'diners');
  assert.equal(detectBrand('3842000000000000'), 'diners');
});

test('partial input: the shorter row shows until the longer prefix is whole', () => {
  assert.equal(detectBrand('65003'), 'discover');
  assert.equal(detectBrand('650031'), 'elo');
  assert.equal(detectBrand('384'), 'diners');
  assert.equal(detectBrand('3841'), 'hipercard');
  assert.equal(detectBrand('63629'), null);
  assert.equal(detectBrand('636297'), 'elo');
  assert.equal(detectBrand('6373742'), null);
  assert.equal(detectBrand('63737423'), 'hipercard');
});

test("published Brazilian test cards are recognised, pass Luhn and have the brand's length", () => {
  const cards: [string, Brand][] = [
    ['6362970000457013', 'elo'],
    ['5066991111111118', 'elo'],
    ['6062828888666688', 'hipercard'],
  ];
  for (const [number, brand] of cards) {
    assert.equal(detectBrand(number), brand, number);
    assert.equal(validateNumber(number), null, number);
  }
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

test('asked again and again, as each keystroke asks: only the leading digits decide, and a change in them is seen at once', () => {
  const asked: [string, Brand | null][] = [
    ['4389 35', 'elo'],
    ['4389 3', 'visa'],
    ['4389 35', 'elo'],
    ['4389 3500 0000 0002', 'elo'],
    ['4389 3599 9999 9999', 'elo'],
    ['6011 0000', 'discover'],
    ['6', null],
    ['', null],
    ['3', null],
    ['3841 0000 0000 0000', 'hipercard'],
    ['3841', 'hipercard'],
    ['384', 'diners'],
  ];
  for (const [number, brand] of asked) assert.equal(detectBrand(number), brand, number);
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
