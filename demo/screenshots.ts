/**
 * `npm run screenshots`: pictures of `<pay-card-form>` in its main states (and
 * of `<pay-checkout>`, `<pay-pix-qr>` and the sandbox's console), taken from
 * the demo and its sandbox in real Chromium, driven with real key presses like
 * the end-to-end test. Each picture is the element alone at a device scale of
 * 1, so the PNGs stay small enough to commit.
 *
 *   npm run screenshots                 # writes docs/screenshots/
 *   npm run screenshots -- --out <dir>  # writes elsewhere
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright';
import { cardFrame, FUTURE_EXPIRY_TYPED, launchChromium } from '../test/chromium.js';
import { startSilentSandbox, type SilentSandbox } from '../test/silent-sandbox.js';
import { isMain } from './run.js';
import { startDemo, type Demo } from './serve.js';
import { signRequest } from '../src/server/signing.js';
import { v3Credential } from '../src/sandbox/v3/fixtures.js';

export const DEFAULT_OUT_DIR = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

/** One picture: its file name (without `.png`), the viewport width it was taken at, and how to bring the page into that state. */
interface Shot {
  name: string;
  width: number;
  /** The demo page it starts on: the bare card form unless given; `checkout` is the main page; `console` is the sandbox's own page. */
  page?: 'checkout' | 'pix.html' | 'console';
  /** Puts the page in the state; returns the element to photograph. */
  take(page: Page, context: ShotContext): Promise<string>;
}

interface ShotContext {
  /** A server that accepts requests and never answers, to hold the form busy. */
  silentUrl: string;
  /** The demo's sandbox, whose console the console shots show. */
  sandboxUrl: string;
}

/** A status check signed with the account credential, or with a wrong secret (refused: its signature explained). */
async function statusCheck(sandboxUrl: string, txnId: string, goodSecret: boolean): Promise<void> {
  const path = '/v3/transfers/status/check';
  const body = JSON.stringify({ txn_id: txnId });
  const clock = (await (await fetch(new URL('/sandbox/clock', sandboxUrl))).json()) as { data: { now: number } };
  const credential = v3Credential('ACCOUNT');
  const secret = goodSecret ? credential.secret : 'sec_test_not_the_right_one';
  const headers = await signRequest({ method: 'POST', path, body, clientId: credential.clientId, secret, timestamp: clock.data.now });
  await (await fetch(new URL(path, sandboxUrl), { method: 'POST', headers, body })).arrayBuffer();
}

const CONSOLE = 'pay-sandbox-console';

const FORM = 'pay-card-form';
/** An element of the card form, inside its frame. */
const inForm = (page: Page, selector: string) => cardFrame(page).locator(selector);

/** The demo's checkout asks for the buyer's CPF too (collect-tax-id): a complete form has one. */
async function typeCard(page: Page, number: string, cvv = '123') {
  await inForm(page, '#number').pressSequentially(number);
  await inForm(page, '#holderName').pressSequentially('Ana Silva');
  await inForm(page, '#expiry').pressSequentially(FUTURE_EXPIRY_TYPED);
  await inForm(page, '#cvv').pressSequentially(cvv);
  await inForm(page, '#taxId').pressSequentially('12345678909');
}

/**
 * Parcelas with every option in sight: 6x chosen, and the select drawn as a
 * list. A native select's popup is drawn outside the page and never appears
 * in a screenshot, so the list is shown with `size`, in the form's own
 * colours and font. The frame grows to fit it before the picture is taken.
 */
