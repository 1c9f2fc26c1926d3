/**
 * Shared by `<pay-checkout>`'s browser tests: a merchant's site per test
 * file (a sandbox of its own and `checkoutHandler` over real HTTP, started by
 * the test runner: test/checkout-site.ts), mounting the element against it in
 * the run's mode of the card form, and reaching the card form and the Pix
 * code inside. The card form is driven with the card form's own helpers,
 * with real keys, through its frame in isolated mode.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../checkout.js';
import type { PayCardForm } from '../element/pay-card-form.js';
import { expectAccessible, EXPIRY_TYPED, isolated, MODE, probeOf, ready, settle, snap } from '../element/test-helpers.js';
import { executeServerCommand as command, sendKeys } from '@web/test-runner-commands';
import type { PayPixQr } from '../pix-qr/pay-pix-qr.js';
import type { PayCheckout } from './pay-checkout.js';
import type { CheckoutPaidEvent } from './events/paid-event.js';
import type { PaymentFailedEvent } from './events/payment-failed-event.js';
import type { CheckoutError } from './checkout-error.js';

export { MODE, isolated };

/** The shop's policy, the same on the page and in the handler. */
export const POLICY = { maxInstallments: 12, interestFree: 3, monthlyRate: '1.99', minInstallment: 500 } as const;
export const CPF = '12345678909';

export interface Site {
  site: number;
  endpoint: string;
  baseUrl: string;
  publicKey: string;
}

interface Charge {
  id: string;
  amount_centavos: number;
  installments: number;
  status: string;
}

/** A merchant's site of its own: a sandbox and `checkoutHandler` in front of it. */
export const startSite = (secretKey?: string) => command('checkout', { action: 'start', secretKey }) as Promise<Site>;
/** A new order in the site's store, of `amount` centavos: its ID. */
export const newOrder = (site: Site, amount: number) =>
  command('checkout', { action: 'order', site: site.site, amount }) as Promise<string>;
/** The sandbox's charges, newest first, as its state route shows them. */
export const charges = (site: Site) => command('checkout', { action: 'charges', site: site.site }) as Promise<Charge[]>;
/** What the handler's `onPaid` heard. */
export const payments = (site: Site) => command('checkout', { action: 'payments', site: site.site }) as Promise<Record<string, unknown>[]>;
/** Pays a code through the sandbox (initiate and confirm), and lets the transfer settle. */
export const payQr = (site: Site, payload: string) => command('checkout', { action: 'pay-qr', site: site.site, payload });
/** Lets the card payments held under the site's `/held/` endpoint go on to the handler. */
export const releaseHeld = (site: Site) => command('checkout', { action: 'release', site: site.site });
/** Moves the site's sandbox clock past every code's expiry. */
export const expireCodes = (site: Site) => command('checkout', { action: 'expire', site: site.site });

/** `<pay-checkout>` for a new order of `amount` centavos (or the order `orderId`, as a second tab shows it), with parcelas and the document, in this run's mode. */
export async function mountCheckout(
  site: Site,
  options: {
    amount?: number;
    pageAmount?: number;
    methods?: string;
    locale?: string;
    theme?: string;
    endpoint?: string;
    orderId?: string;
  } = {},
): Promise<{ el: PayCheckout; orderId: string }> {
  const orderId = options.orderId ?? (await newOrder(site, options.amount ?? 15990));
  const el = await fixture<PayCheckout>(
    html`<pay-checkout
      endpoint=${options.endpoint ?? site.endpoint}
      order-id=${orderId}
      amount=${String(options.pageAmount ?? options.amount ?? 15990)}
      methods=${options.methods ?? 'card pix'}
      locale=${options.locale ?? 'pt-BR'}
      theme=${options.theme ?? 'light'}
      public-key=${site.publicKey}
      base-url=${site.baseUrl}
      mode=${MODE}
      installments=${JSON.stringify(POLICY)}
      collect-tax-id
    ></pay-checkout>`,
  );
  return { el, orderId };
}

/** Resolves once `check()` holds, checking after each of the element's updates and events: no fixed wait. */
export async function until(el: Element, check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 8000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`waited 8 s for ${what}`);
    await new Promise<void>((done) => requestAnimationFrame(() => done()));
    await (el as PayCheckout).updateComplete;
  }
}

const inner = <T extends Element>(el: PayCheckout, selector: string) => el.shadowRoot!.querySelector<T>(selector);
export const shadowPart = <T extends Element = HTMLElement>(el: PayCheckout, name: string) => inner<T>(el, `[part~="${name}"]`)!;
export const radio = (el: PayCheckout, method: string) => inner<HTMLInputElement>(el, `input[value="${method}"]`)!;
export const shownPanel = (el: PayCheckout) => (['card', 'pix'] as const).filter((method) => !shadowPart(el, `${method}-panel`).hidden);

/** The card form inside, once its code has loaded and it can take a card. */
export async function cardForm(el: PayCheckout): Promise<PayCardForm> {
  await until(el, () => !!inner(el, 'pay-card-form'), 'the card form');
  const form = inner<PayCardForm>(el, 'pay-card-form')!;
  await ready(form);
  return form;
}

