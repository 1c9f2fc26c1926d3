/**
 * The eight brands by name, apart from the prefix table that detects them
 * (`brand-detection.ts`): what checks and messages need, without the table.
 */

/** The eight brands the service returns in `TokenizeResult.brand` (§2.3). */
export const Brand = {
  VISA: 'visa',
  MASTERCARD: 'mastercard',
  ELO: 'elo',
  AMEX: 'amex',
  HIPERCARD: 'hipercard',
  DINERS: 'diners',
  JCB: 'jcb',
  DISCOVER: 'discover',
} as const;
export type Brand = (typeof Brand)[keyof typeof Brand];

/** Every brand, in the order of the spec's table. */
export const BRANDS: readonly Brand[] = Object.values(Brand);

/** Type guard for values that claim to be a brand (e.g. from an API response). */
export function isBrand(value: unknown): value is Brand {
  return typeof value === 'string' && (BRANDS as readonly string[]).includes(value);
}
