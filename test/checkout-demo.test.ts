/**
 * End to end: `npm start`'s checkout page, `<pay-checkout>` against
 * `checkoutHandler` on the demo server (demo/checkout-api.ts) and the
 * embedded sandbox, in real Chromium. The shopper pays by card in 6x with a
 * CPF, typing with real keys (into the card form's frame in isolated mode),
 * and the page shows the approval; or chooses Pix, and the code is paid from
 * the sandbox's console, and the page shows the order paid.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { ORDER_PLAN, PRICE } from '../demo/order.js';
import { installmentOptions } from '../src/card/installments.js';
import { cardFrame, typeCard } from './chromium.js';
import { demoInChromium } from './demo-in-chromium.js';
import { recordResponses, secretCarriers } from './secrets.js';

const running = demoInChromium();

const CPF = '12345678909';
const SIX = installmentOptions(ORDER_PLAN).find((option) => option.count === 6)!;
/** "R$171.24" for 17124, as the en locale shows centavos, without a float. */
const brl = (centavos: number) => `R$${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;

interface Charge {
  id: string;
  amount_centavos: number;
  installments: number;
  status: string;
}

const sandboxCharges = async () =>
  ((await (await fetch(new URL('/sandbox/state', running.demo.sandbox.url))).json()) as { charges: Charge[] }).charges;

/** The order the server opened for this page load, as it wrote it into the page. */
async function openCheckout(page: Page, query = '') {
  await page.goto(new URL(query, running.demo.url).href);
  const checkout = page.locator('pay-checkout');
  const orderId = (await checkout.getAttribute('order-id'))!;
  assert.match(orderId, /^pedido-\d+$/);
  assert.equal(await page.locator('#order-id').textContent(), orderId);
  assert.equal(await checkout.getAttribute('amount'), String(PRICE));
  return { checkout, orderId };
}

/** The page's event log: each entry's type and detail, newest first. */
async function logged(page: Page, type: string): Promise<Record<string, unknown>[]> {
  const lines = await page.locator(`#log li[data-type="${type}"]`).allTextContents();
  return lines.map((line) => JSON.parse(line.slice(line.indexOf('{'))) as Record<string, unknown>);
}

for (const mode of ['isolated', 'inline'] as const) {
  test(`${mode}: card in 6x with a CPF, typed with real keys, is charged the server's plan total and the page shows the approval`, async () => {
    const page = await running.browser.newPage();
    const responses = recordResponses(page);
    try {
      const { checkout, orderId } = await openCheckout(page, mode === 'inline' ? '?mode=inline' : '');
      await page.getByRole('radio', { name: 'Credit card' }).and(page.locator(':checked')).waitFor();
      const fields = mode === 'inline' ? checkout.locator('pay-card-form') : cardFrame(page);
      await fields
        .locator('[part~="submit"]')
        .getByText(`Pay ${brl(PRICE)}`)
        .waitFor();
      assert.equal(await checkout.locator('pay-card-form iframe').count(), mode === 'isolated' ? 1 : 0, 'the mode asked for');
      await typeCard(page, fields);
      await fields.locator('#installments').selectOption('6');
      await fields.locator('#taxId').click();
      await page.keyboard.type(CPF);
      assert.equal(await fields.locator('#taxId').inputValue(), '123.456.789-09', 'masked as typed');
      // 6x carries interest in the shop's policy: the button shows the plan's total, not the cash price.
      assert.ok(SIX.total > PRICE && !SIX.interestFree);
      await fields
        .locator('[part~="submit"]')
        .getByText(`Pay ${brl(SIX.total)}`)
        .waitFor();
      const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/checkout/card');
      await page.keyboard.press('Enter');
      const response = await answered;
      assert.equal(response.status(), 200);
      const posted = response.request().postDataJSON() as Record<string, unknown>;
      assert.deepEqual({ ...posted, token: typeof posted.token }, { orderId, token: 'string', installments: 6, taxId: CPF, locale: 'en' });
      assert.match(posted.token as string, /^tok_/);

      // The shopper reads the approval in the element, and the page's own line.
      await checkout
        .locator('[part~="note"]')
        .getByText(`Payment approved: 6 × ${brl(SIX.installment)}. Total ${brl(SIX.total)}.`)
        .waitFor();
      await page.locator('#outcome').getByText('Order paid by card.').waitFor();

      // The page's log has the paid event; the sandbox holds that charge, of the plan's total in 6.
      const [paid] = await logged(page, 'paid');
      assert.ok(paid);
      assert.deepEqual(
        { ...paid, chargeId: typeof paid.chargeId },
        {
          orderId,
          method: 'card',
          chargeId: 'string',
          installments: 6,
          total: SIX.total,
        },
      );
      const charge = (await sandboxCharges()).find((c) => c.id === paid.chargeId);
      assert.deepEqual(
        charge && [charge.amount_centavos, charge.installments, charge.status],
        [SIX.total, 6, 'approved'],
        JSON.stringify(charge),
      );
      // No key of the sandbox or the handler reaches the browser.
      assert.deepEqual(secretCarriers(await responses()), []);
    } finally {
      await page.close();
    }
  });
}

