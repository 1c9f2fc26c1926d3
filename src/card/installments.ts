/**
 * Parcelas: the installment plans a merchant offers for one amount. Pure,
 * with no binary floating point anywhere: amounts are integer centavos, the
 * monthly rate is a decimal string, and the Price-table formula is computed
 * as an exact fraction of BigInts before one rounding to the centavo
 * (docs/installments.md).
 */
import { PayCardError } from '../shared/errors.js';
import { MAX_INSTALLMENTS } from './installment-limits.js';

/**
 * The merchant's installment policy: how many installments, how many
 * interest-free, the monthly rate and the smallest installment. Each order
 * brings its own amount ({@link InstallmentConfig}).
 */
export type InstallmentPolicy = Omit<InstallmentConfig, 'amount'>;

/** The merchant's installment policy and the amount to split. */
export interface InstallmentConfig {
  /** The cash price, in integer centavos (R$ 159,90 is `15990`). */
  amount: number;
  /** The most installments offered, 1 to 24. */
  maxInstallments: number;
  /** Counts up to this one (1 to `maxInstallments`) carry no interest ("sem juros"). */
  interestFree: number;
  /** Interest per month, in percent, as a decimal string: `"1.99"`, `"0"`. At most 4 decimal places, at most `"50"`. */
  monthlyRate: string;
  /** The smallest regular installment offered, in integer centavos (`0` for no minimum). */
  minInstallment: number;
}

/** One way to pay the amount. */
export interface InstallmentOption {
  /** How many installments, 1 to 24. */
  count: number;
  /** The regular installment, in centavos. */
  installment: number;
  /**
   * The first installment, in centavos: equal to `installment` with interest;
   * sem juros it carries the remainder, `total − installment × (count − 1)`.
   */
  firstInstallment: number;
  /** What the buyer pays in all, in centavos: the amount sem juros, `installment × count` with interest. */
  total: number;
  /** True when this count carries no interest. */
  interestFree: boolean;
}

/** Which option of {@link InstallmentConfig} was wrong. */
export type InstallmentConfigOption = keyof InstallmentConfig | 'config';

/** The installment configuration is not usable. `option` names the setting to fix. Thrown before anything is computed. */
export class InstallmentConfigError extends PayCardError {
  override name = 'InstallmentConfigError';
  /** The setting that is wrong, e.g. `monthlyRate`. */
  readonly option: InstallmentConfigOption;

  constructor(option: InstallmentConfigOption, message: string) {
    super(message);
    this.option = option;
  }
}

/** The highest monthly rate taken, in percent: anything above is a typo, not a policy. */
export const MAX_MONTHLY_RATE = '50';
/** The largest amount taken, in centavos (R$ 10 bilhões), so every total stays a safe integer. */
export const MAX_PLAN_AMOUNT = 1_000_000_000_000;

const RATE_PATTERN = /^(\d{1,2})(?:\.(\d{1,4}))?$/;

/**
 * Every installment option for `config.amount`, from 1× up to
 * `config.maxInstallments`, best first by count.
 *
 * - Sem juros (count ≤ `interestFree`, or any count when `monthlyRate` is
 *   `"0"`): `installment = floor(amount ÷ count)`, `total = amount`, and the
 *   first installment carries the remainder.
 * - With interest (Price table): `installment = amount × i ÷ (1 − (1 + i)^−count)`
 *   with `i = monthlyRate ÷ 100`, computed exactly and rounded half-up to
 *   the centavo; `total = installment × count`.
 * - A count is left out when its regular installment is under
 *   `minInstallment` or under 1 centavo. 1× is always offered.
 *
 * @throws {InstallmentConfigError} when any setting is missing, not an integer, out of range, or `monthlyRate` is not a decimal string.
 */
