/** What the shop's Worker (checkout-worker.ts) and its page in test/checkout-workerd.test.ts agree on. */

/** The shop's installment policy: the handler's, and the page's `installments`. */
export const POLICY = { maxInstallments: 12, interestFree: 3, monthlyRate: '1.99', minInstallment: 500 } as const;
/** The shortest life the handler gives a Pix code, so the test moves the sandbox's clock that far to expire one. */
export const PIX_EXPIRES_IN_S = 60;
