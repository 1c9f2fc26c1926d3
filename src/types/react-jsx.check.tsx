/**
 * Type-checked by react.test.ts, never run: JSX that uses each element's
 * React typings as an app would, and lines that must not compile. If a
 * typing is lost or loosened, an `@ts-expect-error` below stops being an
 * error and tsc fails.
 */
import type {} from './react.js';
import type {} from './react-pix.js';
import type {} from './react-checkout.js';

export const card = <pay-card-form public-key="pk_test_…" ontokenized={(event) => event.detail.token.toUpperCase()} />;
export const pix = <pay-pix-qr payload="000201…" onpaid={(event) => event.type} />;

export const checkout = (
  <pay-checkout
    endpoint="/api/checkout"
    order-id="pedido-1042"
    amount={15990}
    methods="pix card"
    collect-tax-id
    onpaid={(event) => (event.detail.method === 'card' ? event.detail.total.toFixed() : event.detail.qrCodeId)}
    onpayment-failed={(event) => event.detail.error.code}
    onmethod-change={(event) => event.detail.method satisfies 'card' | 'pix'}
  />
);

// In a server-rendered app, the policy as JSON text (docs/pay-checkout.md).
export const policyAsText = <pay-checkout installments='{"maxInstallments": 12}' />;

// @ts-expect-error maxInstallments is a number
export const policyTyped = <pay-checkout installments={{ maxInstallments: 'twelve' }} />;
// @ts-expect-error methods names card, pix or both
export const unknownMethods = <pay-checkout methods="card boleto" />;
// @ts-expect-error amount is integer centavos, not a string
export const amountAsText = <pay-checkout amount="159,90" />;
// @ts-expect-error method is 'card' or 'pix'
export const unknownMethod = <pay-checkout method="boleto" />;
// @ts-expect-error theme is light, dark or auto
export const unknownTheme = <pay-checkout theme="sepia" />;
// @ts-expect-error `paid`'s detail has no token
export const paidToken = <pay-checkout onpaid={(event) => event.detail.token} />;
// @ts-expect-error `method-change`'s detail is the method, not an error
export const methodError = <pay-checkout onmethod-change={(event) => event.detail.error} />;
// @ts-expect-error `tokenized`'s detail has no `amount`
export const tokenAmount = <pay-card-form ontokenized={(event) => event.detail.amount} />;
// @ts-expect-error status is pending, paid or expired
export const pixStatus = <pay-pix-qr status="refunded" />;
