/**
 * The error `parseBrCode` throws. It joins the package's error family, so
 * `PayCardError.isPayCardError(error)` and `instanceof PayCardError` hold.
 */
import { PayCardError } from '../tokenize/errors.js';

/** Why a payload could not be read: a stable code to branch on. */
export type BrCodeProblem = 'malformed' | 'crc_mismatch' | 'not_pix' | 'missing_field' | 'bad_amount' | 'bad_currency';

const WHY: Record<BrCodeProblem, string> = {
  malformed: 'is not a BR Code: its fields or its closing CRC field cannot be read',
  crc_mismatch: 'does not match its CRC: it was changed or cut after it was generated',
  not_pix: 'is not a PIX code: its merchant account field lacks the br.gov.bcb.pix identifier',
  missing_field: 'lacks a required field: a PIX key or location (not both), the merchant name or the city',
  bad_amount: 'has an amount that is not a decimal like 25.00',
  bad_currency: 'is not in Brazilian reais (currency 986)',
};

/**
 * A PIX payload ("Pix Copia e Cola") is malformed or was tampered with.
 * `reason` says which check failed; the message never repeats the payload.
 */
export class BrCodeError extends PayCardError {
  override name = 'BrCodeError';
  readonly reason: BrCodeProblem;

  constructor(reason: BrCodeProblem) {
    super(`The PIX payload ${WHY[reason]}.`);
    this.reason = reason;
  }
}
