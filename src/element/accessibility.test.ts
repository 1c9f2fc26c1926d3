import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import type { PayCardForm } from './pay-card-form.js';
import {
  ACTIVE_KEY,
  EXPIRY_TYPED,
  INACTIVE_KEY,
  errorOf,
  fillValidCard,
  input,
  listen,
  mount,
  sandboxUrl,
  settle,
  silentUrl,
  typeInto,
} from './test-helpers.js';

/** Blur the focused field with a real Tab press and let the element render. */
async function tab(el: PayCardForm) {
  await sendKeys({ press: 'Tab' });
  await el.updateComplete;
}

for (const locale of ['en', 'pt-BR']) {
  for (const theme of ['light', 'dark']) {
    describe(`axe, ${locale}, ${theme} theme`, () => {
      it('has no violations when empty, while typing, and with each field invalid', async () => {
        const el = await mount({ locale, theme });
        await expect(el).to.be.accessible();
        await typeInto(el, 'number', '41111');
        await expect(el).to.be.accessible();
        await tab(el);
        expect(errorOf(el, 'number')).to.not.equal('');
        await expect(el).to.be.accessible();
        await typeInto(el, 'holderName', ' ');
        await tab(el);
        await typeInto(el, 'expiry', '0120');
        await tab(el);
        await typeInto(el, 'cvv', '1');
        await tab(el);
        for (const id of ['number', 'holderName', 'expiry', 'cvv']) expect(errorOf(el, id), id).to.not.equal('');
        await expect(el).to.be.accessible();
      });

      it('has no violations when complete, tokenized (success shown), busy, failed, refused and unavailable', async () => {
        const el = await mount({ locale, theme });
        await fillValidCard(el);
        await expect(el).to.be.accessible();
        await el.tokenize();
        await el.updateComplete;
        expect(el.shadowRoot!.querySelector('[part="success"]')!.textContent).to.not.equal('');
        await expect(el).to.be.accessible();

        const busy = await mount({ locale, theme, baseUrl: await silentUrl() });
        await fillValidCard(busy);
        busy.tokenize().catch(() => {});
        await busy.updateComplete;
        expect(busy.busy).to.equal(true);
        await expect(busy).to.be.accessible();

        const failed = await mount({ locale, theme, publicKey: INACTIVE_KEY });
        await fillValidCard(failed);
        await failed.tokenize().catch(() => {});
        await failed.updateComplete;
        expect(failed.shadowRoot!.querySelector('[part="form-error"]')!.textContent).to.not.equal('');
        await expect(failed).to.be.accessible();

        const refused = await mount({ locale, theme });
        refused.acceptedBrands = 'visa';
        await typeInto(refused, 'number', '378282');
        expect(errorOf(refused, 'number')).to.not.equal('');
        await expect(refused).to.be.accessible();

        const unavailable = await mount({ locale, theme, publicKey: 'not-a-key' });
        expect(unavailable.shadowRoot!.querySelector('[part="form-error"]')!.textContent).to.not.equal('');
        await expect(unavailable).to.be.accessible();
      });
    });
  }
}

describe('keyboard only', () => {
  it('completes a payment with Tab, typing and Enter, in a sensible order', async () => {
    const el = await fixture<PayCardForm>(
      html`<div>
        <button id="before">Back to cart</button>
        <pay-card-form public-key=${ACTIVE_KEY} base-url=${await sandboxUrl()} locale="en"></pay-card-form>
      </div>`,
    ).then((wrapper) => wrapper.querySelector('pay-card-form')!);
    (el.previousElementSibling as HTMLElement).focus();
    const order: string[] = [];
    const typed: Record<string, string> = { number: '5555555555554444', holderName: 'Ana Silva', expiry: EXPIRY_TYPED, cvv: '123' };
    for (let i = 0; i < 5; i++) {
      await sendKeys({ press: 'Tab' });
      const active = el.shadowRoot!.activeElement as HTMLElement | null;
      order.push(active?.id || active?.getAttribute('part') || 'outside');
      if (active?.id && typed[active.id]) await sendKeys({ type: typed[active.id]! });
    }
    expect(order).to.deep.equal(['number', 'holderName', 'expiry', 'cvv', 'submit']);
    const event = oneEvent(el, 'tokenized');
    await sendKeys({ press: 'Enter' });
    const { detail } = await event;
    expect(detail.brand).to.equal('mastercard');
  });

  it('moves focus to the first invalid field on a failed submit', async () => {
    const el = await mount();
    await fillValidCard(el);
    // Break the expiry only, then submit from the button with the keyboard.
    input(el, 'expiry').focus();
    for (let i = 0; i < 7; i++) await sendKeys({ press: 'Backspace' });
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part="submit"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => el.shadowRoot!.activeElement === input(el, 'expiry'));
    expect(input(el, 'expiry').getAttribute('aria-invalid')).to.equal('true');
  });
});

