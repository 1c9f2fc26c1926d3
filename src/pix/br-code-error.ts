/**
 * The error `parseBrCode` throws. It joins the package's error family, so
 * `PayCardError.isPayCardError(error)` and `instanceof PayCardError` hold.
 */
import { PayCardError } from '../shared/errors.js';

/** Why a payload could not be read: a stable code to branch on. */
export type BrCodeProblem = 'malformed' | 'crc_mismatch' | 'not_pix' | 'missing_field' | 'bad_amount' | 'bad_currency';

const WHY: Record<BrCodeProblem, string> = {
  malformed: 'is not a BR Code: its fields or its CRC field cannot be read',
  crc_mismatch: 'fails its CRC check: it was changed or cut',
  not_pix: 'is not a PIX code (no br.gov.bcb.pix)',
  missing_field: 'needs a key or a location (not both), the merchant name and the city',
  bad_amount: 'has an amount that is not a decimal like 25.00',
  bad_currency: 'is not in reais (currency 986)',
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
