/**
 * Parcelas: the installment plans a merchant offers for one amount. Pure,
 * with no binary floating point anywhere: amounts are integer centavos, the
 * monthly rate is a decimal string, and the Price-table formula is computed
 * as an exact fraction of BigInts before one rounding to the centavo
 * (docs/installments.md). The arithmetic is in `installment-plans.ts`; this
 * module gives it its types and its typed error.
 */
import { PayCardError } from '../shared/errors.js';
import { planOptions } from './installment-plans.js';

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
  const plans = planOptions(config);
  if ('problem' in plans) throw new InstallmentConfigError(plans.option, `installmentOptions(): ${plans.problem}`);
  return plans;
}
