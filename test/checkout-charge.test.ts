/**
 * End to end, from the shopper's keys to the charge: `npm start`'s bare card
 * form page (demo/card.html) in real Chromium, in both modes. The shopper
 * chooses 6x under "Parcelas", types a CPF and pays; the page posts the
 * form's data to the demo backend,
 * which recomputes the plan from the shop's own policy (demo/order.ts) and
 * creates the charge in the sandbox over HTTP. Then the refusals: the sandbox
 * itself refuses 13x, 12 × R$ 0,83 and a CPF with a wrong check digit, and
 * the demo backend refuses a tampered page before the sandbox is asked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { ORDER_PLAN, PRICE } from '../demo/order.js';
import { installmentOptions } from '../src/card/installments.js';
import { basicAuthorization } from '../src/server/charges.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { cardFrame, typeCard } from './chromium.js';
import { demoInChromium } from './demo-in-chromium.js';

const running = demoInChromium();

/** A valid CPF (check digits 0 and 9), as the shopper types it: digits only, the field adds the punctuation. */
const CPF = '12345678909';
const SIX = installmentOptions(ORDER_PLAN).find((option) => option.count === 6)!;

/** "171.24" for 17124: centavos as the en locale shows them, without a float. */
const reais = (centavos: number) => `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;

type Mode = 'isolated' | 'inline';

/** Where the card form's fields are: the frame, or the element's shadow root. */
const fieldsOf = (page: Page, mode: Mode) => (mode === 'inline' ? page.locator('pay-card-form') : cardFrame(page));

interface ChargeAnswer {
  id: string;
  status: string;
  amount: number;
  installments: number;
  installment: number;
  customer: { tax_id: string };
}

/**
 * The shopper's part: a click in each field and real keys, 6x under
 * "Parcelas", Enter in the CPF field. Resolves with what the page posted to
 * the backend and what the backend answered.
 */
async function payInSix(page: Page, mode: Mode) {
  await page.goto(new URL(mode === 'inline' ? 'card.html?mode=inline' : 'card.html', running.demo.url).href);
  const fields = fieldsOf(page, mode);
  await typeCard(page, fields);
  const select = fields.locator('#installments');
  await select.selectOption('6');
  await fields.locator('#taxId').click();
  await page.keyboard.type(CPF);
  assert.equal(await fields.locator('#taxId').inputValue(), '123.456.789-09', 'masked as typed');
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/demo-api/charge');
  await page.keyboard.press('Enter');
  const response = await answered;
  return {
    options: await select.locator('option').allTextContents(),
    posted: response.request().postDataJSON() as Record<string, string>,
    status: response.status(),
    answer: (await response.json()) as ChargeAnswer,
  };
}

for (const mode of ['isolated', 'inline'] as const) {
  test(`${mode}: 6x with a CPF becomes a charge of the plan's total in 6 installments, approved by the sandbox`, async () => {
    const page = await running.browser.newPage();
    try {
      const { options, posted, status, answer } = await payInSix(page, mode);
      // The right mode is what was tested: a frame isolated, none inline.
      assert.equal(await page.locator('pay-card-form iframe').count(), mode === 'isolated' ? 1 : 0);

      // 6x carries interest in the demo's policy, so its total is not the cash price.
      assert.equal(SIX.interestFree, false);
      assert.equal(SIX.total, SIX.installment * 6);
      assert.ok(SIX.total > PRICE);
      assert.ok(options.includes(`6 × R$${reais(SIX.installment)} (total R$${reais(SIX.total)})`), options.join(' | '));

      // The form data, with no page code of its own: the token, the plan and the document.
      assert.match(posted.card!, /^tok_/);
      assert.deepEqual(
        { installments: posted.card_installments, amount: posted.card_amount, taxId: posted.card_tax_id },
        { installments: '6', amount: String(SIX.total), taxId: CPF },
      );

      // The sandbox's record of the charge, as the backend passed it on.
      assert.equal(status, 200, JSON.stringify(answer));
      assert.match(answer.id, /^ch_/);
      assert.equal(answer.status, 'approved');
      assert.equal(answer.amount, SIX.total);
      assert.equal(answer.installments, 6);
      assert.equal(answer.customer.tax_id, CPF);

      // And the shopper reads it.
      await page
        .locator('#charge[data-status="approved"]')
        .getByText(`approved: R$${reais(SIX.total)} in 6 × R$${reais(SIX.installment)}`)
        .waitFor();
    } finally {
      await page.close();
    }
  });
}

test('refused: the sandbox takes no 13x, no 12 × R$ 0,83 and no wrong check digit; the backend takes no tampered page', async () => {
  const page = await running.browser.newPage();
  try {
    const { posted, answer } = await payInSix(page, 'isolated');
    assert.equal(answer.status, 'approved');
    const token = posted.card!;

    // The sandbox over HTTP, on the raw wire: the server helper would refuse the wrong check digit itself.
    const charge = async (amount: number, installments: number, taxId = CPF) => {
      const res = await fetch(`${running.demo.sandbox.url}/v1/charges`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: basicAuthorization(MERCHANTS[0]!.secretKey) },
        body: JSON.stringify({
          amount,
          payment_method: 'credit_card',
          customer: { tax_id: taxId },
          payment_details: { token, installments },
        }),
      });
      const body = (await res.json()) as { code: unknown; data: { field?: string; status?: string } | null };
      return { status: res.status, code: body.code, field: body.data?.field, charged: body.data?.status };
    };
    const refused = (field: string) => ({ status: 422, code: 4002, field, charged: undefined });
    assert.deepEqual(await charge(15990, 13), refused('payment_details.installments'), '13x');
    assert.deepEqual(await charge(996, 12), refused('payment_details.installments'), '12 × R$ 0,83');
    assert.deepEqual(await charge(12990, 1, '123.456.789-08'), refused('customer.tax_id'), 'wrong check digit');
    // A refused charge leaves nothing behind: the same token and a good charge still go through.
    assert.deepEqual(await charge(996, 1), { status: 200, code: 200, field: undefined, charged: 'approved' });

    // The demo backend checks the page against the shop's own plan before it calls the sandbox.
    const backend = async (changes: Record<string, string>) => {
      const res = await fetch(new URL('/demo-api/charge', running.demo.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...posted, ...changes }),
      });
      const body = (await res.json()) as { error?: string; field?: string; status?: string };
      return { status: res.status, error: body.error, field: body.field };
    };
    // The plan check names itself (InstallmentPlanError, a RequestValidationError): nothing was sent.
    const invalid = (field: string, error = 'InstallmentPlanError') => ({ status: 422, error, field });
    assert.deepEqual(await backend({ card_installments: '13' }), invalid('payment_details.installments'));
    assert.deepEqual(await backend({ card_amount: String(PRICE) }), invalid('amount'), 'the cash price for 6x');
    assert.deepEqual(await backend({ card_tax_id: '12345678908' }), invalid('customer.tax_id', 'RequestValidationError'));
    assert.deepEqual(await backend({}), { status: 200, error: undefined, field: undefined });
  } finally {
    await page.close();
  }
});
