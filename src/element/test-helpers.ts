/**
 * Shared by the element's browser tests, which run once per mode from the
 * same files: mounting against the sandbox, typing with real keys, and
 * reading the form. Inline, the form is in the element's shadow root; in
 * isolated mode, in a frame from another origin that the page cannot read,
 * so the tests read it through the frame probe (test/frame-probe.mjs), from
 * outside the page, as Playwright sees it. Every reader is async for both.
 */
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import '../index.js';
import type { PayCardForm } from './pay-card-form.js';
import { listenRegion, saidSince, snapshot } from '../../test/form-snapshot.js';

export const ACTIVE_KEY = 'pk_test_51LojaExemploActive0001';

/** An expiry five years ahead, so the suite never ages into failure: year and the "MMYY" a shopper types. */
export const EXPIRY_YEAR = String(new Date().getFullYear() + 5);
export const EXPIRY_TYPED = `12${EXPIRY_YEAR.slice(2)}`;
export const INACTIVE_KEY = 'pk_test_51LojaExemploRevoked0002';

/** The mode this run mounts, set by the test page (web-test-runner.config.mjs). */
export const MODE: 'inline' | 'isolated' =
  (globalThis as { PAY_CARD_FORM_TEST_MODE?: 'inline' | 'isolated' }).PAY_CARD_FORM_TEST_MODE ?? 'inline';
export const isolated = MODE === 'isolated';

/** Base URL of the sandbox the test runner started. */
export const sandboxUrl = () => executeServerCommand('sandbox-url') as Promise<string>;
/** Base URL of a server that never answers. */
export const silentUrl = () => executeServerCommand('silent-url') as Promise<string>;

let probes = 0;
/** The element's `data-probe`, set on first use: how the frame probe finds its frame. */
export const probeOf = (el: Element) => ((el as HTMLElement).dataset.probe ||= `p${++probes}`);

/** The element for this run's mode, with `public-key`, `base-url` and `locale` set, ready to take a card. */
export async function mount(options: { publicKey?: string; baseUrl?: string; locale?: string; theme?: string } = {}): Promise<PayCardForm> {
  const baseUrl = options.baseUrl ?? (await sandboxUrl());
  const el = await fixture<PayCardForm>(
    html`<pay-card-form
      mode=${MODE}
      public-key=${options.publicKey ?? ACTIVE_KEY}
      base-url=${baseUrl}
      locale=${options.locale ?? 'en'}
      theme=${options.theme ?? 'light'}
    ></pay-card-form>`,
  );
  await ready(el);
  return el;
}

/**
 * Waits until the element can take a card. Isolated, that is when the frame
 * has answered; unless the frame cannot load (no usable `base-url`), when
 * there is nothing to wait for.
 */
export async function ready(el: PayCardForm): Promise<void> {
  probeOf(el);
  await el.updateComplete;
  if (isolated && el.shadowRoot!.querySelector('iframe')) await el.ready;
  await settle(el);
}

/** What a test reads of one element of the form. */
export interface Snapshot {
  value: string | null;
  selectionStart: number | null;
  selectionEnd: number | null;
  text: string;
  hidden: boolean;
  /** It has focus, and its document too. */
  focused: boolean;
  attributes: Record<string, string>;
  /** In the coordinates of the form's own document (the frame's, isolated). */
  rect: { top: number; left: number; width: number; height: number; bottom: number; right: number };
  /** The computed values of the properties asked for. */
  styles: Record<string, string>;
}

const frame = <T>(el: Element, op: string, payload: Record<string, unknown> = {}) =>
  executeServerCommand('frame', { probe: probeOf(el), op, ...payload }) as Promise<T>;

/** The first element of the form matching `selector` (e.g. `#number`, `[part="brand"]`), or null. */
export function snap(el: PayCardForm, selector: string, styles: string[] = []): Promise<Snapshot | null> {
  if (isolated) return frame(el, 'snap', { selector, styles });
  return Promise.resolve(snapshot({ probe: probeOf(el), selector, styles }) as Snapshot | null);
}

