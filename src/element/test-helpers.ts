/**
 * Shared by the element's browser tests, which run once per mode from the
 * same files: mounting against the sandbox, typing with real keys, and
 * reading the form. Inline, the form is in the element's shadow root; in
 * isolated mode, in a frame from another origin that the page cannot read,
 * so the tests read it through the frame probe (test/frame-probe.mjs), from
 * outside the page, as Playwright sees it. Every reader is async for both.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import '../index.js';
import type { PayCardForm } from './pay-card-form.js';
import {
  afterQueuedMessages,
  autofill as autofillHere,
  documentBox,
  listenRegion,
  observeWrites,
  saidSince,
  snapshot,
  whenShown,
  writesSince,
} from '../../test/form-snapshot.js';

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
/** Base URL of a server that serves the frame and never answers a tokenize request. */
export const silentUrl = () => executeServerCommand('silent-url') as Promise<string>;
/** Base URL of a server that serves the frame and cuts the connection of every tokenize request. */
export const droppingUrl = () => executeServerCommand('dropping-url') as Promise<string>;
/** Base URL of a sandbox whose `frame-ancestors` leaves out this page's origin. */
export const refusingUrl = () => executeServerCommand('refusing-url') as Promise<string>;
/** Base URL of a port of this machine where nothing listens; a new one each call. */
export const closedUrl = () => executeServerCommand('closed-url') as Promise<string>;
/** Starts a sandbox at `url`, one `closedUrl()` gave: the service comes up. */
export const openAt = (url: string) => executeServerCommand('open', { url }) as Promise<string>;
/** Base URL where another site answers, with a page where the frame should be; `site` names it for {@link frameLoads}. */
export const elsewhereUrl = (site: string) => executeServerCommand('elsewhere-url', { site }) as Promise<string>;
/** How many frames have loaded the page at `elsewhereUrl(site)`. */
export const frameLoads = (site: string) => executeServerCommand('frame-loads', { site }) as Promise<number>;

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
 * has answered; unless the frame cannot load (no usable `base-url`), or the
 * element's own `error` says why it cannot, when there is nothing to wait for.
 */
export async function ready(el: PayCardForm): Promise<void> {
  probeOf(el);
  await el.updateComplete;
  // A form set up with a mistake a test is about (a secret key, say) rejects `ready` with that mistake at once; the
  // frame goes on loading to tell the shopper card payment is unavailable.
  if (framed(el))
    await el.ready.catch(async (error: unknown) => {
      if (el.error !== error) throw error;
      if (el.shadowRoot!.querySelector('iframe')) await saysUnavailable(el);
    });
  await settle(el);
}

/**
 * Isolated: resolves once the frame, set up with a mistake, tells the shopper
 * card payment is unavailable. Not a poll with a deadline of its own: a
 * whole frame document loads first, which on a busy machine can take longer
 * than any such deadline; the test's own timeout still ends a frame that
 * never shows it.
 */
export const saysUnavailable = (el: PayCardForm) => shown(el, '#form-error:not(:empty)');

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
  /** The computed values of the properties asked for (of the pseudo-element, when one is asked for). */
  styles: Record<string, string>;
  /** Animations running on it, its pseudo-elements and its descendants. */
  animations: number;
}

/** The form runs in a frame: isolated, once the element has one (with no usable `base-url` it has none, only the host's message). */
const framed = (el: Element) => isolated && !!el.shadowRoot?.querySelector('iframe');

const frame = <T>(el: Element, op: string, payload: Record<string, unknown> = {}) =>
  executeServerCommand('frame', { probe: probeOf(el), op, ...payload }) as Promise<T>;

/**
 * The first element of the form matching `selector` (e.g. `#number`, `[part="brand"]`), or null.
 * `pseudo` (e.g. `::before`) reads the computed styles of that pseudo-element.
 */
export function snap(el: PayCardForm, selector: string, styles: string[] = [], pseudo?: string): Promise<Snapshot | null> {
  if (framed(el)) return frame(el, 'snap', { selector, styles, pseudo });
  return Promise.resolve(snapshot({ probe: probeOf(el), selector, styles, pseudo }) as Snapshot | null);
}

/** Every element of the form matching `selector`. */
export function snapAll(el: PayCardForm, selector: string, styles: string[] = []): Promise<Snapshot[]> {
  if (framed(el)) return frame(el, 'snap', { selector, styles, all: true });
  return Promise.resolve(snapshot({ probe: probeOf(el), selector, styles, all: true }) as Snapshot[]);
}

/**
 * Resolves once the form shows an element matching `selector`: for what arrives on its own time,
 * such as the brand marks, which load after the form is built.
 */
export async function shown(el: PayCardForm, selector: string): Promise<void> {
  if (framed(el)) await frame(el, 'shown', { selector });
  else await whenShown({ probe: probeOf(el), selector });
}

