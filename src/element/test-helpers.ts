/** Shared by the element's browser tests: mounting against the sandbox and typing with real keys. */
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import '../index.js';
import type { PayCardForm } from './pay-card-form.js';

export const ACTIVE_KEY = 'pk_test_51LojaExemploActive0001';

/** An expiry five years ahead, so the suite never ages into failure: year and the "MMYY" a shopper types. */
export const EXPIRY_YEAR = String(new Date().getFullYear() + 5);
export const EXPIRY_TYPED = `12${EXPIRY_YEAR.slice(2)}`;
export const INACTIVE_KEY = 'pk_test_51LojaExemploRevoked0002';

/** Base URL of the sandbox the test runner started. */
export const sandboxUrl = () => executeServerCommand('sandbox-url') as Promise<string>;
/** Base URL of a server that never answers. */
export const silentUrl = () => executeServerCommand('silent-url') as Promise<string>;

export async function mount(options: { publicKey?: string; baseUrl?: string; locale?: string; theme?: string } = {}): Promise<PayCardForm> {
  const baseUrl = options.baseUrl ?? (await sandboxUrl());
  return fixture<PayCardForm>(
    html`<pay-card-form
      public-key=${options.publicKey ?? ACTIVE_KEY}
      base-url=${baseUrl}
      locale=${options.locale ?? 'en'}
      theme=${options.theme ?? 'light'}
    ></pay-card-form>`,
  );
}

export const input = (el: PayCardForm, id: string) => el.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!;
export const errorOf = (el: PayCardForm, id: string) => el.shadowRoot!.querySelector(`#${id}-error`)!.textContent!.trim();
export const brandOf = (el: PayCardForm) => el.shadowRoot!.querySelector('[part="brand"]')!.textContent;

/** Focuses a field and types into it with real key events. */
export async function typeInto(el: PayCardForm, id: string, text: string) {
  input(el, id).focus();
  await sendKeys({ type: text });
  await el.updateComplete;
}

export async function fillValidCard(el: PayCardForm, number = '4111111111111111') {
  await typeInto(el, 'number', number);
  await typeInto(el, 'holderName', 'Ana Silva');
  await typeInto(el, 'expiry', EXPIRY_TYPED);
  await typeInto(el, 'cvv', number.startsWith('37') ? '1234' : '123');
}

/** Every non-empty text the polite live region takes, in order, from now on. */
export function listen(el: PayCardForm): string[] {
  const region = el.shadowRoot!.querySelector('[role="status"]')!;
  expect(region.getAttribute('aria-live')).to.equal('polite');
  const said: string[] = [];
  new MutationObserver(() => {
    const text = region.textContent!.trim();
    if (text) said.push(text);
  }).observe(region, { childList: true, subtree: true, characterData: true });
  return said;
}

/** Lets an announcement finish: it clears the region, renders, then writes the sentence and renders again. */
export async function settle(el: PayCardForm): Promise<void> {
  await el.updateComplete;
  await el.updateComplete;
  await nextFrame();
}

/** Relative luminance of an `rgb(r, g, b)` colour (WCAG 2). */
function luminance(color: string): number {
  const [r, g, b] = color
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map((c) => {
      const v = Number(c) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
/** Contrast ratio of two `rgb()` colours (WCAG 2). */
export const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
