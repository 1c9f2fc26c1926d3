/**
 * The threat model of isolated mode, proven (issue 11, must-have 6): a
 * skimmer (test/skimmer.js) runs in the merchant's page before anything
 * else, the shopper types a card with the keyboard and pays, and the skimmer
 * ends up with no keystroke and no run of seven card-number digits. The same
 * skimmer against `mode="inline"` takes the card, so the test has teeth.
 *
 * The merchant's page is served from `http://localhost:PORT` and loads the
 * built `dist/pay-card-form.js`; the sandbox, and so the frame, is at
 * `http://127.0.0.1:PORT`: two origins. Run `npm run build` first.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright';
import { launchChromium, payWithKeyboard } from './chromium.js';
import { checkoutPage, startMerchantSite, type MerchantSite } from './merchant-site.js';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { TEST_CARDS } from '../src/sandbox/test-cards.js';

/** What test/skimmer.js keeps in `window.skimmed`. */
interface Skimmed {
  keystrokes: { hook: string; type: string; key: string; data: string; value: string; pasted: string }[];
  captures: { hook: string; text: string }[];
  counts: Record<string, number>;
}

// A number with few repeated digits, so no innocent string (a token, a BIN next to a year) can look like a run of it.
const CARD = TEST_CARDS.find((card) => card.number === '6062825624254001')!;
const RUN = 7;
/** Every run of seven consecutive digits of the card number. */
const RUNS = Array.from({ length: CARD.number.length - RUN + 1 }, (_, i) => CARD.number.slice(i, i + RUN));
/** True when `text`, with everything but its digits taken out, holds a run of the card number. */
const holdsCard = (text: string) => RUNS.some((run) => text.replace(/\D/g, '').includes(run));
/** What the shopper's keys put in, in order, as the skimmer heard it: through one hook, or all of them. */
const typedText = (skimmed: Skimmed, hook?: string) =>
  skimmed.keystrokes
    .filter((k) => hook === undefined || k.hook === hook)
    .map((k) => (k.key.length === 1 ? k.key : '') + k.data + k.pasted)
    .join('');

const SKIMMER = fileURLToPath(new URL('./skimmer.js', import.meta.url));

let browser: Browser;
let sandbox: Sandbox;
let site: MerchantSite;

before(async () => {
  [browser, sandbox, site] = await Promise.all([launchChromium(), createSandbox(), startMerchantSite()]);
  for (const mode of ['isolated', 'inline']) {
    site.files.set(
      `/${mode}.html`,
      checkoutPage(`    <pay-card-form mode="${mode}" public-key="${MERCHANTS[0]!.publicKey}" base-url="${sandbox.url}"></pay-card-form>
    <script type="module">
      document.querySelector('pay-card-form').addEventListener('tokenized', (event) => (window.tokenized = event.detail));
    </script>`),
    );
  }
});

after(async () => {
  await browser?.close();
  await Promise.all([sandbox?.close(), site?.close()]);
});

/** Opens the checkout with the skimmer in it, types the card with real keys, pays with Enter, and returns the token and the loot. */
async function checkout(mode: 'isolated' | 'inline'): Promise<{ tokenized: Record<string, string>; skimmed: Skimmed }> {
  const page: Page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.addInitScript({ path: SKIMMER });
    await page.goto(`${site.origin('localhost')}/${mode}.html`);
    await page.evaluate(`customElements.whenDefined('pay-card-form').then(() => document.querySelector('pay-card-form').ready)`);
    // The fields are in the frame's document, or in the element's shadow root inline.
    const form: Pick<Locator, 'locator'> = mode === 'isolated' ? page.frameLocator('pay-card-form iframe') : page.locator('pay-card-form');
    await payWithKeyboard(page, form, CARD.number);
    await page.waitForFunction('window.tokenized !== undefined', undefined, { timeout: 10_000 });
    await page.evaluate('skimNow()');
    const result = await page.evaluate<{ tokenized: Record<string, string>; skimmed: Skimmed }>(
      '({ tokenized: window.tokenized, skimmed: window.skimmed })',
    );
    assert.deepEqual(errors, []);
    return result;
  } finally {
    await page.close();
  }
}

test('isolated: a skimmer in the merchant page gets no keystroke and no card number, and the page gets the token', async () => {
  const { tokenized, skimmed } = await checkout('isolated');
  // Not vacuous: the card was typed, sent and tokenized.
  assert.match(tokenized.token!, /^tok_/);
  assert.equal(tokenized.brand, CARD.brand);
  assert.equal(tokenized.lastFourDigits, CARD.number.slice(-4));

  assert.deepEqual(skimmed.keystrokes, [], 'no key, input, beforeinput or paste event from the frame');
  assert.equal(typedText(skimmed), '');
  const leaks = skimmed.captures.filter((capture) => holdsCard(capture.text)).map((capture) => capture.hook);
  assert.deepEqual(leaks, [], 'no run of seven card-number digits in anything the skimmer caught');

  // The hooks were live, and blind: they walked the page, were refused the frame's document, and watched the channel carry the token.
  assert.ok(skimmed.counts.walk! > 1, 'the shadow-root walk ran');
  assert.ok(skimmed.counts['frame-refused']! > 0, "the frame's document was out of reach");
  assert.equal(skimmed.counts['frame-read'], undefined, "the frame's document was never read once loaded");
  assert.ok(skimmed.counts['port-onmessage']! > 0 && skimmed.counts['port-post']! > 0, 'the MessagePort hooks saw the channel');
  assert.ok(
    skimmed.captures.some((capture) => capture.hook === 'port-onmessage' && capture.text === tokenized.token),
    'the port hook saw the result message',
  );
  assert.ok(skimmed.counts.listener! > 0, 'the addEventListener hook saw events');
});

test('inline: the same skimmer takes the card number, through every hook that can reach it', async () => {
  const { tokenized, skimmed } = await checkout('inline');
  assert.match(tokenized.token!, /^tok_/);

  // The keys as they were typed, from the capture listeners and from the page's own listeners.
  for (const hook of ['window:keydown', 'document:keyup', 'window:input', 'document:beforeinput', 'listener:input']) {
    assert.ok(holdsCard(typedText(skimmed, hook)), `the keystrokes through ${hook} spell the card number`);
  }
  // The number as the fields hold it, read in four ways.
  const caughtBy = new Set(skimmed.captures.filter((capture) => holdsCard(capture.text)).map((capture) => capture.hook));
  for (const hook of ['value-getter', 'shadow-walk', 'fetch']) assert.ok(caughtBy.has(hook), `the card number through ${hook}`);
  assert.ok(
    skimmed.keystrokes.some((k) => holdsCard(k.value)),
    "the field's value read from a keystroke event",
  );
});
