/**
 * `pay-card-form/core`: card logic and the tokenize client, with no DOM and no
 * Lit, for Node, workers and custom UIs.
 */
export { tokenize, type TokenizeOptions } from './tokenize/tokenize.js';
export {
  PayCardError,
  ValidationError,
  AuthenticationError,
  ApiError,
  NetworkError,
  TimeoutError,
} from './tokenize/errors.js';
export { Brand, BRANDS, detectBrand, brandInfo, isBrand, type BrandInfo } from './card/brands.js';
export { formatCardNumber, formatExpiry, maxCardDigits, MAX_CARD_DIGITS } from './card/formatters.js';
export { digitsOnly, parseExpiry, type Expiry } from './card/parsers.js';
export {
  preprocessCardNumber,
  preprocessExpiry,
  preprocessCvv,
  type EditState,
  type Preprocessed,
} from './card/preprocessors.js';
export {
  validateCard,
  validateNumber,
  validateHolderName,
  validateExpiry,
  validateCvv,
  normalizeCardNumber,
  MIN_CARD_DIGITS,
  type CardErrorCode,
  type CardValidation,
  type ExpiryError,
} from './card/validators.js';
export type { CardInput, TokenizeResult, CardField } from './card/types.js';