export function installmentOptions(config: InstallmentConfig): InstallmentOption[] {
  const { amount, maxInstallments, interestFree, minInstallment, rate } = checkConfig(config);
  const options: InstallmentOption[] = [];
  for (let count = 1; count <= maxInstallments; count++) {
    const free = count <= interestFree || rate.numerator === 0n;
    if (free) {
      const installment = Math.floor(amount / count);
      const firstInstallment = amount - installment * (count - 1);
      if (count > 1 && (installment < 1 || installment < minInstallment)) continue;
      options.push({ count, installment, firstInstallment, total: amount, interestFree: true });
    } else {
      const installment = priceInstallment(amount, rate, count);
      if (installment < 1 || installment < minInstallment) continue;
      options.push({ count, installment, firstInstallment: installment, total: installment * count, interestFree: false });
    }
  }
  return options;
}

/** A rate as the exact fraction `numerator / denominator` of 1 (so `"1.99"` is 199 / 10000). */
interface Rate {
  numerator: bigint;
  denominator: bigint;
}

/**
 * The Price-table installment, rounded half-up to the centavo. With
 * `i = R / D` the formula `A·i / (1 − (1 + i)^−n)` is exactly
 * `A·R·(D + R)^n / (D·((D + R)^n − D^n))`: integers only, so the rounding
 * decides on the true value.
 */
function priceInstallment(amount: number, rate: Rate, count: number): number {
  const { numerator: r, denominator: d } = rate;
  const n = BigInt(count);
  const grown = (d + r) ** n;
  const num = BigInt(amount) * r * grown;
  const den = d * (grown - d ** n);
  return Number((2n * num + den) / (2n * den));
}

function checkConfig(config: InstallmentConfig): {
  amount: number;
  maxInstallments: number;
  interestFree: number;
  minInstallment: number;
  rate: Rate;
} {
  if (typeof config !== 'object' || config === null) {
    throw new InstallmentConfigError(
      'config',
      'installmentOptions() needs { amount, maxInstallments, interestFree, monthlyRate, minInstallment }.',
    );
  }
  const amount = integerIn(config.amount, 'amount', 1, MAX_PLAN_AMOUNT, 'the price in integer centavos (R$ 159,90 is 15990)');
  const maxInstallments = integerIn(config.maxInstallments, 'maxInstallments', 1, MAX_INSTALLMENTS, 'a count of installments');
  const interestFree = integerIn(
    config.interestFree,
    'interestFree',
    1,
    maxInstallments,
    'the highest count sem juros, at most maxInstallments (use 1 when only 1× is sem juros)',
  );
  const minInstallment = integerIn(
    config.minInstallment,
    'minInstallment',
    0,
    Number.MAX_SAFE_INTEGER,
    'the smallest installment in integer centavos (500 is R$ 5,00; 0 for no minimum)',
  );
  return { amount, maxInstallments, interestFree, minInstallment, rate: parseRate(config.monthlyRate) };
}

function integerIn(value: unknown, option: keyof InstallmentConfig, min: number, max: number, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new InstallmentConfigError(
      option,
      `installmentOptions(): ${option} must be an integer from ${min} to ${max}: ${what}. Got ${describe(value)}.`,
    );
  }
  return value;
}

function parseRate(value: unknown): Rate {
  const match = typeof value === 'string' ? RATE_PATTERN.exec(value) : null;
  const fraction = match?.[2] ?? '';
  // Percent with up to 4 decimal places: R / 10^(places + 2) of 1.
  const rate = match ? { numerator: BigInt(`${match[1]}${fraction}`), denominator: 10n ** BigInt(fraction.length + 2) } : undefined;
  if (!rate || rate.numerator * 100n > BigInt(MAX_MONTHLY_RATE) * rate.denominator) {
    throw new InstallmentConfigError(
      'monthlyRate',
      `installmentOptions(): monthlyRate must be the percent per month as a decimal string with a dot and at most 4 decimal places, from "0" to "${MAX_MONTHLY_RATE}" (e.g. "1.99"; not a number, not "1,99"). Got ${describe(value)}.`,
    );
  }
  return rate;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value);
  if (typeof value === 'number') return String(value);
  return value === null ? 'null' : typeof value;
}
