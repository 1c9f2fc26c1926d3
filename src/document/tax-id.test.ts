import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generatedVectors } from '../../test/generated-vectors.js';
import { formatTaxId, parseTaxId, taxIdProblem } from './tax-id.js';

/** [input, kind or null, normalized value or null], from the independent generator. */
const vectors = generatedVectors<[string, 'cpf' | 'cnpj' | null, string | null][]>(new URL('./tax-id.vectors.py', import.meta.url));

describe('parseTaxId', () => {
  it('matches every vector computed independently', () => {
    assert.ok(vectors.length > 1000);
    assert.ok(vectors.some(([, kind]) => kind === 'cpf') && vectors.some(([, kind]) => kind === 'cnpj'));
    assert.ok(vectors.some(([, kind]) => kind === null));
    for (const [input, kind, value] of vectors) {
      assert.deepEqual(parseTaxId(input), kind ? { kind, value } : null, input);
    }
  });

  it('takes the published examples', () => {
    // The Receita Federal's example of an alphanumeric CNPJ.
    assert.deepEqual(parseTaxId('12.ABC.345/01DE-35'), { kind: 'cnpj', value: '12ABC34501DE35' });
    assert.deepEqual(parseTaxId('12.abc.345/01de-35'), { kind: 'cnpj', value: '12ABC34501DE35' });
    assert.deepEqual(parseTaxId('11.222.333/0001-81'), { kind: 'cnpj', value: '11222333000181' });
    assert.deepEqual(parseTaxId('123.456.789-09'), { kind: 'cpf', value: '12345678909' });
    assert.deepEqual(parseTaxId(' 123 456 789 09 '), { kind: 'cpf', value: '12345678909' });
  });

  it('refuses wrong check digits, repeated digits and wrong shapes', () => {
    for (const input of [
      '123.456.789-00',
      '12.ABC.345/01DE-36',
      '12.ABC.345/01DE-3A',
      '12ABC34501DEA5',
      '000.000.000-00',
      '111.111.111-11',
      '11111111111111',
      '00.000.000/0000-00',
      '1234567890',
      '123456789090',
      '1122233300018',
      '112223330001811',
      '12345678909!',
      '12_345_678_909',
      '１２３４５６７８９０９',
      '',
      ' ',
    ]) {
      assert.equal(parseTaxId(input), null, input);
    }
  });

  it('refuses what is not a string, and very long input, without throwing', () => {
    for (const input of [undefined, null, 12345678909, 11222333000181n, {}, ['12345678909'], { toString: () => '12345678909' }]) {
      assert.equal(parseTaxId(input), null);
    }
    assert.equal(parseTaxId(`123.456.789-09${' '.repeat(100)}`), null);
    assert.equal(parseTaxId('1'.repeat(1_000_000)), null);
  });
});

describe('formatTaxId', () => {
  it('formats a CPF as it is typed', () => {
    assert.equal(formatTaxId(''), '');
    assert.equal(formatTaxId('123'), '123');
    assert.equal(formatTaxId('1234'), '123.4');
    assert.equal(formatTaxId('1234567'), '123.456.7');
    assert.equal(formatTaxId('1234567890'), '123.456.789-0');
    assert.equal(formatTaxId('12345678909'), '123.456.789-09');
    assert.equal(formatTaxId('123.456.789-09'), '123.456.789-09');
  });

  it('switches to a CNPJ past 11 digits or at a letter, and stops at 14 characters', () => {
    assert.equal(formatTaxId('112223330001'), '11.222.333/0001');
    assert.equal(formatTaxId('11222333000181'), '11.222.333/0001-81');
    assert.equal(formatTaxId('1122233300018199'), '11.222.333/0001-81');
    assert.equal(formatTaxId('12abc'), '12.ABC');
    assert.equal(formatTaxId('12ABC34501DE35'), '12.ABC.345/01DE-35');
    // Letters have no place among the check digits.
    assert.equal(formatTaxId('12ABC34501DEX3Y5'), '12.ABC.345/01DE-35');
  });

  it('drops anything else and never throws', () => {
    assert.equal(formatTaxId('12@3!'), '123');
    assert.equal(formatTaxId(null), '');
    assert.equal(formatTaxId(12345678909), '');
    assert.equal(formatTaxId('9'.repeat(1_000_000)), '99.999.999/9999-99');
  });
});

describe('taxIdProblem', () => {
  it('says what is wrong with a document as it is being typed', () => {
    assert.equal(taxIdProblem(''), 'required');
    assert.equal(taxIdProblem(' .-/'), 'required');
    assert.equal(taxIdProblem('123.456.78'), 'too_short');
    // Twelve digits are a CNPJ under way, not a CPF too long.
    assert.equal(taxIdProblem('123.456.789-091'), 'too_short');
    assert.equal(taxIdProblem('12.ABC.345/01DE-3'), 'too_short');
    assert.equal(taxIdProblem('123.456.789-00'), 'invalid');
    assert.equal(taxIdProblem('12.ABC.345/01DE-36'), 'invalid');
    assert.equal(taxIdProblem('000.000.000-00'), 'invalid');
  });

  it('agrees with parseTaxId on every vector: no problem exactly when the document parses', () => {
    for (const [input, kind] of vectors) assert.equal(taxIdProblem(input) === null, kind !== null, input);
  });
});
