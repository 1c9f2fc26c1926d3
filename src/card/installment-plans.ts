/**
 * The arithmetic of Parcelas (`installments.ts` gives it its types and its
 * typed error). A setting it cannot use comes back as a {@link PlanProblem},
 * not thrown as an error class: the form loads this on demand, and in the
 * frame a chunk may import no code of the form's script (which is inline in
 * the page), so it cannot extend the package's error base.
 */
import { MAX_INSTALLMENTS } from './installment-limits.js';
import type { InstallmentConfig, InstallmentConfigOption, InstallmentOption } from './installments.js';

/** A setting that cannot be used: which one, and a sentence saying what it must be. */
export interface PlanProblem {
  option: InstallmentConfigOption;
  problem: string;
}

/** Thrown by the checks below and caught by {@link planOptions}, so each check can stop the others in one line. */
class Problem extends Error {
  constructor(
    readonly option: InstallmentConfigOption,
    readonly text: string,
  ) {
    super(text);
  }
}

/** The highest monthly rate taken, in percent: anything above is a typo, not a policy. */
export const MAX_MONTHLY_RATE = '50';
/** The largest amount taken, in centavos (R$ 10 bilhões), so every total stays a safe integer. */
export const MAX_PLAN_AMOUNT = 1_000_000_000_000;

const RATE_PATTERN = /^(\d{1,2})(?:\.(\d{1,4}))?$/;

/**
 * Every installment option for `config.amount`, as `installmentOptions`
 * describes them, or what is wrong with `config`.
 */
export function planOptions(config: InstallmentConfig): InstallmentOption[] | PlanProblem {
  let checked: ReturnType<typeof checkConfig>;
  try {
    checked = checkConfig(config);
  } catch (problem) {
    if (problem instanceof Problem) return { option: problem.option, problem: problem.text };
    throw problem;
  }
  const { amount, maxInstallments, interestFree, minInstallment, rate } = checked;
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
    throw new Problem('config', 'the config must be an object: { amount, maxInstallments, interestFree, monthlyRate, minInstallment }.');
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
    throw new Problem(option, `${option} must be an integer from ${min} to ${max}: ${what}. Got ${describe(value)}.`);
  }
  return value;
}

function parseRate(value: unknown): Rate {
  const match = typeof value === 'string' ? RATE_PATTERN.exec(value) : null;
  const fraction = match?.[2] ?? '';
  // Percent with up to 4 decimal places: R / 10^(places + 2) of 1.
  const rate = match ? { numerator: BigInt(`${match[1]}${fraction}`), denominator: 10n ** BigInt(fraction.length + 2) } : undefined;
  if (!rate || rate.numerator * 100n > BigInt(MAX_MONTHLY_RATE) * rate.denominator) {
    throw new Problem(
      'monthlyRate',
      `monthlyRate must be the percent per month as a decimal string with a dot and at most 4 decimal places, from "0" to "${MAX_MONTHLY_RATE}" (e.g. "1.99"; not a number, not "1,99"). Got ${describe(value)}.`,
    );
  }
  return rate;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value);
  if (typeof value === 'number') return String(value);
  return value === null ? 'null' : typeof value;
}
