/**
 * Money helpers. v3 amounts are decimal strings (§8: positive, at most two
 * places); a float such as 0.1 + 0.2 never gets near them. All arithmetic here
 * is on strings and BigInt.
 */

/** §8: a positive decimal string with at most two decimal places, e.g. "10", "10.5", "10.50". */
export const AMOUNT_PATTERN = /^(0|[1-9][0-9]*)(\.[0-9]{1,2})?$/;

/**
 * True when a decimal string of {@link AMOUNT_PATTERN} is above zero ("0.01",
 * "10"), false for every spelling of zero ("0", "0.0", "0.00").
 */
export function isAmountAboveZero(amount: string): boolean {
  return /[1-9]/.test(amount);
}

/** The largest amount whose cents are still a safe integer: 90 071 992 547 409.91. */
export const MAX_AMOUNT = '90071992547409.91';

/**
 * True when a decimal string of {@link AMOUNT_PATTERN} is at most
 * {@link MAX_AMOUNT}, so {@link amountToCents} can hold it exactly. Beyond
 * it an amount is invalid (4002), not a crash.
 */
export function isAmountRepresentable(amount: string): boolean {
  const match = /^([0-9]+)(?:\.([0-9]{1,2}))?$/.exec(amount);
  if (!match) return false;
  const whole = match[1]!.replace(/^0+(?=[0-9])/, '');
  if (whole.length > 16) return false;
  return BigInt(whole) * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) <= BigInt(Number.MAX_SAFE_INTEGER);
}

/** True when `value` is a valid v3 amount: matches {@link AMOUNT_PATTERN}, is above zero and at most {@link MAX_AMOUNT}. */
export function isValidAmount(value: unknown): value is string {
  return typeof value === 'string' && AMOUNT_PATTERN.test(value) && isAmountAboveZero(value) && isAmountRepresentable(value);
}

/**
 * Integer cents to a decimal string with two places: `centsToAmount(12345) === '123.45'`.
 * Accepts a safe integer or a BigInt; negative values keep their sign.
 */
export function centsToAmount(cents: number | bigint): string {
  if (typeof cents === 'number' && !Number.isSafeInteger(cents)) {
    throw new RangeError(`centsToAmount() takes an integer number of cents, got ${String(cents)}`);
  }
  const value = BigInt(cents);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * A decimal string to integer cents: `amountToCents('123.45') === 12345`,
 * `amountToCents('7.5') === 750`. Throws a RangeError on anything else than
 * digits with at most two decimal places, or a result beyond a safe integer.
 */
export function amountToCents(amount: string): number {
  const match = typeof amount === 'string' ? /^(-?)([0-9]+)(?:\.([0-9]{1,2}))?$/.exec(amount) : null;
  if (!match) {
    throw new RangeError(`amountToCents() takes a decimal string with at most two places, such as "123.45"`);
  }
  const [, sign, whole, fraction = ''] = match;
  const cents = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  const result = sign ? -cents : cents;
  if (result > BigInt(Number.MAX_SAFE_INTEGER) || result < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('amountToCents(): the amount is too large for a safe integer; use BigInt arithmetic');
  }
  return Number(result);
}
