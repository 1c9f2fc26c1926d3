import { installmentOptions, type InstallmentConfig, type InstallmentOption } from '../card/installments.js';
import { InstallmentPlanError } from './errors.js';

/** What {@link checkInstallmentPlan} compares. */
export interface InstallmentPlanCheck {
  /** The merchant's own policy and cash price, as given to `installmentOptions` (never the browser's copy). */
  config: InstallmentConfig;
  /** The count the shopper chose: the charge's `payment_details.installments`. */
  installments: number;
  /** The charge's `amount`, in integer centavos. */
  amount: number;
}

/**
 * Recomputes the installment plan from the merchant's own config and checks
 * the charge against it before it is sent: the chosen count must be one of
 * the options, and `amount` must be that option's `total` (the cash price sem
 * juros, `installment × count` with interest). A page can be tampered with;
 * this is the backend's word on what the shopper agreed to pay
 * (docs/charges.md#installments).
 *
 * @returns the chosen option.
 * @throws {InstallmentPlanError} (a `RequestValidationError`) naming `payment_details.installments` (a count not offered) or `amount` (not the option's total).
 *   Its `operation` is `"installment plan check"`: nothing was sent.
 * @throws {InstallmentConfigError} when `config` itself is wrong.
 */
export function checkInstallmentPlan(check: InstallmentPlanCheck): InstallmentOption {
  const options = installmentOptions(check.config);
  const option = options.find((o) => o.count === check.installments);
  if (!option) {
    throw new InstallmentPlanError([
      {
        field: 'payment_details.installments',
        message: `${String(check.installments)} is not offered for this amount; the plan offers ${options.map((o) => `${o.count}×`).join(', ')}`,
      },
    ]);
  }
  if (check.amount !== option.total) {
    throw new InstallmentPlanError([
      {
        field: 'amount',
        message: `must be ${option.total} (the total of ${option.count}× in your plan), not ${String(check.amount)}; charge the option's total`,
      },
    ]);
  }
  return option;
}
