// Our logic layer alone, to set beside the peers that have no UI: brand
// detection, live formatting with caret handling, and validation.
export { detectBrand, formatCardNumber, preprocessCardNumber, validateCard } from '../../src/core.ts';