/** Like {@link snap}, failing the test when nothing matches. */
export async function part(el: PayCardForm, selector: string, styles: string[] = [], pseudo?: string): Promise<Snapshot> {
  const found = await snap(el, selector, styles, pseudo);
  expect(found, selector).to.not.equal(null);
  return found!;
}

/** What a field holds, as shown. */
export const valueOf = async (el: PayCardForm, id: string) => (await part(el, `#${id}`)).value!;
/** The error shown under a field ('' when none). */
export const errorOf = async (el: PayCardForm, id: string) => (await part(el, `#${id}-error`)).text.trim();
/** The detected brand's name as shown. */
export const brandOf = async (el: PayCardForm) => (await part(el, '[part~="brand"]')).text;

/**
 * Isolated: the frame has run what the host posted (a `reset()`, new settings). The frame runs input
 * events and the probe's evaluations ahead of its waiting messages, so an action that skipped this
 * could be undone by a command sent before it.
 */
async function caughtUp(el: PayCardForm): Promise<void> {
  await el.updateComplete;
  await frame(el, 'settle');
}

/** Puts focus in a field, as a click would (isolated: focus enters the frame). */
export const focusField = (el: PayCardForm, id: string) => focusOn(el, `#${id}`);

/**
 * Puts focus on an element of the form, e.g. `[part="submit"]`, and waits until keys go there.
 * Focus that moves between the page and a frame moves between two processes: `focus()` takes effect
 * where it is called, the browser hears of it a moment later, and keys sent meanwhile still go where
 * focus was. The move is complete once the side that had focus has been told it lost it.
 */
export async function focusOn(el: PayCardForm, selector: string): Promise<void> {
  const before = document.activeElement;
  if (framed(el)) {
    await caughtUp(el);
    await frame(el, 'focus', { selector });
    // The page sees its frame become the active element only from the browser.
    await pageFocusIn(el);
  } else {
    el.shadowRoot!.querySelector<HTMLElement>(selector)!.focus();
    // From a frame to the page: that frame loses focus only once the browser has moved it.
    if (before !== el && before instanceof HTMLElement && before.localName === 'pay-card-form' && framed(before)) {
      await frame(before, 'blurred');
    }
  }
}

/** How long a focus move may take before the wait says, in the browser's log, where focus is instead. */
const FOCUS_REPORT_MS = 3_000;

/**
 * Resolves once the page's active element is `el` (the frame in its shadow root): focus events tell
 * when that changes. A wait that lasts past {@link FOCUS_REPORT_MS} logs where focus is, once: a
 * test that then runs out of time shows it stopped here, and with what.
 */
function pageFocusIn(el: PayCardForm): Promise<void> {
  const inEl = () => document.activeElement === el;
  if (inEl()) return Promise.resolve();
  return new Promise((done) => {
    const types = ['blur', 'focus', 'focusin', 'focusout'];
    const report = setTimeout(() => {
      const active = document.activeElement;
      // Not console.warn: tests that count the element's warnings capture that.
      console.info(
        `focus has not reached <pay-card-form${el.id ? ` id="${el.id}"` : ''}> after ${FOCUS_REPORT_MS} ms: the page's active element is`,
        active ? `<${active.localName}${active.id ? ` id="${active.id}"` : ''}>` : 'none',
        `and the page ${document.hasFocus() ? 'has' : 'does not have'} focus`,
      );
    }, FOCUS_REPORT_MS);
    const check = () => {
      if (!inEl()) return;
      clearTimeout(report);
      for (const type of types) window.removeEventListener(type, check, true);
      done();
    };
    for (const type of types) window.addEventListener(type, check, true);
  });
}

/** The id (or `part`) of the form's element that has focus, or null when focus is elsewhere. */
export async function focusedIn(el: PayCardForm): Promise<string | null> {
  const focused = (await snapAll(el, 'input, button')).find((element) => element.focused);
  return focused ? focused.attributes.id || focused.attributes.part! : null;
}

/** The document the form is in (the frame's isolated, the page's inline): its title, language, and whether its content overflows it. */
export function formDocument(el: PayCardForm): Promise<ReturnType<typeof documentBox>> {
  return framed(el) ? frame(el, 'document') : Promise.resolve(documentBox());
}

/** A rectangle of {@link Snapshot.rect} in the page's coordinates (isolated: offset by the frame's place). */
export function onPage(el: PayCardForm, rect: Snapshot['rect']): Snapshot['rect'] {
  const iframe = isolated ? el.shadowRoot!.querySelector('iframe') : null;
  if (!iframe) return rect;
  const { top, left } = iframe.getBoundingClientRect();
  return { ...rect, top: rect.top + top, bottom: rect.bottom + top, left: rect.left + left, right: rect.right + left };
}