/** Every element of the form matching `selector`. */
export function snapAll(el: PayCardForm, selector: string, styles: string[] = []): Promise<Snapshot[]> {
  if (isolated) return frame(el, 'snap', { selector, styles, all: true });
  return Promise.resolve(snapshot({ probe: probeOf(el), selector, styles, all: true }) as Snapshot[]);
}

/** Like {@link snap}, failing the test when nothing matches. */
export async function part(el: PayCardForm, selector: string, styles: string[] = []): Promise<Snapshot> {
  const found = await snap(el, selector, styles);
  expect(found, selector).to.not.equal(null);
  return found!;
}

/** What a field holds, as shown. */
export const valueOf = async (el: PayCardForm, id: string) => (await part(el, `#${id}`)).value!;
/** The error shown under a field ('' when none). */
export const errorOf = async (el: PayCardForm, id: string) => (await part(el, `#${id}-error`)).text.trim();
/** The detected brand's name as shown. */
export const brandOf = async (el: PayCardForm) => (await part(el, '[part~="brand"]')).text;

/** Puts focus in a field, as a click would (isolated: focus enters the frame). */
export async function focusField(el: PayCardForm, id: string): Promise<void> {
  if (isolated) await frame(el, 'focus', { selector: `#${id}` });
  else el.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!.focus();
}

/** Clicks an element of the form with the mouse. */
export async function clickIn(el: PayCardForm, selector: string): Promise<void> {
  if (isolated) await frame(el, 'click', { selector });
  else el.shadowRoot!.querySelector<HTMLElement>(selector)!.click();
  await settle(el);
}

/** Focuses a field and types into it with real key events. */
export async function typeInto(el: PayCardForm, id: string, text: string) {
  await focusField(el, id);
  await sendKeys({ type: text });
  await settle(el);
}

/** Presses a key (e.g. `Tab`, `Backspace`) where focus is, and lets the form render. */
export async function press(el: PayCardForm, key: string) {
  await sendKeys({ press: key });
  await settle(el);
}

export async function fillValidCard(el: PayCardForm, number = '4111111111111111') {
  await typeInto(el, 'number', number);
  await typeInto(el, 'holderName', 'Ana Silva');
  await typeInto(el, 'expiry', EXPIRY_TYPED);
  await typeInto(el, 'cvv', number.startsWith('37') ? '1234' : '123');
}

/**
 * Starts recording every non-empty text the polite live region takes; the
 * function returned gives what it said so far, in order.
 */
export async function listen(el: PayCardForm): Promise<() => Promise<string[]>> {
  const live = isolated ? await frame<string>(el, 'listen') : listenRegion({ probe: probeOf(el) });
  expect(live).to.equal('polite');
  return async () => {
    await settle(el);
    return isolated ? frame<string[]>(el, 'said') : (saidSince({ probe: probeOf(el) }) as string[]);
  };
}

/** axe finds nothing in the form: in the element inline, in the frame's document isolated. */
export async function expectAccessible(el: PayCardForm): Promise<void> {
  await settle(el);
  if (isolated) expect(await frame<string[]>(el, 'axe')).to.deep.equal([]);
  // The page's side too (isolated: the frame has a title).
  await expect(el).to.be.accessible();
}

/**
 * Lets the form finish what the last action started: an announcement clears
 * the region, renders, then writes the sentence and renders again; isolated,
 * the frame renders and its messages reach the element.
 */
export async function settle(el: PayCardForm): Promise<void> {
  await el.updateComplete;
  if (isolated && el.shadowRoot!.querySelector('iframe')) {
    await frame(el, 'settle');
    // The frame's last messages cross the channel in a task of their own.
    await new Promise((done) => setTimeout(done, 0));
  }
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
