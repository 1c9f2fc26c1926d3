import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PayCardError } from '../shared/errors.js';
import { BrCodeError, brCodeName, crc16, decodeBrCode, encodeBrCode, parseBrCode, type BrCode, type BrCodeProblem } from './br-code.js';

/** The static example of the Central Bank's BR Code manual: a key, no amount, no txid. */
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

const DYNAMIC: BrCode = {
  pointOfInitiation: '12',
  location: 'qr.sandbox.example/v2/cobv/9d36b84fc70b478fb95c12729b90ca25',
  amount: '1234.56',
  merchantName: 'LOJA EXEMPLO LTDA',
  merchantCity: 'SAO PAULO',
  txid: 'PEDIDO42',
};
const STATIC: BrCode = {
  pointOfInitiation: '11',
  key: 'contato@padaria.example',
  description: 'Pedido 42 — pão de queijo',
  amount: '25.00',
  merchantName: 'PADARIA',
  merchantCity: 'BELO HORIZONTE',
  txid: 'SANDBOXFIXO25',
};

const tlv = (id: string, value: string) => `${id}${String([...value].length).padStart(2, '0')}${value}`;
/** A payload built field by field, with a correct CRC, to reach each check behind the CRC. */
function withCrc(body: string): string {
  return `${body}6304${crc16(`${body}6304`)}`;
}
function build(parts: {
  gui?: string;
  account?: string;
  currency?: string;
  amount?: string;
  name?: string;
  city?: string;
  format?: string;
}): string {
  const account = parts.account ?? tlv('00', parts.gui ?? 'br.gov.bcb.pix') + tlv('01', 'k');
  return withCrc(
    tlv('00', parts.format ?? '01') +
      tlv('26', account) +
      tlv('52', '0000') +
      tlv('53', parts.currency ?? '986') +
      (parts.amount !== undefined ? tlv('54', parts.amount) : '') +
      tlv('58', 'BR') +
      (parts.name !== '' ? tlv('59', parts.name ?? 'N') : '') +
      (parts.city !== '' ? tlv('60', parts.city ?? 'C') : ''),
  );
}

function reasonOf(payload: string): BrCodeProblem | 'accepted' {
  try {
    parseBrCode(payload);
    return 'accepted';
  } catch (error) {
    assert.ok(error instanceof BrCodeError, `not a BrCodeError: ${String(error)}`);
    return error.reason;
  }
}

