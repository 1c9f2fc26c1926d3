/**
 * End to end: demo/pix.html against the embedded sandbox, in real Chromium.
 * Generate a QR code and see it in <pay-pix-qr>, initiate, confirm, poll to
 * COMPLETED, see the element turn to paid; then refund and watch the refund go
 * PENDING → COMPLETED (moved on with the demo's "advance clock" button). No
 * secret may reach the browser.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordResponses, secretCarriers } from './secrets.js';
import { demoInChromium } from './demo-in-chromium.js';

const running = demoInChromium();

test('the PIX loop: generate, initiate, confirm, poll to COMPLETED; a refund goes PENDING → COMPLETED', async () => {
  const page = await running.browser.newPage();
  const responses = recordResponses(page);
  try {
    await page.goto(new URL('pix.html', running.demo.url).href);

    // As a Brazilian types it: a decimal comma; the page sends the dot the API expects.
    const amount = page.getByLabel('Amount (R$)', { exact: true });
    await amount.fill('');
    await amount.pressSequentially('30,00');
    await page.getByRole('button', { name: 'Generate QR code' }).click();
    // The shopper's view: the code as a QR and as "Pix Copia e Cola", with the amount read from the code.
    const pix = page.locator('pay-pix-qr');
    const code = pix.getByLabel('Pix Copia e Cola code');
    await code.and(page.locator('input, textarea')).waitFor();
    const payload = await code.inputValue();
    assert.match(payload, /^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
    assert.equal(await pix.evaluate((element) => (element as unknown as { payload: string }).payload), payload);
    assert.equal(await pix.locator('svg').count(), 1);
    await pix
      .getByText(/R\$\s?30\.00/)
      .first()
      .waitFor();

    await page.getByRole('button', { name: 'Initiate payment' }).click();
    await page.locator('#quote-amount').getByText('R$ 30.00').waitFor();
    assert.equal(await page.locator('#payee').textContent(), 'LOJA EXEMPLO LTDA');

    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.locator('#txn-id').getByText(/^txn_/).waitFor();
    const paymentStatus = page.getByRole('status').filter({ hasText: 'Payment status' });
    await paymentStatus.getByText('COMPLETED (2)').waitFor({ timeout: 15_000 });
    const seen = await page.locator('#transfer-history li').allTextContents();
    assert.equal(seen[0], 'PENDING (1)');
    assert.equal(seen.at(-1), 'COMPLETED (2)');
    // The checkout learns of the payment from its own QR code, and the shopper sees it.
    await page.getByRole('status').filter({ hasText: 'QR code status: PAID' }).waitFor({ timeout: 15_000 });
    await pix.getByText('Payment received').first().waitFor();
    assert.equal(await pix.evaluate((element) => (element as unknown as { state: string }).state), 'paid');

    await page.getByLabel('Refund amount (R$)').fill('10.00');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const refundStatus = page.getByRole('status').filter({ hasText: 'Refund status' });
    await refundStatus.getByText(/PENDING \(1\)|PROCESSING \(5\)|COMPLETED \(2\)/).waitFor();
    assert.equal(await page.locator('#refund-history li').first().textContent(), 'PENDING (1)');
    await page.getByRole('button', { name: 'Advance the sandbox clock by 5 seconds' }).click();
    await refundStatus.getByText('COMPLETED (2)').waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('#refund-history li').last().textContent(), 'COMPLETED (2)');
    assert.equal(await page.getByRole('alert').textContent(), '');

    // Secrets stay on the server: not in the page, its scripts, or any answer of the demo API.
    const all = await responses();
    assert.deepEqual(secretCarriers(all), []);
    assert.ok(all.filter(({ url }) => url.includes('/demo-api/')).length >= 6);
  } finally {
    await page.close();
  }
});

test('"Simulate payment" pays the code in one click and the element turns to paid', async () => {
  const page = await running.browser.newPage();
  try {
    await page.goto(new URL('pix.html', running.demo.url).href);
    await page.getByRole('button', { name: 'Generate QR code' }).click();
    await page.getByRole('button', { name: 'Simulate payment' }).and(page.locator(':enabled')).click();
    await page.locator('#txn-id').getByText(/^txn_/).waitFor();
    assert.equal(await page.locator('#payee').textContent(), 'LOJA EXEMPLO LTDA');
    await page.locator('pay-pix-qr').getByText('Payment received').first().waitFor({ timeout: 15_000 });
    assert.equal(await page.getByRole('alert').textContent(), '');
  } finally {
    await page.close();
  }
});

test('errors are announced: paying the same QR code twice is refused', async () => {
  const page = await running.browser.newPage();
  try {
    await page.goto(new URL('pix.html', running.demo.url).href);
    await page.getByRole('button', { name: 'Generate QR code' }).click();
    await page.getByRole('button', { name: 'Initiate payment' }).and(page.locator(':enabled')).click();
    await page.getByRole('button', { name: 'Confirm payment' }).and(page.locator(':enabled')).click();
    await page.locator('#txn-id').getByText(/^txn_/).waitFor();
    // The dynamic code is paid: initiating it again is 4001015 (§4.2: it must be ACTIVE).
    await page.getByRole('button', { name: 'Initiate payment' }).and(page.locator(':enabled')).click();
    await page
      .getByRole('alert')
      .getByText(/4001015/)
      .waitFor();
  } finally {
    await page.close();
  }
});
