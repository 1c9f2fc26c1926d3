import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { CardChangeEvent } from './events/change-event.js';
import { type ChangeDetail } from '../form/change-detail.js';
import { TokenizeErrorEvent } from './events/tokenize-error-event.js';
import { TokenizedEvent } from './events/tokenized-event.js';
import { AuthenticationError, ValidationError } from '../tokenize/errors.js';
import { ConfigurationError } from '../shared/errors.js';
import { inlineFormLoader } from './inline-form.js';
import { setInlineFormLoader } from './inline-mode.js';
import type { TokenizeResult } from '../card/types.js';
import {
  ACTIVE_KEY,
  EXPIRY_TYPED,
  EXPIRY_YEAR,
  INACTIVE_KEY,
  MODE,
  brandOf,
  captureWarnings,
  clickIn,
  errorOf,
  expectAccessible,
  fillValidCard,
  focusField,
  focusOn,
  mount,
  observe,
  part,
  press,
  ready,
  sandboxUrl,
  settle,
  shown,
  silentUrl,
  snap,
  typeHere,
  typeInto,
  valueOf,
} from './test-helpers.js';

describe('<pay-card-form>', () => {
  it('is accessible when empty, with a label for every input', async () => {
    const el = await mount();
    await expectAccessible(el);
    for (const id of ['number', 'holderName', 'expiry', 'cvv']) {
      const label = await snap(el, `label[for="${id}"]`);
      expect(label, id).to.exist;
      expect(label!.text.trim()).to.not.equal('');
    }
  });

  it('carries the autocomplete tokens browsers autofill', async () => {
    const el = await mount();
    expect((await part(el, '#number')).attributes.autocomplete).to.equal('cc-number');
    expect((await part(el, '#holderName')).attributes.autocomplete).to.equal('cc-name');
    expect((await part(el, '#expiry')).attributes.autocomplete).to.equal('cc-exp');
    expect((await part(el, '#cvv')).attributes.autocomplete).to.equal('cc-csc');
    expect((await part(el, '#number')).attributes.inputmode).to.equal('numeric');
  });

  it('formats the number as it is typed and shows the brand', async () => {
    const el = await mount();
    await typeInto(el, 'number', '4111111111111111');
    const number = await part(el, '#number');
    expect(number.value).to.equal('4111 1111 1111 1111');
    expect(number.selectionStart).to.equal(19);
    expect(await brandOf(el)).to.equal('Visa');
  });

  it('hides the brand again, empty, when the number loses its prefix', async () => {
    const el = await mount();
    await typeInto(el, 'number', '4');
    expect((await part(el, '[part="brand"]')).hidden).to.equal(false);
    await press(el, 'Backspace');
    const brand = await part(el, '[part="brand"]');
    expect(brand.hidden).to.equal(true);
    expect(brand.text).to.equal('');
  });

  it('tells Elo from Visa as the prefix grows', async () => {
    const el = await mount();
    await typeInto(el, 'number', '4389');
    expect(await brandOf(el)).to.equal('Visa');
    await typeHere(el, '35');
    expect(await brandOf(el)).to.equal('Elo');
    await typeHere(el, '00000000021234');
    expect(await valueOf(el, 'number')).to.equal('4389 3500 0000 0002');
  });

  it('groups Amex 4-6-5, stops at 15 digits and wants a 4-digit CVV', async () => {
    const el = await mount();
    await typeInto(el, 'number', '37828224631000599');
    expect(await valueOf(el, 'number')).to.equal('3782 822463 10005');
    expect(await brandOf(el)).to.equal('American Express');
    await typeInto(el, 'cvv', '12345');
    expect(await valueOf(el, 'cvv')).to.equal('1234');
  });

  it('backspace in the middle removes one digit and keeps the caret there', async () => {
    const el = await mount();
    await typeInto(el, 'number', '4111222233334444');
    // Caret after "4111 22|22 3333 4444": 12 steps left from the end.
    for (let i = 0; i < 12; i++) await sendKeys({ press: 'ArrowLeft' });
    expect((await part(el, '#number')).selectionStart).to.equal(7);
    await sendKeys({ press: 'Backspace' });
    let number = await part(el, '#number');
    expect(number.value).to.equal('4111 2223 3334 444');
    expect(number.selectionStart).to.equal(6);
    // Backspace right after a space deletes the digit before it.
    await sendKeys({ press: 'ArrowLeft' }); // "4111 |2223"
    await sendKeys({ press: 'Backspace' });
    number = await part(el, '#number');
    expect(number.value).to.equal('4112 2233 3344 44');
    expect(number.selectionStart).to.equal(3);
  });

  it('accepts a pasted number with separators and stray characters', async () => {
    const el = await mount();
    const source = document.createElement('textarea');
    source.value = '4111 1111-1111 1111';
    document.body.append(source);
    try {
      source.select();
      await sendKeys({ press: 'Control+C' });
      await focusField(el, 'number');
      await press(el, 'Control+V');
      const number = await part(el, '#number');
      expect(number.value).to.equal('4111 1111 1111 1111');
      expect(number.selectionStart).to.equal(19);
    } finally {
      source.remove();
    }
  });

  it('shows errors on blur, not while typing, and clears them once fixed', async () => {
    const el = await mount();
    await typeInto(el, 'number', '4111');
    expect(await errorOf(el, 'number')).to.equal('');
    expect((await part(el, '#number')).attributes['aria-invalid']).to.equal('false');
    await press(el, 'Tab');
    expect(await errorOf(el, 'number')).to.equal('The card number is incomplete.');
    const number = await part(el, '#number');
    expect(number.attributes['aria-invalid']).to.equal('true');
    expect(number.attributes['aria-describedby']).to.equal('number-error');
    await expectAccessible(el);
    await typeInto(el, 'number', '111111111111');
    expect(await errorOf(el, 'number')).to.equal('');
  });

  it('reports an expired date and a past month as errors on blur', async () => {
    const el = await mount();
    await typeInto(el, 'expiry', '0120');
    expect(await valueOf(el, 'expiry')).to.equal('01 / 20');
    await press(el, 'Tab');
    expect(await errorOf(el, 'expiry')).to.equal('This card has expired.');
  });

  it('tokenizes with the sandbox and fires `tokenized` with exactly the TokenizeResult', async () => {
    const el = await mount();
    // Attached before typing, so every `change` the card produces is checked for leaks.
    const changes: ChangeDetail[] = [];
    el.addEventListener('change', (e) => changes.push((e as CustomEvent<ChangeDetail>).detail));
    await fillValidCard(el);
    expect(changes.length).to.be.greaterThan(1);
    expect(changes.at(-1)).to.deep.include({ complete: true, empty: false, brand: 'visa' });
    const event = oneEvent(el, 'tokenized');
    await focusOn(el, '[part="submit"]');
    await sendKeys({ press: 'Enter' });
    const { detail, bubbles, composed } = (await event) as CustomEvent<TokenizeResult>;
    expect(bubbles && composed).to.equal(true);
    expect(Object.keys(detail).sort()).to.deep.equal([
      'brand',
      'expirationMonth',
      'expirationYear',
      'firstSixDigits',
      'lastFourDigits',
      'token',
    ]);
    expect(detail.token).to.match(/^tok_/);
    expect(detail).to.include({
      brand: 'visa',
      lastFourDigits: '1111',
      firstSixDigits: '411111',
      expirationMonth: '12',
      expirationYear: EXPIRY_YEAR,
    });
    // No card data in the DOM's attributes or in any event.
    expect(el.outerHTML + el.shadowRoot!.innerHTML).to.not.include('4111 1111');
    expect(JSON.stringify(changes)).to.not.include('4111');
    expect(JSON.stringify(changes)).to.not.include('Ana Silva');
  });

  it('fires its events as the typed classes, bubbling and composed', async () => {
    const el = await mount();
    const seen: Event[] = [];
    for (const type of ['change', 'tokenized', 'tokenize-error']) el.addEventListener(type, (e) => seen.push(e));
    await typeInto(el, 'number', '4');
    await el.tokenize().catch(() => {});
    el.reset();
    await settle(el);
    await fillValidCard(el);
    await el.tokenize();
    const classes = { change: CardChangeEvent, tokenized: TokenizedEvent, 'tokenize-error': TokenizeErrorEvent } as const;
    expect([...new Set(seen.map((e) => e.type))].sort()).to.deep.equal(['change', 'tokenize-error', 'tokenized']);
    for (const e of seen) {
      expect(e, e.type).to.be.instanceOf(classes[e.type as keyof typeof classes]);
      expect(e.bubbles && e.composed, e.type).to.equal(true);
    }
  });

  it('a keystroke that changes nothing visible writes nothing to the form', async () => {
    const el = await mount();
    await typeInto(el, 'number', '41');
    // The brand marks load on their own after the form is built, and draw the mark when they arrive: drawn first.
    await shown(el, '[part~="brand"] svg');
    const writes = await observe(el);
    // Same brand, same error state, no new group: only the input's own value changes.
    await typeHere(el, '11');
    expect(await valueOf(el, 'number')).to.equal('4111');
    expect(await writes()).to.deep.equal([]);
    // The observer does see writes: a new group inserts a space, a blur shows an error.
    await press(el, 'Tab');
    expect(await writes()).to.not.deep.equal([]);
  });

  it('fires one `change` when it first renders, for listeners attached before it connects', async () => {
    const el = document.createElement('pay-card-form');
    el.mode = MODE;
    el.publicKey = ACTIVE_KEY;
    el.baseUrl = await sandboxUrl();
    const seen: ChangeDetail[] = [];
    el.addEventListener('change', (e) => seen.push((e as CustomEvent<ChangeDetail>).detail));
    document.body.append(el);
    try {
      await ready(el);
      expect(seen).to.have.length(1);
      expect(seen[0]).to.deep.include({ complete: false, empty: true, brand: null });
    } finally {
      el.remove();
    }
  });

  it('speaks the chosen language even when tokenize() runs before the first render', async () => {
    const el = document.createElement('pay-card-form');
    el.mode = MODE;
    el.locale = 'pt-BR';
    el.publicKey = ACTIVE_KEY;
    el.baseUrl = await sandboxUrl();
    document.body.append(el);
    try {
      const error = await el.tokenize().catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ValidationError);
      await ready(el);
      const said = async () => (await part(el, '[role="status"]')).text.trim();
      await waitUntil(async () => (await said()) !== '', 'nothing announced');
      expect(await said()).to.equal('Corrija 4 campos. Informe o número do cartão.');
    } finally {
      el.remove();
    }
  });

  it('tokenize() before the element is in the page rejects at once, saying to append it first; appended, it works', async () => {
    const el = document.createElement('pay-card-form');
    el.mode = MODE;
    el.publicKey = ACTIVE_KEY;
    el.baseUrl = await sandboxUrl();
    const errors: Error[] = [];
    el.addEventListener('tokenize-error', (event) => errors.push(event.detail.error));
    const error = await el.tokenize().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(DOMException);
    expect((error as DOMException).name).to.equal('InvalidStateError');
    expect((error as DOMException).message).to.match(/append the element to the document before tokenize\(\)/);
    expect(errors).to.deep.equal([error]);
    document.body.append(el);
    try {
      await ready(el);
      await fillValidCard(el);
      expect((await el.tokenize()).lastFourDigits).to.equal('1111');
    } finally {
      el.remove();
    }
  });

  it('fires `change` with completeness, brand and field states', async () => {
    const el = await mount();
    let last: ChangeDetail | undefined;
    el.addEventListener('change', (e) => (last = (e as CustomEvent<ChangeDetail>).detail));
    await typeInto(el, 'number', '5555555555554444');
    expect(last!.brand).to.equal('mastercard');
    expect(last!.empty).to.equal(false);
    expect(last!.complete).to.equal(false);
    expect(last!.fields.number).to.deep.equal({ valid: true, error: null });
    await typeInto(el, 'holderName', 'Ana');
    await typeInto(el, 'expiry', EXPIRY_TYPED);
    await typeInto(el, 'cvv', '123');
    expect(last!.complete).to.equal(true);
  });

  it('on submit with errors: shows every error, focuses the first invalid field, fires tokenize-error', async () => {
    const el = await mount();
    await typeInto(el, 'holderName', 'Ana');
    const event = oneEvent(el, 'tokenize-error');
    await clickIn(el, '[part="submit"]');
    const { detail } = (await event) as CustomEvent<{ error: ValidationError }>;
    expect(detail.error).to.be.instanceOf(ValidationError);
    expect(detail.error.field).to.equal('card.number');
    await settle(el);
    expect(await errorOf(el, 'number')).to.equal('Enter the card number.');
    expect(await errorOf(el, 'expiry')).to.equal('Enter the expiry date.');
    expect(await errorOf(el, 'cvv')).to.equal('Enter the security code.');
    await waitUntil(async () => (await part(el, '#number')).focused, 'the card number has focus');
  });

  it('a double submit makes one tokenization', async () => {
    const el = await mount();
    await fillValidCard(el, '6011111111111117');
    let fired = 0;
    el.addEventListener('tokenized', () => fired++);
    const first = el.tokenize();
    const second = el.tokenize();
    expect(second).to.equal(first);
    expect(el.busy).to.equal(true);
    const result = await first;
    expect(result.brand).to.equal('discover');
    expect(fired).to.equal(1);
    expect(el.busy).to.equal(false);
  });

  it('shows the busy state while the service works', async () => {
    // A service that never answers: the busy state stays for as long as the test looks.
    const el = await mount({ baseUrl: await silentUrl() });
    await fillValidCard(el, '6011111111111117');
    el.tokenize().catch(() => {});
    await settle(el);
    expect(el.busy).to.equal(true);
    expect((await part(el, 'form')).attributes['aria-busy']).to.equal('true');
    expect((await part(el, '[part="submit"]')).attributes['aria-disabled']).to.equal('true');
  });

  it('leaving the page stops a tokenization in flight, quietly; back in the page, the form takes a card again', async () => {
    const el = await mount({ baseUrl: await silentUrl() });
    await fillValidCard(el);
    const heard: Error[] = [];
    el.addEventListener('tokenize-error', (event) => heard.push(event.detail.error));
    const pending = el.tokenize();
    const parent = el.parentNode!;
    el.remove();
    const error = await pending.then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.name).to.equal('AbortError');
    expect(el.busy).to.equal(false);
    expect(heard).to.deep.equal([]);
    parent.append(el);
    // Isolated, the frame's document loads again: `ready` waits for it.
    await ready(el);
    el.reset();
    await fillValidCard(el);
    el.tokenize().catch(() => {});
    await settle(el);
    expect(el.busy).to.equal(true);
    expect((await part(el, '[part="submit"]')).attributes['aria-disabled']).to.equal('true');
  });

  it('an inactive key fires tokenize-error with AuthenticationError and says so', async () => {
    const el = await mount({ publicKey: INACTIVE_KEY });
    await fillValidCard(el);
    const event = oneEvent(el, 'tokenize-error');
    el.tokenize().catch(() => {});
    const { detail } = (await event) as CustomEvent<{ error: Error }>;
    expect(detail.error).to.be.instanceOf(AuthenticationError);
    await settle(el);
    expect((await part(el, '[part="form-error"]')).text).to.match(/not set up correctly/);
  });

  it('keeps key, input and clipboard events, and so the digits, from bubbling out', async () => {
    const el = await mount();
    const types = ['keydown', 'keyup', 'keypress', 'beforeinput', 'input', 'paste', 'copy', 'cut', 'compositionend'];
    const bubbled: string[] = [];
    const record = (e: Event) => bubbled.push(`${e.type}:${(e as KeyboardEvent).key ?? ''}${(e as InputEvent).data ?? ''}`);
    for (const type of types) document.addEventListener(type, record);
    try {
      await fillValidCard(el);
      await focusField(el, 'number');
      await sendKeys({ press: 'Control+A' });
      await sendKeys({ press: 'Control+C' });
      await sendKeys({ press: 'Control+V' });
    } finally {
      for (const type of types) document.removeEventListener(type, record);
    }
    expect(await valueOf(el, 'number')).to.equal('4111 1111 1111 1111');
    expect(bubbled).to.deep.equal([]);
  });

  it('inline, holds base-url to its rule as the card leaves: set to plain http just before tokenize(), nothing is sent', async () => {
    const sent: string[] = [];
    const pageFetch = window.fetch;
    window.fetch = (input, init) => {
      sent.push(input instanceof Request ? input.url : String(input));
      return pageFetch(input, init);
    };
    const { restore } = captureWarnings();
    const el = document.createElement('pay-card-form');
    Object.assign(el, { mode: 'inline', publicKey: ACTIVE_KEY, baseUrl: await sandboxUrl(), locale: 'en' });
    document.body.append(el);
    try {
      await ready(el);
      await fillValidCard(el);
      // Before the element's own update has checked it: the card must not follow it.
      el.baseUrl = 'http://payments.example.com';
      const error = await el.tokenize().catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ConfigurationError);
      expect((error as Error).message).to.match(/^tokenize\(\): baseUrl must use https/);
      expect(sent.filter((url) => url.includes('/v1/tokens'))).to.deep.equal([]);
    } finally {
      window.fetch = pageFetch;
      restore();
      el.remove();
    }
  });

  it('inline, asks for the form module once, however many updates run while it loads', async () => {
    let asked = 0;
    const load = () => import('./inline-surface.js');
    // The module arrives only when the test lets it, so the updates below all run while it loads.
    let release!: () => void;
    const arrival = new Promise<void>((resolve) => (release = resolve));
    setInlineFormLoader(inlineFormLoader(() => (asked++, arrival.then(load))));
    const el = document.createElement('pay-card-form');
    Object.assign(el, { mode: 'inline', publicKey: ACTIVE_KEY, baseUrl: await sandboxUrl(), locale: 'en' });
    /** Resolves once an update has reflected `theme` onto the attribute. */
    const reflected = (theme: string) =>
      new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => el.getAttribute('theme') === theme && (observer.disconnect(), resolve()));
        observer.observe(el, { attributes: true, attributeFilter: ['theme'] });
      });
    try {
      document.body.append(el);
      for (const theme of ['dark', 'light', 'auto'] as const) {
        const updated = reflected(theme);
        el.theme = theme;
        await updated;
      }
      release();
      await ready(el);
      expect(await snap(el, '#number')).to.not.equal(null);
      expect(asked).to.equal(1);
    } finally {
      setInlineFormLoader(inlineFormLoader(load));
      el.remove();
    }
  });

  it('without a base-url it refuses to send the card, at once and again on tokenize(), and warns once', async () => {
    const errors: Error[] = [];
    const { warnings, restore } = captureWarnings();
    const el = document.createElement('pay-card-form');
    el.addEventListener('tokenize-error', (event) => errors.push(event.detail.error));
    el.mode = MODE;
    el.publicKey = ACTIVE_KEY;
    el.locale = 'en';
    document.body.append(el);
    try {
      await ready(el);
      expect(errors).to.have.length(1);
      expect(errors[0]).to.be.instanceOf(ConfigurationError);
      const error = await el.tokenize().catch((e: unknown) => e);
      expect(error).to.equal(errors[0]);
      expect(errors).to.have.length(2);
      expect((await part(el, '[part="form-error"]')).text).to.equal('Card payment is unavailable right now.');
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.match(/^<pay-card-form>: baseUrl is missing/);
    } finally {
      restore();
      el.remove();
    }
  });

  it('speaks Portuguese when asked', async () => {
    const el = await mount({ locale: 'pt-BR' });
    expect((await part(el, 'label[for="number"]')).text).to.equal('Número do cartão');
    expect((await part(el, '[part="submit"]')).text.trim()).to.equal('Pagar');
  });
});