async function showParcelas(page: Page) {
  await typeCard(page, '4111111111111111');
  const select = inForm(page, '#installments');
  await select.selectOption('6');
  const rows = await select.locator('option').count();
  await select.evaluate((element, size) => ((element as unknown as { size: number }).size = size), rows);
  const needed = await inForm(page, 'html').evaluate(
    () => (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement.scrollHeight,
  );
  await page.waitForFunction(
    `document.querySelector('${FORM}').shadowRoot.querySelector('iframe').getBoundingClientRect().height >= ${needed}`,
  );
}

/** The same switchers a visitor uses on the demo page, which set the attribute of the page's element (`host`). */
async function choose(page: Page, select: 'locale' | 'theme', value: string, host = FORM) {
  await page.locator(`#${select}`).selectOption(value);
  await page.locator(`${host}[${select}="${value}"]`).waitFor();
}

/** Configuration a merchant would write in the page's HTML, applied before the shopper types. */
async function setAttribute(page: Page, name: string, value: string) {
  // Page-side code is a string: this file is type-checked without the DOM library.
  await page.evaluate(`document.querySelector('${FORM}').setAttribute(${JSON.stringify(name)}, ${JSON.stringify(value)})`);
}

/** The card form's states, in the order the README's gallery tells them. */
export const CARD_SHOTS: readonly Shot[] = [
  { name: 'card-light', width: 1280, take: async () => FORM },
  {
    name: 'card-dark',
    width: 1280,
    take: async (page) => {
      await choose(page, 'theme', 'dark');
      return FORM;
    },
  },
  {
    name: 'card-pt-br',
    width: 1280,
    take: async (page) => {
      await choose(page, 'locale', 'pt-BR');
      await inForm(page, '#number').pressSequentially('6362970000457013');
      await inForm(page, '[part="brand"]').getByText('Elo', { exact: true }).waitFor();
      return FORM;
    },
  },
  {
    name: 'card-errors',
    width: 1280,
    take: async (page) => {
      await inForm(page, '#number').pressSequentially('4111111111111112');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await inForm(page, '#expiry').pressSequentially('0120');
      await page.keyboard.press('Tab');
      await inForm(page, '#number-error').getByText('Check the card number.').waitFor();
      await inForm(page, '#expiry-error').filter({ hasText: /\S/ }).waitFor();
      return FORM;
    },
  },
  {
    name: 'card-busy',
    width: 1280,
    take: async (page, { silentUrl }) => {
      await setAttribute(page, 'base-url', silentUrl);
      await typeCard(page, '4111111111111111');
      await inForm(page, '[part="submit"]').click();
      await inForm(page, '[aria-busy="true"]').waitFor();
      return FORM;
    },
  },
  {
    name: 'card-success',
    width: 1280,
    take: async (page) => {
      await typeCard(page, '4111111111111111');
      await page.keyboard.press('Enter');
      await inForm(page, '[part="success"]').getByText('Visa •••• 1111 saved').waitFor();
      return FORM;
    },
  },
  {
    name: 'card-refused-brand',
    width: 1280,
    take: async (page) => {
      await setAttribute(page, 'accepted-brands', 'visa mastercard elo');
      await inForm(page, '#number').pressSequentially('378282246310005');
      await inForm(page, '#number-error').getByText('American Express is not accepted here.').waitFor();
      return FORM;
    },
  },
  {
    name: 'card-mobile',
    width: 375,
    take: async (page) => {
      await choose(page, 'locale', 'pt-BR');
      await typeCard(page, '378282246310005', '1234');
      await inForm(page, '[part="brand"]').getByText('American Express', { exact: true }).waitFor();
      return FORM;
    },
  },
];

/** Parcelas, in pt-BR, in both themes (docs/installments.md). */
export const INSTALLMENT_SHOTS: readonly Shot[] = (['light', 'dark'] as const).map((theme) => ({
  name: `installments-${theme}`,
  width: 1280,
  take: async (page) => {
    await choose(page, 'locale', 'pt-BR');
    await choose(page, 'theme', theme);
    await showParcelas(page);
    return FORM;
  },
}));

/** `<pay-pix-qr>` on the PIX demo page: waiting for payment, then paid. */
export const PIX_SHOTS: readonly Shot[] = [
  {
    name: 'pix-qr',
    width: 1280,
    page: 'pix.html',
    take: async (page) => {
      await page.getByRole('button', { name: 'Generate QR code' }).click();
      await page.locator('pay-pix-qr').getByLabel('Pix Copia e Cola code').and(page.locator('input, textarea')).waitFor();
      return 'pay-pix-qr';
    },
  },
  {
    name: 'pix-paid',
    width: 1280,
    page: 'pix.html',
    take: async (page) => {
      await page.getByRole('button', { name: 'Generate QR code' }).click();
      await page.getByRole('button', { name: 'Simulate payment' }).and(page.locator(':enabled')).click();
      await page.locator('pay-pix-qr').getByText('Payment received').first().waitFor({ timeout: 15_000 });
      return 'pay-pix-qr';
    },
  },
];

const CHECKOUT = 'pay-checkout';

/** The checkout page in Portuguese and `theme`, its card form ready to take a card, the pay button showing the order's amount. */
async function openCheckout(page: Page, theme: 'light' | 'dark') {
  await choose(page, 'locale', 'pt-BR', CHECKOUT);
  await choose(page, 'theme', theme, CHECKOUT);
  await inForm(page, '[part~="submit"]').getByText('Pagar R$ 129,90').waitFor();
}

/** `<pay-checkout>` (docs/pay-checkout.md), in both themes: the method choice as it opens, a card approved in 6x, a Pix code shown. */
export const CHECKOUT_SHOTS: readonly Shot[] = (['light', 'dark'] as const).flatMap((theme): Shot[] => [
  {
    name: `checkout-choice-${theme}`,
    width: 1280,
    page: 'checkout',
    take: async (page) => {
      await openCheckout(page, theme);
      return CHECKOUT;
    },
  },
  {
    name: `checkout-card-approved-${theme}`,
    width: 1280,
    page: 'checkout',
    take: async (page) => {
      await openCheckout(page, theme);
      await typeCard(page, '4111111111111111');
      await inForm(page, '#installments').selectOption('6');
      await page.keyboard.press('Enter');
      await page.locator(`${CHECKOUT} [part~="note"]`).getByText('Pagamento aprovado: 6x de').waitFor();
      return CHECKOUT;
    },
  },
  {
    name: `checkout-pix-${theme}`,
    width: 1280,
    page: 'checkout',
    take: async (page) => {
      await openCheckout(page, theme);
      await page.getByRole('radio', { name: 'Pix' }).check();
      await page.locator(`${CHECKOUT} pay-pix-qr`).getByLabel('Pix Copia e Cola').and(page.locator('input, textarea')).waitFor();
      return CHECKOUT;
    },
  },
]);

/** The sandbox's console: the request log, a refused signature explained, the state (docs/sandbox.md). */
export const CONSOLE_SHOTS: readonly Shot[] = [
  {
    name: 'console-requests',
    width: 1280,
    page: 'console',
    take: async (page, { sandboxUrl }) => {
      await statusCheck(sandboxUrl, 'txn_shot_0001', true);
      await statusCheck(sandboxUrl, 'txn_shot_0002', false);
      await page.locator(`${CONSOLE} #rows tr.refused`).first().waitFor();
      return `${CONSOLE} #requests`;
    },
  },
  {
    name: 'console-signature',
    width: 1280,
    page: 'console',
    take: async (page, { sandboxUrl }) => {
      await statusCheck(sandboxUrl, 'txn_shot_0003', false);
      await page.locator(`${CONSOLE} button.row`, { hasText: '/v3/transfers/status/check' }).first().click();
      await page.locator(`${CONSOLE} #canonical`).waitFor();
      return `${CONSOLE} #detail`;
    },
  },
  {
    name: 'console-state',
    width: 1280,
    page: 'console',
    take: async (page) => {
      await page.locator(`${CONSOLE} #state-accounts`).waitFor();
      return `${CONSOLE} #state`;
    },
  },
];

// The checkout's last: its charges and codes would otherwise show in the console's pictures of the sandbox's state.
export const SHOTS: readonly Shot[] = [...CARD_SHOTS, ...INSTALLMENT_SHOTS, ...PIX_SHOTS, ...CONSOLE_SHOTS, ...CHECKOUT_SHOTS];

/** Accepts connections and never answers them; `close` drops the ones still open. */
/** Writes one `<name>.png` per shot into `outDir` and returns the paths written. */
export async function takeScreenshots(outDir = DEFAULT_OUT_DIR): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  let demo: Demo | undefined;
  let silent: SilentSandbox | undefined;
  let browser: Browser | undefined;
  const written: string[] = [];
  try {
    demo = await startDemo({ port: 0, sandboxPort: 0 });
    silent = await startSilentSandbox();
    browser = await launchChromium();
    for (const shot of SHOTS) {
      const page = await browser.newPage({ viewport: { width: shot.width, height: 900 }, deviceScaleFactor: 1 });
      try {
        const start = shot.page === 'checkout' ? '' : (shot.page ?? 'card.html');
        await page.goto(shot.page === 'console' ? demo.sandbox.url : new URL(start, demo.url).href);
        const selector = await shot.take(page, { silentUrl: silent.url, sandboxUrl: demo.sandbox.url });
        const path = join(outDir, `${shot.name}.png`);
        // Animations off: the busy spinner is caught at its start, so each run draws the same picture.
        await page.locator(selector).screenshot({ path, animations: 'disabled' });
        written.push(path);
      } catch (error) {
        throw new Error(`Screenshot "${shot.name}" failed: ${(error as Error).message}`, { cause: error });
      } finally {
        await page.close();
      }
    }
  } finally {
    await browser?.close();
    await silent?.close();
    await demo?.close();
  }
  return written;
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const written = await takeScreenshots(values.out ?? DEFAULT_OUT_DIR);
  for (const path of written) console.log(path);
}
