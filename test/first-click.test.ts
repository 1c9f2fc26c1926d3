/**
 * Isolated: the shopper's first click and first key, the moment the form
 * shows, in real Chromium with real mouse and key events. The frame loads at
 * the height the element reserves for it (src/form/form-height.ts); where
 * that is not the form's (here, a page that sets `--pay-spacing`), the frame
 * grows when it reports its own, and for a moment after that Chromium cannot
 * yet send a click to a cross-site frame, so the click lands on the page's
 * `<iframe>` element and a key typed at once reaches the page
 * (src/element/early-input.ts). Either way both must end in the field the
 * shopper clicked, every time, also while another thread keeps a CPU busy.
 * The page is on `localhost` and the frame on `127.0.0.1`: two sites, so the
 * frame runs in a process of its own, as in production.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import type { Browser } from 'playwright';
import { launchChromium } from './chromium.js';
import { checkoutPage, startMerchantSite, type MerchantSite } from './merchant-site.js';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { clickPoint, watchMarks, type MarkBox as Box } from './watch-marks.js';

const RUNS = 50;

let sandbox: Sandbox;
let site: MerchantSite;
let browser: Browser;
let load: Worker;

before(async () => {
  sandbox = await createSandbox();
  site = await startMerchantSite();
  browser = await launchChromium();
  const form = `base-url="${sandbox.url}" public-key="${MERCHANTS[0]!.publicKey}" locale="en"`;
  site.files.set('/checkout.html', checkoutPage(`<pay-card-form ${form}></pay-card-form>`));
  site.files.set('/spaced.html', checkoutPage(`<pay-card-form ${form} style="--pay-spacing: 20px"></pay-card-form>`));
  // Load: a thread that never rests, for as long as the tests run.
  load = new Worker('for (;;) {}', { eval: true });
});

after(async () => {
  await load.terminate();
  await browser.close();
  await site.close();
  await sandbox.close();
});

for (const [field, id, page, where] of [
  ['card number', 'number', 'checkout', ''],
  ['expiry', 'expiry', 'checkout', ''],
  ['card number', 'number', 'spaced', ', the frame then growing past the height reserved,'],
] as const) {
  test(`a click on the ${field} as soon as the form shows${where} and a digit typed at once land there: ${RUNS} of ${RUNS}`, async () => {
    const tab = await browser.newPage();
    try {
      // Heard through a binding, not polled: Playwright's waitForFunction evaluates its predicate with eval, which the
      // frame's CSP refuses whenever its first check does not already hold. The field's place comes the moment it is on
      // screen (the frame has a height, and the field a box in it); then the field's first `input` event.
      const boxes = new Map<string, Box>();
      let onShown = (_point: { x: number; y: number }) => {};
      let onTyped = () => {};
      await tab.exposeBinding('loadMarked', (_source, name: string, box?: Box) => {
        if (name === 'typed') onTyped();
        if (box) boxes.set(name, box);
        const [frame, input] = [boxes.get('frameShown'), boxes.get('input')];
        if (frame && input) onShown(clickPoint(input, frame));
      });
      await tab.addInitScript(watchMarks(`#${id}`, { typed: true }));
      const missed: string[] = [];
      for (let run = 0; run < RUNS; run++) {
        boxes.clear();
        const shown = new Promise<{ x: number; y: number }>((resolve) => (onShown = resolve));
        // The key may cross from the page a moment later: wait for it (or 5 s, then report what is there).
        const typed = new Promise<void>((resolve) => {
          onTyped = resolve;
          setTimeout(resolve, 5000);
        });
        await tab.goto(`${site.origin('localhost')}/${page}.html`, { waitUntil: 'commit' });
        const point = await shown;
        await tab.mouse.click(point.x, point.y);
        await tab.keyboard.type('1');
        await typed;
        const inFrame = await (await tab.locator('pay-card-form iframe').elementHandle())!.contentFrame();
        const field = `document.querySelector('pay-card-frame').shadowRoot.querySelector('#${id}')`;
        const state = await inFrame!.evaluate<{ value: string; active: string | null }>(
          `({ value: ${field}.value, active: ${field}.getRootNode().activeElement?.id ?? null })`,
        );
        if (state.value !== '1' || state.active !== id) missed.push(`run ${run}: ${JSON.stringify(state)}`);
      }
      assert.deepEqual(missed, []);
    } finally {
      await tab.close();
    }
  });
}
