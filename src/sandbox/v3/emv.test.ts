import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { brCodeName, crc16, decodeBrCode, encodeBrCode } from './emv.js';

describe('BR Code (PIX copia e cola)', () => {
  it('CRC-16/CCITT-FALSE: the standard check value', () => {
    assert.equal(crc16('123456789'), '29B1');
  });

  it('names: accents dropped, ASCII letters, digits and spaces only, upper case', () => {
    assert.equal(brCodeName('Loja Exemplo Ltda'), 'LOJA EXEMPLO LTDA');
    assert.equal(brCodeName('São João & Filhos, 2ª'), 'SAO JOAO  FILHOS 2');
  });

  it('encodes fields in order with lengths and a CRC, and decodes them back', () => {
    const payload = encodeBrCode({
      pointOfInitiation: '11',
      key: 'ana@example.com',
      amount: '10.50',
      merchantName: 'ANA',
      merchantCity: 'RIO',
      txid: 'T1',
    });
    assert.equal(payload.slice(0, 14), '00020101021126');
    assert.match(payload, /520400005303986540510\.505802BR5903ANA6003RIO62060502T16304[0-9A-F]{4}$/);
    const decoded = decodeBrCode(payload);
    assert.deepEqual(decoded, {
      ok: true,
      code: { pointOfInitiation: '11', key: 'ana@example.com', amount: '10.50', merchantName: 'ANA', merchantCity: 'RIO', txid: 'T1' },
    });
  });

  it('refuses a wrong CRC, broken lengths, another GUI, another currency, a bad amount', () => {
    const good = encodeBrCode({ key: 'k', merchantName: 'N', merchantCity: 'C' });
    assert.deepEqual(decodeBrCode(good.slice(0, -1) + (good.endsWith('0') ? '1' : '0')), { ok: false, problem: 'crc_mismatch' });
    assert.deepEqual(decodeBrCode('hello'), { ok: false, problem: 'malformed' });
    const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
    const build = (gui: string, currency: string, amount?: string) => {
      const body =
        tlv('00', '01') +
        tlv('26', tlv('00', gui) + tlv('01', 'k')) +
        tlv('52', '0000') +
        tlv('53', currency) +
        (amount ? tlv('54', amount) : '') +
        tlv('58', 'BR') +
        tlv('59', 'N') +
        tlv('60', 'C') +
        '6304';
      return body + crc16(body);
    };
    assert.equal(decodeBrCode(build('br.gov.bcb.pix', '986')).ok, true);
    assert.equal(decodeBrCode(build('BR.GOV.BCB.PIX', '986')).ok, true); // the GUI is case-insensitive
    assert.deepEqual(decodeBrCode(build('com.example', '986')), { ok: false, problem: 'not_pix' });
    assert.deepEqual(decodeBrCode(build('br.gov.bcb.pix', '840')), { ok: false, problem: 'bad_currency' });
    assert.deepEqual(decodeBrCode(build('br.gov.bcb.pix', '986', '1,00')), { ok: false, problem: 'bad_amount' });
    const truncated = '0002012699';
    assert.deepEqual(decodeBrCode(`${truncated}6304${crc16(`${truncated}6304`)}`), { ok: false, problem: 'malformed' });
  });
});
