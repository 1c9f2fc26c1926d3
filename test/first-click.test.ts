/**
 * Isolated: the shopper's first click and first key, the moment the form
 * shows, in real Chromium with real mouse and key events. The frame is 0 px
 * high until the element applies the height the frame reports; for a moment
 * after that, Chromium cannot yet send a click to a cross-site frame, so the
 * click lands on the page's `<iframe>` element and a key typed at once
 * reaches the page (src/element/early-input.ts). Both must still end in the
 * field the shopper clicked, every time, also while another thread keeps a
 * CPU busy. The page is on `localhost` and the frame on `127.0.0.1`: two
 * sites, so the frame runs in a process of its own, as in production.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import type { Browser, Page } from 'playwright';
import { launchChromium } from './chromium.js';
import { checkoutPage, startMerchantSite, type MerchantSite } from './merchant-site.js';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';

const RUNS = 50;

let sandbox: Sandbox;
let site: MerchantSite;
let browser: Browser;
let load: Worker;

before(async () => {
  sandbox = await createSandbox();
  site = await startMerchantSite();
  browser = await launchChromium();
  site.files.set(
    '/checkout.html',
    checkoutPage(`<pay-card-form base-url="${sandbox.url}" public-key="${MERCHANTS[0]!.publicKey}" locale="en"></pay-card-form>`),
  );
  // Load: a thread that never rests, for as long as the tests run.
  load = new Worker('for (;;) {}', { eval: true });
});

after(async () => {
  await load.terminate();
  await browser.close();
  await site.close();
  await sandbox.close();
});

/** Resolves with the frame's place on the page the moment it gets its height (page code as text: this file has no DOM types). */
const FRAME_SHOWN = `new Promise((resolve) => {
  const find = () => document.querySelector('pay-card-form')?.shadowRoot?.querySelector('iframe');
  const watch = (iframe) => {
    const observer = new ResizeObserver(() => {
      const { x, y, height } = iframe.getBoundingClientRect();
      if (height === 0) return;
      observer.disconnect();
      resolve({ x, y });
    });
    observer.observe(iframe);
  };
  const iframe = find();
  if (iframe) return watch(iframe);
  const poll = () => (find() ? watch(find()) : requestAnimationFrame(poll));
  poll();
})`;

/** Where a field's middle is in the frame: the same in every load of this page. */
async function placeOf(page: Page, id: string): Promise<{ x: number; y: number }> {
  await page.goto(`${site.origin('localhost')}/checkout.html`);
  const box = await page.frameLocator('pay-card-form iframe').locator(`#${id}`).boundingBox();
  const frame = await page.locator('pay-card-form iframe').boundingBox();
  assert.ok(box && frame, `#${id} has no box`);
  return { x: box.x - frame.x + 12, y: box.y - frame.y + box.height / 2 };
}

for (const [field, id] of [
  ['card number', 'number'],
  ['expiry', 'expiry'],
] as const) {
  test(`a click on the ${field} as soon as the form shows, and a digit typed at once, land there: ${RUNS} of ${RUNS}`, async () => {
    const page = await browser.newPage();
    try {
      const place = await placeOf(page, id);
      const missed: string[] = [];
      for (let run = 0; run < RUNS; run++) {
        await page.goto(`${site.origin('localhost')}/checkout.html`, { waitUntil: 'commit' });
        const frame = (await page.evaluate(FRAME_SHOWN)) as { x: number; y: number };
        await page.mouse.click(frame.x + place.x, frame.y + place.y);
        await page.keyboard.type('1');
        const inFrame = await (await page.locator('pay-card-form iframe').elementHandle())!.contentFrame();
        const field = `document.querySelector('pay-card-frame').shadowRoot.querySelector('#${id}')`;
        // The key may cross from the page a moment later: wait for it (or 5 s, then report what is there).
        const landed = await inFrame!
          .waitForFunction(`${field}.value === '1' && ${field}.getRootNode().activeElement === ${field}`, null, { timeout: 5000 })
          .then(() => true)
          .catch(() => false);
        if (!landed) {
          const state = await inFrame!.evaluate(`({ value: ${field}.value, active: ${field}.getRootNode().activeElement?.id ?? null })`);
          missed.push(`run ${run}: ${JSON.stringify(state)}`);
        }
      }
      assert.deepEqual(missed, []);
    } finally {
      await page.close();
    }
  });
}
