/**
 * The bare card form page's backend route (demo/card.html), served by `demoApi`
 * (demo/api.ts): what a merchant's server does with the checkout form.
 *
 * `POST /demo-api/charge` takes the form data of `<pay-card-form name="card">`
 * as a JSON object: `card` (the token), `card_installments` (the count chosen),
 * `card_amount` (the total the shopper saw) and `card_tax_id` (the CPF or
 * CNPJ). It recomputes the plan from the shop's own price and policy
 * (demo/order.ts) and charges only when the page's count and total are one of
 * its options, so a tampered or stale page cannot set the price.
 */
import { checkInstallmentPlan, createCharge } from '../src/server/index.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { DemoInputError, text, type DemoSandbox, type Handler } from './api.js';
import { ORDER_PLAN } from './order.js';

/** The card routes, by name. */
export function cardRoutes(sandbox: DemoSandbox): Record<string, Handler> {
  // Loja Exemplo: the merchant whose public key the demo page tokenizes with.
  const { secretKey } = MERCHANTS[0]!;
  return {
    async charge(body) {
      const option = checkInstallmentPlan({
        config: ORDER_PLAN,
        installments: count(body, 'card_installments'),
        amount: count(body, 'card_amount'),
      });
      const charge = await createCharge(
        { baseUrl: sandbox.url, secretKey },
        {
          amount: option.total,
          payment_method: 'credit_card',
          product_type: 'digital',
          customer: { tax_id: text(body, 'card_tax_id') },
          payment_details: { token: text(body, 'card'), installments: option.count },
        },
      );
      // What the page shows, as the sandbox recorded it; the token stays on the server.
      const recorded = charge?.payment_details as { installments?: unknown } | undefined;
      return {
        id: charge?.id,
        status: charge?.status,
        amount: charge?.amount,
        installments: recorded?.installments,
        installment: option.installment,
        customer: charge?.customer,
        card: charge?.card,
      };
    },
  };
}

/** A form field holding a whole number (form data is text). */
function count(body: Record<string, unknown>, field: string): number {
  const value = text(body, field);
  if (!/^\d{1,15}$/.test(value)) throw new DemoInputError(`${field} must be a whole number`);
  return Number(value);
}
