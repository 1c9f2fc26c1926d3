/**
 * End to end: `npm start`'s bare card form page (demo/card.html) and sandbox,
 * driven in real Chromium by Playwright with real key presses, for every
 * brand's test number.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardFrame, FUTURE_EXPIRY_TYPED } from './chromium.js';
import { recordResponses, secretCarriers } from './secrets.js';
import { formatCardNumber } from '../src/card/formatters.js';
import { fileURLToPath } from 'node:url';
import { TEST_CARDS } from '../src/sandbox/test-cards.js';
import { en } from '../src/form/messages.js';
import { demoInChromium } from './demo-in-chromium.js';

const running = demoInChromium();

test('each brand test number shows its brand and ends in a `tokenized` event with a sandbox token', async () => {
  const page = await running.browser.newPage();
  const consoleText: string[] = [];
  page.on('console', (msg) => consoleText.push(msg.text()));
  const requests: string[] = [];
  page.on('request', (req) => requests.push(req.url()));
  const responses = recordResponses(page);
  try {
    for (const card of TEST_CARDS) {
      await page.goto(new URL('card.html', running.demo.url).href);
      const form = cardFrame(page);
      await form.locator('#number').pressSequentially(card.number);
      await assert.doesNotReject(
        form.locator('[part~="brand"]').getByText(en.brandNames[card.brand], { exact: true }).waitFor(),
        `brand of ${card.brand}`,
      );
      await form.locator('#holderName').pressSequentially('Ana Silva');
      await form.locator('#expiry').pressSequentially(FUTURE_EXPIRY_TYPED);
      await form.locator('#cvv').pressSequentially(card.brand === 'amex' ? '1234' : '123');
      // The demo asks for the buyer's CPF (collect-tax-id).
      await form.locator('#taxId').pressSequentially('12345678909');
      await form.locator('[part="submit"]').click();
      await page.locator('#token').getByText(/^tok_/).waitFor();
      assert.equal(await page.locator('#token').getAttribute('data-brand'), card.brand);
      const logged = await page.locator('#log li[data-type="tokenized"]').first().textContent();
      assert.match(logged!, new RegExp(`"brand":"${card.brand}"`));
      assert.match(logged!, new RegExp(`"lastFourDigits":"${card.number.slice(-4)}"`));
      // The card number appears nowhere but inside the input it was typed in (the
      // test-card table and its data are the page's own copy, so they are left out):
      // not in the page, not in the element's shadow root, not in the frame's markup.
      // Page-side code is passed as strings: this file is type-checked without the DOM library.
      const html = await page.evaluate<string>(
        `(() => { const page = document.documentElement.cloneNode(true);
          page.querySelectorAll('#test-cards, #test-cards-data').forEach((n) => n.remove());
          return page.outerHTML + document.querySelector('pay-card-form').shadowRoot.innerHTML; })()`,
      );
      const frameHtml = await page
        .frames()
        .find((frame) => frame.url().includes('/frame/v1/'))!
        .evaluate<string>(`document.documentElement.outerHTML + document.querySelector('pay-card-frame').shadowRoot.innerHTML`);
      for (const shown of [card.number, formatCardNumber(card.number)]) {
        assert.ok(!html.includes(shown), 'PAN in the page');
        assert.ok(!frameHtml.includes(shown), 'PAN in the frame markup');
      }
      const stored = await page.evaluate<string>(
        `JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie`,
      );
      assert.ok(!stored.includes(card.number), 'PAN in storage');
    }
    assert.ok(!requests.some((url) => TEST_CARDS.some((c) => url.includes(c.number))), 'PAN in a URL');
    assert.ok(!consoleText.some((line) => TEST_CARDS.some((c) => line.includes(c.number))), 'PAN in the console');
    // No key of the sandbox reaches the browser, in the page or any script it loads.
    assert.deepEqual(secretCarriers(await responses()), []);
  } finally {
    await page.close();
  }
});

test('the demo server refuses to serve sandbox and server modules, which hold test keys', async () => {
  for (const file of ['../src/sandbox/merchants.ts', '../src/sandbox/v3/fixtures.ts', '../src/server/index.ts']) {
    const path = fileURLToPath(new URL(file, import.meta.url));
    const res = await fetch(new URL(`/@fs${path}`, running.demo.url));
    assert.equal(res.status, 403, file);
  }
});

test('a bad card shows an error on blur and blocks submit without calling the service', async () => {
  const page = await running.browser.newPage();
  const calls: string[] = [];
  page.on('request', (req) => /\/v1\/tokens$|\/demo-api\//.test(req.url()) && calls.push(req.url()));
  try {
    await page.goto(new URL('card.html', running.demo.url).href);
    const form = cardFrame(page);
    await form.locator('#number').pressSequentially('4111111111111112');
    await page.keyboard.press('Tab');
    await form.locator('#number-error').getByText('Check the card number.').waitFor();
    await form.locator('[part="submit"]').click();
    // In the checkout's <form>, the form's own validation holds the submit back and sends the shopper to the card number.
    await form.locator('#number:focus').waitFor();
    assert.equal(
      await page.locator('pay-card-form').evaluate((el) => (el as unknown as { validity: { badInput: boolean } }).validity.badInput),
      true,
    );
    assert.deepEqual(calls, []);
  } finally {
    await page.close();
  }
});