describe('announcements', () => {
  it('says the brand once, errors on blur only, and what to fix on submit', async () => {
    const el = await mount();
    const said = listen(el);
    await typeInto(el, 'number', '411111');
    await settle(el);
    expect(said).to.deep.equal(['Card brand: Visa.']);
    await tab(el);
    await settle(el);
    await typeInto(el, 'holderName', 'A');
    await sendKeys({ type: 'na' });
    await settle(el);
    expect(said).to.deep.equal(['Card brand: Visa.', 'The card number is incomplete.']);
    el.tokenize().catch(() => {});
    await settle(el);
    expect(said).to.deep.equal([
      'Card brand: Visa.',
      'The card number is incomplete.',
      'Please correct 3 fields. The card number is incomplete.',
    ]);
  });

  it('says the result after tokenizing, in Portuguese when asked', async () => {
    const el = await mount({ locale: 'pt-BR' });
    const said = listen(el);
    await fillValidCard(el, '6363680000000007');
    await el.tokenize();
    await settle(el);
    expect(said).to.deep.equal(['Bandeira do cartão: Elo.', 'Verificando o cartão. Aguarde.', 'Cartão Elo final 0007 aceito.']);
  });

  it('explains the busy pay button, which stays focusable', async () => {
    const el = await mount({ baseUrl: await silentUrl() });
    await fillValidCard(el);
    el.tokenize().catch(() => {});
    await el.updateComplete;
    const button = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="submit"]')!;
    expect(button.disabled).to.equal(false);
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    const explanation = el.shadowRoot!.getElementById(button.getAttribute('aria-describedby')!)!;
    expect(explanation.textContent).to.equal('Checking your card. Please wait.');
    button.focus();
    expect(el.shadowRoot!.activeElement).to.equal(button);
  });
});

describe('languages and overrides', () => {
  it('follows the document language when no locale is set', async () => {
    const wrapper = await fixture(html`<div lang="pt-BR"><pay-card-form></pay-card-form></div>`);
    const el = wrapper.querySelector('pay-card-form')!;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('label[for="cvv"]')!.textContent).to.equal('Código de segurança');
  });

  it('lets the merchant replace any sentence', async () => {
    const el = await mount();
    el.messages = {
      submit: 'Finalizar compra',
      errors: { incomplete: (noun, field) => (field === 'number' ? 'Faltam dígitos.' : `${noun}?`) },
      labels: { cvv: undefined },
    };
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="submit"]')!.textContent!.trim()).to.equal('Finalizar compra');
    await typeInto(el, 'number', '4111');
    await tab(el);
    expect(errorOf(el, 'number')).to.equal('Faltam dígitos.');
    await typeInto(el, 'cvv', '1');
    await tab(el);
    expect(errorOf(el, 'cvv')).to.equal('the security code?');
    // An override left undefined keeps the built-in sentence rather than blanking it.
    expect(el.shadowRoot!.querySelector('label[for="cvv"]')!.textContent).to.equal('Security code');
    // Sentences that were not overridden stay.
    expect(el.shadowRoot!.querySelector('label[for="number"]')!.textContent).to.equal('Card number');
  });
});

describe('layout', () => {
  it('holds at 320 px wide (the width of 200% zoom on a 640 px window) without sideways scrolling', async () => {
    await setViewport({ width: 320, height: 640 });
    try {
      const el = await mount();
      await fillValidCard(el, '378282246310005');
      expect(document.documentElement.scrollWidth).to.be.at.most(320);
      for (const id of ['number', 'holderName', 'expiry', 'cvv']) {
        const box = input(el, id).getBoundingClientRect();
        expect(box.right, id).to.be.at.most(320);
        expect(box.height, id).to.be.at.least(24);
      }
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('keeps the page styles out and its own styles in', async () => {
    const wrapper = await fixture(
      html`<div>
        <style>
          input {
            background: rgb(255, 0, 0) !important;
          }
          label {
            display: none;
          }
        </style>
        <pay-card-form></pay-card-form><label id="outside">outside</label>
      </div>`,
    );
    const el = wrapper.querySelector('pay-card-form')!;
    await el.updateComplete;
    expect(getComputedStyle(input(el, 'number')).backgroundColor).to.not.equal('rgb(255, 0, 0)');
    expect(getComputedStyle(el.shadowRoot!.querySelector('label')!).display).to.not.equal('none');
  });
});

describe('media preferences', () => {
  afterEach(() => emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' }));

  it('theme="auto" follows prefers-color-scheme; the default light theme does not', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const auto = await mount({ theme: 'auto' });
    const light = await mount({ theme: 'light' });
    expect(getComputedStyle(input(auto, 'number')).backgroundColor).to.equal('rgb(31, 32, 35)');
    expect(getComputedStyle(input(light, 'number')).backgroundColor).to.equal('rgb(255, 255, 255)');
    await expect(auto).to.be.accessible();
    await emulateMedia({ colorScheme: 'light' });
    expect(getComputedStyle(input(auto, 'number')).backgroundColor).to.equal('rgb(255, 255, 255)');
  });

  it('the brand name appears without moving, with or without prefers-reduced-motion', async () => {
    const el = await mount();
    await typeInto(el, 'number', '4');
    const brand = el.shadowRoot!.querySelector('[part="brand"]')!;
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      await emulateMedia({ reducedMotion });
      const style = getComputedStyle(brand);
      expect(brand.getAnimations(), reducedMotion).to.have.length(0);
      expect(style.animationName, reducedMotion).to.equal('none');
      expect(style.transitionDuration, reducedMotion).to.equal('0s');
    }
  });

  it('custom properties theme the inside from the page', async () => {
    const el = await mount();
    el.style.setProperty('--pay-color-error', 'rgb(120, 0, 0)');
    el.style.setProperty('--pay-radius', '0px');
    await typeInto(el, 'number', '4111');
    await tab(el);
    expect(getComputedStyle(el.shadowRoot!.querySelector('#number-error')!).color).to.equal('rgb(120, 0, 0)');
    expect(getComputedStyle(input(el, 'number')).borderTopLeftRadius).to.equal('0px');
  });
});