test('Pix: chosen on the page, the code is shown; paid from the sandbox console, the page shows the order paid', async () => {
  const page = await running.browser.newPage();
  const consolePage = await running.browser.newPage();
  try {
    const { checkout, orderId } = await openCheckout(page);
    const generated = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/checkout/pix');
    // The keyboard way into the choice: Tab lands on the chosen method, an arrow key chooses the next.
    await page.getByRole('radio', { name: 'Credit card' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('radio', { name: 'Pix' }).and(page.locator(':checked')).waitFor();
    const code = (await (await generated).json()) as { qrCodeId: string; payload: string };
    const qr = checkout.locator('pay-pix-qr');
    const copy = qr.getByLabel('Pix Copia e Cola code').and(page.locator('input, textarea'));
    await copy.waitFor();
    assert.equal(await copy.inputValue(), code.payload);
    // What docs/checkout.md tells a merchant's test to read, in any language.
    assert.equal(
      await page.locator('pay-checkout pay-pix-qr').evaluate((element) => (element as unknown as { payload: string }).payload),
      code.payload,
    );
    await qr
      .getByText(/R\$\s?129\.90/)
      .first()
      .waitFor();
    assert.deepEqual(await logged(page, 'method-change'), [{ method: 'pix' }]);

    // Loja Exemplo Filial pays it, with the console's own button for that code.
    await consolePage.goto(running.demo.sandbox.url);
    await consolePage
      .locator('pay-sandbox-console #state-qrCodes button', { hasText: `Pay ${code.qrCodeId} as acc_sandbox_filial` })
      .click();
    await consolePage.locator('pay-sandbox-console #action-status', { hasText: 'QR code paid.' }).waitFor();

    // The transfer settles on the sandbox's clock 2 s later; the code's status poll sees it at its next tick.
    await page.locator('#outcome').getByText('Order paid by Pix.').waitFor({ timeout: 20_000 });
    await qr.getByText('Payment received').first().waitFor();
    assert.deepEqual(await logged(page, 'paid'), [{ orderId, method: 'pix', qrCodeId: code.qrCodeId }]);
    assert.deepEqual(await logged(page, 'payment-failed'), []);
  } finally {
    await consolePage.close();
    await page.close();
  }
});

test('the payment code loads once the card is filled in; when it cannot load, the shopper is told, the page hears why, and "Try again" pays', async () => {
  const page = await running.browser.newPage();
  try {
    const flowsAsked: string[] = [];
    page.on('request', (request) => {
      if (/payment-flows/.test(request.url())) flowsAsked.push(request.url());
    });
    const chargesBefore = (await sandboxCharges()).length;
    const { checkout, orderId } = await openCheckout(page);
    const fields = cardFrame(page);
    await fields
      .locator('[part~="submit"]')
      .getByText(`Pay ${brl(PRICE)}`)
      .waitFor();
    assert.deepEqual(flowsAsked, [], 'the card form on show asked for the payment code');

    // The network drops the payment code: the card is filled in (its prefetch fails quietly), then paid.
    await page.route(/payment-flows/, (route) => route.abort('internetdisconnected'));
    const tokenized = page.waitForResponse((res) => /\/v1\/tokens$/.test(new URL(res.url()).pathname));
    await typeCard(page, fields);
    await fields.locator('#taxId').click();
    await page.keyboard.type(CPF);
    // The developer hears it in the console too, from the element itself: the hints' own file may not load either.
    const said = page.waitForEvent('console', (message) => message.type() === 'error' && message.text().startsWith('<pay-checkout>'));
    await page.keyboard.press('Enter');
    await tokenized;
    assert.equal(
      (await said).text(),
      "<pay-checkout> could not load its payment code: check the network, and that your site serves the checkout-chunks/ folder beside pay-checkout.js (or your bundle's chunks).",
    );
    const note = checkout.locator('[part~="card-panel"] [part~="note"]');
    await note.getByText('We could not reach the shop. Check your connection and try again.').waitFor();
    assert.ok(flowsAsked.length >= 1, 'the payment code was never asked for');
    assert.equal(
      await checkout.locator('[role="status"]').textContent(),
      'We could not reach the shop. Check your connection and try again.',
    );
    const [failed] = await logged(page, 'payment-failed');
    assert.deepEqual(
      failed && { code: failed.code, method: failed.method },
      { code: 'network_error', method: 'card' },
      JSON.stringify(failed),
    );
    assert.equal((await sandboxCharges()).length, chargesBefore, 'a charge was made without the payment code');

    // Back online: "Try again" pays the card as it was typed, CPF included; nothing is typed twice.
    await page.unroute(/payment-flows/);
    await checkout.locator('[part~="card-panel"] [part~="action"]:focus').getByText('Try again').waitFor();
    await page.keyboard.press('Enter');
    await checkout
      .locator('[part~="note"]')
      .getByText(/^Payment approved/)
      .waitFor();
    const [paid] = await logged(page, 'paid');
    assert.deepEqual(paid && [paid.orderId, paid.method], [orderId, 'card']);
    assert.equal((await sandboxCharges()).length, chargesBefore + 1, 'one charge, for the card as typed');
  } finally {
    await page.close();
  }
});
