/**
 * `pay-card-form/core`: card logic, the tokenize client and the BR Code reader, with no DOM and no
 * Lit, for Node, workers and custom UIs.
 */
export { tokenize, type TokenizeOptions } from './tokenize/tokenize.js';
export { PayCardError, ConfigurationError, NetworkError, TimeoutError, FrameError, type FrameFailure } from './shared/errors.js';
export { ValidationError, AuthenticationError, ApiError } from './tokenize/errors.js';
export { Brand, BRANDS, isBrand } from './card/brand.js';
export { detectBrand, brandInfo, MIN_CARD_DIGITS, MAX_CARD_DIGITS, type BrandInfo } from './card/brand-detection.js';
export { formatCardNumber, formatExpiry, maxCardDigits } from './card/formatters.js';
export { digitsOnly, parseExpiry, type Expiry } from './card/parsers.js';
export { preprocessCardNumber, preprocessExpiry, preprocessCvv, type EditState, type Preprocessed } from './card/preprocessors.js';
export {
  validateCard,
  validateNumber,
  validateHolderName,
  validateExpiry,
  validateCvv,
  normalizeCardNumber,
  type CardErrorCode,
  type CardValidation,
  type ExpiryError,
} from './card/validators.js';
export type { CardInput, TokenizeResult, CardErrorPath } from './card/types.js';
export { parseBrCode, BrCodeError, type BrCode, type BrCodeProblem } from './pix/br-code.js';
export {
  installmentOptions,
  InstallmentConfigError,
  type InstallmentConfig,
  type InstallmentPolicy,
  type InstallmentConfigOption,
  type InstallmentOption,
} from './card/installments.js';
export { MAX_INSTALLMENTS } from './card/installment-limits.js';
export { MAX_MONTHLY_RATE, MAX_PLAN_AMOUNT } from './card/installment-plans.js';
export { parseTaxId, formatTaxId, taxIdProblem, type TaxId, type TaxIdProblem } from './document/tax-id.js';