/** Fills fields the way Chrome's autofill does (values set without focus, then `input`), and lets the form render. */
export async function autofill(el: PayCardForm, values: Record<string, string>): Promise<void> {
  if (framed(el)) {
    await caughtUp(el);
    await frame(el, 'autofill', { values });
  } else autofillHere({ probe: probeOf(el), values });
  await settle(el);
}

/**
 * Starts recording every write to the form's DOM; the function returned
 * gives the writes so far, as "type target attribute".
 */
export async function observe(el: PayCardForm): Promise<() => Promise<string[]>> {
  if (framed(el)) await frame(el, 'observe');
  else observeWrites({ probe: probeOf(el) });
  return async () => {
    await settle(el);
    return framed(el) ? frame<string[]>(el, 'writes') : writesSince({ probe: probeOf(el) });
  };
}

/** Clicks an element of the form with the mouse. */
export async function clickIn(el: PayCardForm, selector: string): Promise<void> {
  if (framed(el)) {
    await caughtUp(el);
    await frame(el, 'click', { selector });
  } else el.shadowRoot!.querySelector<HTMLElement>(selector)!.click();
  await settle(el);
}

/** Focuses a field and types into it with real key events. */
export async function typeInto(el: PayCardForm, id: string, text: string) {
  await focusField(el, id);
  await sendKeys({ type: text });
  await settle(el);
}

/** Types where focus is, with real key events, and lets the form render. */
export async function typeHere(el: PayCardForm, text: string) {
  if (framed(el)) await caughtUp(el);
  await sendKeys({ type: text });
  await settle(el);
}

/** Presses a key (e.g. `Tab`, `Backspace`) where focus is, and lets the form render. */
export async function press(el: PayCardForm, key: string) {
  if (framed(el)) await caughtUp(el);
  await sendKeys({ press: key });
  await settle(el);
}

/** Types a valid card into the four fields, field by field as a shopper would, and lets the form render once at the end. */
export async function fillValidCard(el: PayCardForm, number = '4111111111111111') {
  const typed = { number, holderName: 'Ana Silva', expiry: EXPIRY_TYPED, cvv: number.startsWith('37') ? '1234' : '123' };
  for (const [id, text] of Object.entries(typed)) {
    await focusField(el, id);
    await sendKeys({ type: text });
  }
  await settle(el);
}

/**
 * Starts recording every non-empty text the polite live region takes; the
 * function returned gives what it said so far, in order.
 */
export async function listen(el: PayCardForm): Promise<() => Promise<string[]>> {
  const live = framed(el) ? await frame<string>(el, 'listen') : listenRegion({ probe: probeOf(el) });
  expect(live).to.equal('polite');
  return async () => {
    await settle(el);
    return framed(el) ? frame<string[]>(el, 'said') : (saidSince({ probe: probeOf(el) }) as string[]);
  };
}

/** axe finds nothing in the form: in the element inline; isolated, in the frame's document and in the element around it. */
export async function expectAccessible(el: PayCardForm): Promise<void> {
  await settle(el);
  if (!framed(el)) {
    await expect(el).to.be.accessible();
    return;
  }
  expect(await frame<string[]>(el, 'axe')).to.deep.equal([]);
  // The page's side (the frame's title, the host's message), without asking the frame again: an axe
  // run from the page waits for every frame to answer, and ours has no axe of its own to answer with.
  const { violations } = await (await pageAxe()).run(el, { resultTypes: ['violations'], iframes: false });
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).to.deep.equal([]);
}

/** axe-core as the page has it: the file chai-a11y-axe loads puts it on `window`. */
async function pageAxe(): Promise<typeof import('axe-core')> {
  await import('axe-core/axe.min.js' as string);
  return (window as unknown as { axe: typeof import('axe-core') }).axe;
}

/**
 * Lets the form finish what the last action started: an announcement clears
 * the region, renders, then writes the sentence and renders again; isolated,
 * the frame renders and its messages reach the element.
 */
export async function settle(el: PayCardForm): Promise<void> {
  await el.updateComplete;
  // Isolated: the frame runs what the host posted (commands, settings) before it answers.
  if (framed(el)) await frame(el, 'settle');
  // Updates run in microtasks; a task lets what arrived meanwhile run too. Isolated, the frame's last
  // messages have crossed the channel by now, and wait in the page's queue of messages: a message of
  // the page's own runs after them (a timer would not: timers have a queue of their own).
  await afterQueuedMessages();
  await new Promise((done) => setTimeout(done, 0));
  await el.updateComplete;
  await el.updateComplete;
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

/** Records `console.warn` until `restore()`: a test that expects a warning checks it, and a passing run prints none. */
export function captureWarnings(): { warnings: string[]; restore(): void } {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
  return { warnings, restore: () => (console.warn = warn) };
}