describe('parseBrCode', () => {
  it('CRC-16/CCITT-FALSE: the standard check value', () => {
    assert.equal(crc16('123456789'), '29B1');
  });

  it('reads the Central Bank manual example', () => {
    assert.deepEqual(parseBrCode(BCB_EXAMPLE), {
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      key: '123e4567-e12b-12d1-a456-426655440000',
    });
  });

  it('round-trips with the encoder, dynamic and static, field for field', () => {
    for (const code of [DYNAMIC, STATIC]) assert.deepEqual(parseBrCode(encodeBrCode(code)), code);
  });

  it('keeps the amount a decimal string, exactly as written', () => {
    for (const amount of ['0.01', '10', '10.5', '9999999999.99']) {
      const parsed = parseBrCode(encodeBrCode({ ...STATIC, amount }));
      assert.equal(parsed.amount, amount);
      assert.equal(typeof parsed.amount, 'string');
    }
    assert.equal('amount' in parseBrCode(encodeBrCode({ ...STATIC, amount: undefined })), false);
  });

  it('treats "***" as no txid, and ignores surrounding whitespace and a lower-case CRC', () => {
    const payload = encodeBrCode({ ...DYNAMIC, txid: undefined });
    assert.match(payload, /62070503\*\*\*6304/);
    assert.equal('txid' in parseBrCode(payload), false);
    assert.deepEqual(parseBrCode(`  ${payload.slice(0, -4)}${payload.slice(-4).toLowerCase()}\n`), parseBrCode(payload));
  });

  it('rejects every single-character change of a real payload', () => {
    const payload = encodeBrCode(STATIC);
    const chars = [...payload];
    for (let i = 0; i < chars.length; i++) {
      const original = chars[i]!;
      for (const replacement of ['0', '1', 'x', 'Z'].filter((c) => c !== original)) {
        const tampered = [...chars.slice(0, i), replacement, ...chars.slice(i + 1)].join('');
        assert.notEqual(reasonOf(tampered), 'accepted', `accepted with position ${i} changed to ${replacement}`);
      }
    }
    // A changed amount, the tampering that matters most, is caught by the CRC.
    assert.equal(reasonOf(payload.replace('540525.00', '540595.00')), 'crc_mismatch');
    assert.equal(reasonOf(payload.slice(0, -10)), 'malformed');
  });

  it('names each problem behind a correct CRC', () => {
    assert.equal(reasonOf(build({})), 'accepted');
    assert.equal(reasonOf(''), 'malformed');
    assert.equal(reasonOf('hello world'), 'malformed');
    assert.equal(reasonOf(withCrc('0002012699')), 'malformed'); // a length that runs past the end
    assert.equal(reasonOf(build({ format: '02' })), 'malformed');
    assert.equal(reasonOf(build({ gui: 'com.example.pay' })), 'not_pix');
    assert.equal(reasonOf(build({ gui: 'BR.GOV.BCB.PIX' })), 'accepted'); // the identifier is case-insensitive
    assert.equal(reasonOf(build({ account: tlv('00', 'br.gov.bcb.pix') })), 'missing_field');
    assert.equal(reasonOf(build({ account: tlv('00', 'br.gov.bcb.pix') + tlv('01', 'k') + tlv('25', 'qr.example/1') })), 'missing_field');
    assert.equal(reasonOf(build({ name: '' })), 'missing_field');
    assert.equal(reasonOf(build({ city: '' })), 'missing_field');
    assert.equal(reasonOf(build({ currency: '840' })), 'bad_currency');
    for (const amount of ['1,00', '-1.00', '1.234', '1e3', '.50', '12345678901'])
      assert.equal(reasonOf(build({ amount })), 'bad_amount', amount);
  });

  it('throws a typed error of the package family, with a literal name and no payload in the message', () => {
    const payload = encodeBrCode(STATIC);
    const tampered = payload.replace('PADARIA', 'PADARIO');
    let caught: unknown;
    try {
      parseBrCode(tampered);
    } catch (error) {
      caught = error;
    }
    assert.ok(caught instanceof BrCodeError);
    assert.ok(caught instanceof PayCardError);
    assert.ok(PayCardError.isPayCardError(caught));
    assert.equal(caught.name, 'BrCodeError');
    assert.equal(caught.reason, 'crc_mismatch');
    assert.match(caught.message, /CRC/);
    assert.ok(!caught.message.includes('PADARIO') && !caught.message.includes('contato@'), caught.message);
  });

  it('decodeBrCode gives the same answers as a result, for code that branches on the problem', () => {
    assert.deepEqual(decodeBrCode(encodeBrCode(DYNAMIC)), { ok: true, code: DYNAMIC });
    assert.deepEqual(decodeBrCode(build({ currency: '840' })), { ok: false, problem: 'bad_currency' });
  });
});

describe('encodeBrCode', () => {
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
    assert.equal(decodeBrCode(build({})).ok, true);
    assert.equal(decodeBrCode(build({ gui: 'BR.GOV.BCB.PIX' })).ok, true); // the GUI is case-insensitive
    assert.deepEqual(decodeBrCode(build({ gui: 'com.example' })), { ok: false, problem: 'not_pix' });
    assert.deepEqual(decodeBrCode(build({ currency: '840' })), { ok: false, problem: 'bad_currency' });
    assert.deepEqual(decodeBrCode(build({ amount: '1,00' })), { ok: false, problem: 'bad_amount' });
    assert.deepEqual(decodeBrCode(withCrc('0002012699')), { ok: false, problem: 'malformed' });
  });
});
