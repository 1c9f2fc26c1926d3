/**
 * An error `<pay-card-form>` finds as it connects reaches the listener a
 * README-style page adds in a module script after the element, once; `ready`
 * rejects with it and `el.error` holds it. A real page load in Chromium, from
 * the script-tag file, against the sandbox. Run `npm run build` first.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright';
import { launchChromium } from './chromium.js';
import { checkoutPage, startMerchantSite, type MerchantSite } from './merchant-site.js';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';

let sandbox: Sandbox;
let site: MerchantSite;
let browser: Browser;

before(async () => {
  sandbox = await createSandbox();
  site = await startMerchantSite();
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await site?.close();
  await sandbox?.close();
});

/** The page: the element with `attributes`, then a module script that listens, as the README's page does. */
const page = (attributes: string) =>
  checkoutPage(`    <pay-card-form base-url="${sandbox.url}" ${attributes}></pay-card-form>
    <script type="module">
      const form = document.querySelector('pay-card-form');
      window.heard = [];
      form.addEventListener('tokenize-error', ({ detail: { error } }) => window.heard.push(error.name + ': ' + error.message));
      window.readiness = form.ready.then(() => 'ready', (error) => error.name + ': ' + error.message);
    </script>`);

const CASES = [
  {
    mistake: 'a secret key in public-key',
    attributes: `public-key="${MERCHANTS[0]!.secretKey}"`,
    error: /^AuthenticationError: <pay-card-form>: this is your secret key/,
  },
  {
    mistake: 'installments that are not JSON',
    attributes: `public-key="${MERCHANTS[0]!.publicKey}" amount="15990" installments="{maxInstallments: 12}"`,
    error: /^ConfigurationError: <pay-card-form>: installments must be a JSON object .*not JSON/,
  },
];

for (const { mistake, attributes, error } of CASES) {
  test(`${mistake}: the listener after the element hears it once, ready rejects with it, el.error holds it`, async () => {
    site.files.set('/late.html', page(attributes));
    const tab = await browser.newPage();
    try {
      await tab.goto(`${site.origin('localhost')}/late.html`, { waitUntil: 'load' });
      const readiness = await tab.evaluate<string>('window.readiness');
      assert.match(readiness, error);
      // The page has loaded and a task has run since: anything more would have been fired by now.
      const heard = await tab.evaluate<string[]>('new Promise((done) => setTimeout(() => done(window.heard)))');
      assert.equal(heard.length, 1, `heard: ${JSON.stringify(heard)}`);
      assert.match(heard[0]!, error);
      const held = await tab.evaluate<string | null>(`(() => {
        const { error } = document.querySelector('pay-card-form');
        return error && error.name + ': ' + error.message;
      })()`);
      assert.equal(held, heard[0]);
    } finally {
      await tab.close();
    }
  });
}
