/**
 * The demo checkout's order: its price and the shop's installment policy.
 * One source for both sides: the demo server writes them into the pages
 * (demo/serve.ts), and the backends recompute the plan from them before they
 * charge (demo/checkout-api.ts, demo/card-api.ts), never from the page's copy.
 */
import type { InstallmentConfig } from '../src/card/installments.js';

/** The cash price, in integer centavos: R$ 129,90. */
export const PRICE = 12990;

/** The shop's policy: what `installments` says on the page, without the amount. */
export const INSTALLMENT_POLICY = {
  maxInstallments: 12,
  interestFree: 3,
  monthlyRate: '1.99',
  minInstallment: 500,
} as const satisfies Omit<InstallmentConfig, 'amount'>;

/** `installmentOptions`' config for this order, as the backend checks it. */
export const ORDER_PLAN: InstallmentConfig = { amount: PRICE, ...INSTALLMENT_POLICY };
