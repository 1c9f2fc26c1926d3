/**
 * Debian's Chromium, launched the same way by every Playwright test here:
 * the tests use the system browser rather than one Playwright downloads. Set
 * CHROMIUM_PATH to use another binary. The flags keep a headless run quiet and
 * off the network (no background fetches, no component updates).
 */
import { chromium, type Browser, type FrameLocator, type Locator, type Page } from 'playwright';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** An expiry five years ahead as a shopper types it ("MMYY"), so the suites never age into failure. */
export const FUTURE_EXPIRY_TYPED = `12${String(new Date().getFullYear() + 5).slice(2)}`;

/**
 * The card form's frame in a page (the default, isolated mode): where its
 * inputs, brand, errors and pay button are. Playwright reaches into the
 * frame; no script of the page could.
 */
export const cardFrame = (page: Page): FrameLocator => page.frameLocator('pay-card-form iframe');

/**
 * Types a card the way a shopper does: a click in each field of `form` (the
 * frame, or the element inline), then the keys.
 */
export async function typeCard(page: Page, form: Pick<Locator, 'locator'>, number = '4111111111111111', cvv = '123'): Promise<void> {
  for (const [field, keys] of [
    ['#number', number],
    ['#holderName', 'Ana Silva'],
    ['#expiry', FUTURE_EXPIRY_TYPED],
    ['#cvv', cvv],
  ] as const) {
    await form.locator(field).click();
    await page.keyboard.type(keys);
  }
}

/** {@link typeCard}, then Enter to pay. */
export async function payWithKeyboard(page: Page, form: Pick<Locator, 'locator'>, number: string, cvv = '123'): Promise<void> {
  await typeCard(page, form, number, cvv);
  await page.keyboard.press('Enter');
}
