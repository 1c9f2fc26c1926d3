/**
 * PIX "copia e cola" payloads (BR Code, EMV® QRCPS merchant-presented mode):
 * the text inside a PIX QR code. Pure: no DOM, no state, no clock, so the
 * element, Node code and the sandbox share one reader and one writer.
 *
 * A payload is a run of TLV fields, `IDLLvalue` (ID and length two digits
 * each, the length counted in characters), ending with field 63, a
 * CRC-16/CCITT-FALSE over everything before its value, written as four hex
 * digits.
 */
import { BrCodeError, type BrCodeProblem } from './br-code-error.js';

export { BrCodeError, type BrCodeProblem };

/** The globally unique identifier of PIX inside field 26. */
export const PIX_GUI = 'br.gov.bcb.pix';

/** What a PIX payload says. Static codes carry a key; dynamic ones a location (URL without scheme). */
export interface BrCode {
  /** `11` static (reusable), `12` dynamic (one payment). */
  pointOfInitiation?: '11' | '12';
  /** The payee's PIX key (static codes). */
  key?: string;
  /** Where the dynamic payload lives (dynamic codes). */
  location?: string;
  /** Free text for the payer (field 26, sub-field 02). */
  description?: string;
  /** Decimal string in reais, e.g. `25.00`, never a float; absent when the payer chooses the amount. */
  amount?: string;
  merchantName: string;
  merchantCity: string;
  /** Transaction ID (field 62, sub-field 05); absent when the code has none (`***`). */
  txid?: string;
}

/** An amount as field 54 writes it: up to ten integer digits, an optional point and one or two decimals. */
const AMOUNT = /^[0-9]{1,10}(\.[0-9]{1,2})?$/;

/**
 * A name as the sandbox writes it in a BR Code and in its key directory:
 * accents dropped, only ASCII letters, digits and spaces, upper case
 * (`Loja Exemplo Ltda` → `LOJA EXEMPLO LTDA`, `São João` → `SAO JOAO`).
 */
export function brCodeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .toUpperCase();
}

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over the UTF-8 bytes, as BR
 * Code field 63 requires, in four upper-case hex digits. Check value:
 * `crc16('123456789') === '29B1'`.
 */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function tlv(id: string, value: string): string {
  const length = [...value].length;
  if (length > 99) throw new RangeError(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/** Builds a payload with its CRC. Name and city are cut to 25 and 15 characters, as the format allows. */
export function encodeBrCode(code: BrCode): string {
  if ((code.key === undefined) === (code.location === undefined)) throw new TypeError('a BR Code carries a key or a location, not both');
  const account =
    tlv('00', PIX_GUI) +
    (code.key !== undefined ? tlv('01', code.key) : tlv('25', code.location!)) +
    (code.description ? tlv('02', code.description) : '');
  const body =
    tlv('00', '01') +
    (code.pointOfInitiation ? tlv('01', code.pointOfInitiation) : '') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (code.amount !== undefined ? tlv('54', code.amount) : '') +
    tlv('58', 'BR') +
    tlv('59', [...code.merchantName].slice(0, 25).join('')) +
    tlv('60', [...code.merchantCity].slice(0, 15).join('')) +
    tlv('62', tlv('05', code.txid ?? '***')) +
    '6304';
  return body + crc16(body);
}

/** Splits TLV text into fields, or null when the lengths do not add up. */
function fields(text: string): Map<string, string> | null {
  const out = new Map<string, string>();
  for (const rest = [...text]; rest.length;) {
    const head = rest.splice(0, 4).join('');
    const length = Number(head.slice(2));
    if (!/^[0-9]{4}$/.test(head) || length > rest.length) return null;
    out.set(head.slice(0, 2), rest.splice(0, length).join(''));
  }
  return out;
}

/**
 * Reads a PIX payload: checks the CRC first (so a tampered code is caught
 * before any field is trusted), then the layout, the PIX identifier, the
 * currency (BRL) and the amount's format. Surrounding whitespace is ignored.
 *
 * @throws {BrCodeError} with a `reason` for a malformed, tampered or non-PIX payload.
 */
export function parseBrCode(payload: string): BrCode {
  const text = String(payload).trim();
  const crcAt = text.length - 4;
  if (crcAt < 4 || text.slice(crcAt - 4, crcAt) !== '6304') throw new BrCodeError('malformed');
  if (crc16(text.slice(0, crcAt)) !== text.slice(crcAt).toUpperCase()) throw new BrCodeError('crc_mismatch');
  const top = fields(text);
  if (!top || top.get('00') !== '01') throw new BrCodeError('malformed');
  const account = fields(top.get('26') ?? '');
  if (!account || account.get('00')?.toLowerCase() !== PIX_GUI) throw new BrCodeError('not_pix');
  const key = account.get('01');
  const location = account.get('25');
  const merchantName = top.get('59');
  const merchantCity = top.get('60');
  if ((key === undefined) === (location === undefined) || !merchantName || !merchantCity) throw new BrCodeError('missing_field');
  if (top.get('53') !== '986') throw new BrCodeError('bad_currency');
  const amount = top.get('54');
  if (amount !== undefined && !AMOUNT.test(amount)) throw new BrCodeError('bad_amount');
  const poi = top.get('01');
  const code: BrCode = { merchantName, merchantCity };
  if (poi === '11' || poi === '12') code.pointOfInitiation = poi;
  if (key !== undefined) code.key = key;
  if (location !== undefined) code.location = location;
  const description = account.get('02');
  if (description) code.description = description;
  if (amount !== undefined) code.amount = amount;
  const txid = fields(top.get('62') ?? '')?.get('05');
  if (txid && txid !== '***') code.txid = txid;
  return code;
}

/** {@link parseBrCode} as a result instead of a throw, for code that branches on the problem (the sandbox's §7.2 answers). */
export function decodeBrCode(payload: string): { ok: true; code: BrCode } | { ok: false; problem: BrCodeProblem } {
  try {
    return { ok: true, code: parseBrCode(payload) };
  } catch (error) {
    if (error instanceof BrCodeError) return { ok: false, problem: error.reason };
    throw error;
  }
}
