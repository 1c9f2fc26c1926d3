import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatBrl } from './amount.js';

describe('formatBrl', () => {
  it('formats the decimal string exactly, in each language', () => {
    assert.equal(formatBrl('1234.5', 'pt-BR').replace(/\s/g, ' '), 'R$ 1.234,50');
    assert.equal(formatBrl('1234.5', 'en'), 'R$1,234.50');
    // Beyond a double's exact range for cents: a float would print …,98 or …,00.
    assert.equal(formatBrl('9999999999999.99', 'pt-BR').replace(/\s/g, ' '), 'R$ 9.999.999.999.999,99');
  });
});
