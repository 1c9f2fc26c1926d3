import { brandInfo } from './brand-detection.js';
import { type Brand } from './brand.js';
import type { CardFieldName } from './field-names.js';
import { preprocessCardNumber, preprocessCvv, preprocessExpiry, type EditState, type Preprocessed } from './preprocessors.js';

/** The longest CVV of any brand: what the CVV field takes while the brand is unknown. */
const MAX_CVV_LENGTH = 4;

/**
 * Live formatting of one field as the shopper edits it, given the brand
 * detected so far: the number is grouped, the expiry becomes "MM / YY", the
 * CVV keeps as many digits as the brand's code has. The holder name is the
 * shopper's own text and is left as typed.
 */
export function preprocessField(field: CardFieldName, viewValue: string, edit: EditState, brand: Brand | null): Preprocessed {
  switch (field) {
    case 'number':
      return preprocessCardNumber(viewValue, edit);
    case 'expiry':
      return preprocessExpiry(viewValue, edit);
    case 'cvv':
      return preprocessCvv(viewValue, edit, brand ? brandInfo(brand).cvvLength : MAX_CVV_LENGTH);
    case 'holderName':
      return { viewValue, caretIndex: edit.caretIndex };
  }
}
