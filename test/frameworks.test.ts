/**
 * The React 19, Vue 3 and Svelte 5 examples (demo/frameworks/), each built
 * against the built package and served beside its own sandbox exactly as
 * `npm run demo:<framework>` serves it (demo/frameworks/serve.ts), then driven
 * in real Chromium with real key presses. Each listens for `tokenized` with
 * its framework's own syntax and shows the token. Run `npm run build` first;
 * `npm test` does.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright';
import { cardFrame, FUTURE_EXPIRY_TYPED, launchChromium } from './chromium.js';
import { FRAMEWORKS } from '../demo/frameworks/build.js';
import { startFrameworkDemo, type FrameworkDemo } from '../demo/frameworks/serve.js';

let browser: Browser;
const demos = new Map<string, FrameworkDemo>();

before(async () => {
  // All three at once: they are independent, and this keeps the suite short.
  const started = await Promise.all(FRAMEWORKS.map((f) => startFrameworkDemo(f, { port: 0, sandboxPort: 0 })));
  FRAMEWORKS.forEach((f, i) => demos.set(f, started[i]!));
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  for (const demo of demos.values()) await demo.close();
});

for (const framework of FRAMEWORKS) {
  test(`${framework}: the app mounts <pay-card-form>, and a typed card shows the token from the tokenized event`, async () => {
    const url = demos.get(framework)!.url;
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    try {
      await page.goto(url);
      const form = cardFrame(page);
      await form.locator('#number').pressSequentially('4111111111111111');
      await form.locator('#holderName').pressSequentially('Ana Silva');
      await form.locator('#expiry').pressSequentially(FUTURE_EXPIRY_TYPED);
      await form.locator('#cvv').pressSequentially('123');
      assert.equal(await page.locator('#token').textContent(), 'none yet');
      await form.locator('[part="submit"]').click();
      await page.locator('#token').getByText(/^tok_/).waitFor();
      assert.equal(await page.locator('#token').getAttribute('data-brand'), 'visa');
      // The framework passed the attributes through to the element.
      assert.equal(await page.locator('pay-card-form').getAttribute('public-key'), 'pk_test_51LojaExemploActive0001');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
}

test('react: the example type-checks with the pay-card-form/react JSX typings', async () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  // Without the typings, `ontokenized` is an unknown prop and `event` is implicitly any: tsc exits non-zero.
  const run = promisify(execFile)(process.execPath, [tsc, '-p', 'demo/frameworks/react', '--noEmit'], { cwd: root });
  await assert.doesNotReject(run);
});
