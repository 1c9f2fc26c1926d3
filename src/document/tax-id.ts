/**
 * The buyer's CPF or CNPJ (the `customer.tax_id` of a charge): checked and
 * formatted, pure, with no DOM and no network (docs/tax-id.md).
 *
 * CNPJs may be alphanumeric (Receita Federal, from July 2026): 12 characters
 * `0-9A-Z` then 2 numeric check digits. Each character is valued by its
 * character code minus 48 (`'0'` is 0, `'A'` is 17), with the weights of the
 * numeric CNPJ, so every numeric CNPJ keeps its check digits.
 */

/** A valid document, normalized: no punctuation or spaces, letters upper-cased. */
export interface TaxId {
  kind: 'cpf' | 'cnpj';
  /** 11 digits (CPF) or 14 characters (CNPJ), e.g. `12345678909`, `12ABC34501DE35`. */
  value: string;
}

/** Why a document as typed is not (yet) valid: nothing typed, not every character typed, or not a valid CPF or CNPJ. */
export type TaxIdProblem = 'required' | 'too_short' | 'invalid';

/** Longer input is refused before any work: a formatted CNPJ is 18 characters. */
const MAX_INPUT_LENGTH = 64;
/** What is taken as punctuation: spaces, dots, dashes, slashes. */
const PUNCTUATION = /[\s./-]/g;
const CPF = /^\d{11}$/;
const CNPJ = /^[0-9A-Z]{12}\d{2}$/;
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Reads a CPF or CNPJ as typed (`123.456.789-09`, `12.ABC.345/01DE-35`,
 * lowercase letters, spaces) and returns its kind and normalized value, or
 * `null` when it is not a valid document: wrong length, a character out of
 * place, wrong check digits, one character repeated (`000.000.000-00`), or
 * not a string at all.
 */
export function parseTaxId(input: unknown): TaxId | null {
  if (typeof input !== 'string' || input.length > MAX_INPUT_LENGTH) return null;
  const value = input.replace(PUNCTUATION, '').toUpperCase();
  if (/^(.)\1*$/.test(value)) return null;
  if (CPF.test(value)) return cpfCheckDigits(value.slice(0, 9)) === value.slice(9) ? { kind: 'cpf', value } : null;
  if (CNPJ.test(value)) return cnpjCheckDigits(value.slice(0, 12)) === value.slice(12) ? { kind: 'cnpj', value } : null;
  return null;
}

/**
 * What is wrong with a document as typed, or `null` when {@link parseTaxId}
 * takes it. A CPF's 11 digits, or fewer than a CNPJ's 14 characters once a
 * letter or a 12th character is typed, are `too_short`; a whole document
 * that fails its check is `invalid`.
 */
export function taxIdProblem(input: string): TaxIdProblem | null {
  const chars = input.replace(/[^0-9A-Za-z]/g, '');
  if (!chars) return 'required';
  if (parseTaxId(input)) return null;
  return chars.length < (/^\d{0,11}$/.test(chars) ? 11 : 14) ? 'too_short' : 'invalid';
}

/**
 * Formats what has been typed so far, for display: up to 11 digits as a CPF
 * (`000.000.000-00`), anything longer or with a letter as a CNPJ
 * (`00.000.000/0000-00`, letters allowed in the first 12 characters, digits
 * only in the last two). Everything else is dropped; letters come out
 * upper-cased. It does not check the document: {@link parseTaxId} does.
 */
export function formatTaxId(input: unknown): string {
  if (typeof input !== 'string') return '';
  const chars = input
    .slice(0, MAX_INPUT_LENGTH * 4)
    .replace(/[^0-9A-Za-z]/g, '')
    .toUpperCase();
  if (/^\d{0,11}$/.test(chars)) return mask(chars, [3, 3, 3, 2], ['.', '.', '-']);
  let cnpj = '';
  for (const c of chars) {
    if (cnpj.length === 14) break;
    if (cnpj.length < 12 || /\d/.test(c)) cnpj += c;
  }
  return mask(cnpj, [2, 3, 3, 4, 2], ['.', '.', '/', '-']);
}

/** `value` cut into groups of `sizes`, joined by `separators`, as far as it goes. */
function mask(value: string, sizes: readonly number[], separators: readonly string[]): string {
  let out = '';
  let at = 0;
  sizes.forEach((size, i) => {
    if (at >= value.length) return;
    if (i > 0) out += separators[i - 1];
    out += value.slice(at, at + size);
    at += size;
  });
  return out;
}

/** The mod-11 check digit of a weighted sum: 0 for a remainder under 2, else 11 minus it. */
function checkDigit(sum: number): string {
  const r = sum % 11;
  return String(r < 2 ? 0 : 11 - r);
}

/** CPF: weights 10…2 over the 9 base digits, then 11…2 over those and the first check digit. */
function cpfCheckDigits(base: string): string {
  const digits = [...base].map(Number);
  const first = checkDigit(digits.reduce((s, d, i) => s + d * (10 - i), 0));
  digits.push(Number(first));
  return first + checkDigit(digits.reduce((s, d, i) => s + d * (11 - i), 0));
}

/** CNPJ: weights 5,4,3,2,9…2 over the 12 base characters, then 6,5,4,3,2,9…2 over those and the first check digit. */
function cnpjCheckDigits(base: string): string {
  const values = [...base].map((c) => c.charCodeAt(0) - 48);
  const sum = () => values.reduce((s, v, i) => s + v * CNPJ_WEIGHTS[i + CNPJ_WEIGHTS.length - values.length]!, 0);
  const first = checkDigit(sum());
  values.push(Number(first));
  return first + checkDigit(sum());
}