/** The Pix code inside, once the handler's answer is shown. */
export async function pixQr(el: PayCheckout): Promise<PayPixQr> {
  await until(el, () => !!inner<PayPixQr>(el, 'pay-pix-qr')?.payload, 'a Pix code');
  const qr = inner<PayPixQr>(el, 'pay-pix-qr')!;
  await qr.updateComplete;
  return qr;
}

/**
 * Puts focus on an element of the card form, e.g. `#number`, and waits until keys go there. The
 * card form's own helper waits for the page's active element to be the form; here the form is in
 * the checkout's shadow root, so the page's active element is the checkout, and the form is its
 * shadow root's active element. Isolated, the frame moves focus itself (the frame probe).
 */
export async function focusIn(form: PayCardForm, selector: string): Promise<void> {
  await settle(form);
  const host = (form.getRootNode() as ShadowRoot).host;
  const inForm = () => document.activeElement === host && host.shadowRoot!.activeElement === form;
  if (!isolated) {
    form.shadowRoot!.querySelector<HTMLElement>(selector)!.focus();
    return;
  }
  const arrived = new Promise<void>((done) => {
    const types = ['blur', 'focus', 'focusin', 'focusout'];
    const check = () => {
      if (!inForm()) return;
      for (const type of types) window.removeEventListener(type, check, true);
      done();
    };
    for (const type of types) window.addEventListener(type, check, true);
    check();
  });
  await command('frame', { probe: probeOf(form), op: 'focus', selector });
  await arrived;
}

/** Types with real keys where focus is, and lets the form render. */
export async function typeKeys(form: PayCardForm, text: string): Promise<void> {
  await settle(form);
  await sendKeys({ type: text });
  await settle(form);
}

/** Types into one field of the card form. */
export async function typeIn(form: PayCardForm, id: string, text: string): Promise<void> {
  await focusIn(form, `#${id}`);
  await typeKeys(form, text);
}

/** Types a card, field by field, as a shopper does. */
export async function fillCard(form: PayCardForm, number = '4111111111111111'): Promise<void> {
  for (const [id, text] of Object.entries({ number, holderName: 'Ana Silva', expiry: EXPIRY_TYPED, cvv: '123' })) {
    await typeIn(form, id, text);
  }
}

/** Waits until the card form offers Parcelas (their code loads on demand), then chooses `count` as a keyboard user does. */
export async function chooseInstallments(form: PayCardForm, count: string): Promise<void> {
  await until(form, () => form.plan !== null, 'the Parcelas');
  await focusIn(form, '#installments');
  await typeKeys(form, count);
  await until(form, () => form.plan?.count === Number(count), `${count} installments chosen`);
}

/** The card form's pay button's text, read where the form runs (the frame, isolated). */
export async function submitText(form: PayCardForm): Promise<string> {
  await settle(form);
  if (isolated) return (await snap(form, '[part~="submit"]'))!.text.trim();
  return form.shadowRoot!.querySelector('[part~="submit"]')!.textContent!.trim();
}

/** Presses the card form's pay button from the keyboard. */
export async function pressPay(form: PayCardForm): Promise<void> {
  await focusIn(form, '[part~="submit"]');
  await typeKeys(form, ' ');
}

/** The next `type` event of `el`. */
export const next = <T extends Event>(el: Element, type: string) => oneEvent(el, type) as Promise<T>;

/** Types a Visa and the CPF, presses pay, and waits for the checkout's `payment-failed`: its error. */
export async function failToPay(el: PayCheckout, form: PayCardForm): Promise<CheckoutError> {
  await fillCard(form);
  await typeIn(form, 'taxId', CPF);
  const failed = next<PaymentFailedEvent>(el, 'payment-failed');
  await pressPay(form);
  return (await failed).detail.error;
}

/** Types a Visa and the CPF, presses pay, and waits for the checkout's `paid`: its detail. */
export async function payByCard(el: PayCheckout, form: PayCardForm): Promise<CheckoutPaidEvent['detail']> {
  await fillCard(form);
  await typeIn(form, 'taxId', CPF);
  const paid = next<CheckoutPaidEvent>(el, 'paid');
  await pressPay(form);
  return (await paid).detail;
}

export function expectText(element: Element, text: string | RegExp): void {
  const shown = element.textContent!.replace(/[ \t\n]+/g, ' ').trim();
  if (typeof text === 'string') expect(shown).to.equal(text);
  else expect(shown).to.match(text);
}

/**
 * axe finds nothing: in the card form where it runs (its frame, isolated), and in the checkout
 * around it, the card form's host and the Pix code included, without asking the frame again.
 */
export async function expectCheckoutAccessible(el: PayCheckout): Promise<void> {
  const form = el.shadowRoot!.querySelector<PayCardForm>('pay-card-form');
  if (form && !form.closest('[hidden]')) await expectAccessible(form);
  await el.updateComplete;
  await import('axe-core/axe.min.js' as string);
  const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
  const { violations } = await axe.run(el, { resultTypes: ['violations'], iframes: false });
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).to.deep.equal([]);
}
