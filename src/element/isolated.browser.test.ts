/**
 * What only isolated mode has: a frame from another origin, with its own
 * document, focus, size and theme, and a channel that rebuilds errors on the
 * host. Everything the two modes share is tested, in both, by the other
 * files of this folder. In the inline group there is nothing here to run.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { AuthenticationError, ValidationError } from '../tokenize/errors.js';
import { ConfigurationError, NetworkError, PayCardError } from '../shared/errors.js';
import type { ChangeDetail } from '../form/change-detail.js';
import type { PayCardForm } from './pay-card-form.js';
import { FRAME_PATH, LIMITS } from '../channel/protocol.js';
import {
  ACTIVE_KEY,
  captureWarnings,
  closedUrl,
  INACTIVE_KEY,
  droppingUrl,
  errorOf,
  fillValidCard,
  focusedIn,
  focusField,
  formDocument,
  isolated,
  listen,
  mount,
  openAt,
  part,
  press,
  ready,
  sandboxUrl,
  settle,
  silentUrl,
  typeInto,
} from './test-helpers.js';

const iframeOf = (el: PayCardForm) => el.shadowRoot!.querySelector('iframe')!;
/** The pay button's background, inside the frame. */
const buttonColour = async (el: PayCardForm) => (await part(el, '[part="submit"]', ['background-color'])).styles['background-color'];
const DEFAULT_PRIMARY = 'rgb(11, 87, 208)';
/** `value` as Chromium serializes `property`'s computed value, read off an element of this page. */
function asComputed(property: string, value: string): string {
  const probe = document.body.appendChild(document.createElement('div'));
  probe.style.setProperty(property, value);
  const computed = getComputedStyle(probe).getPropertyValue(property);
  probe.remove();
  return computed;
}

describe('isolated mode: the frame', () => {
  if (!isolated) return;

  describe('its document', () => {
    it('has a title in the shopper’s language, on the iframe and in the frame, and the frame document’s lang', async () => {
      const el = await mount();
      expect(iframeOf(el).title).to.equal('Secure card form');
      expect(await formDocument(el)).to.include({ title: 'Secure card form', lang: 'en' });
      el.locale = 'pt-BR';
      await settle(el);
      expect(iframeOf(el).title).to.equal('Formulário seguro do cartão');
      expect(await formDocument(el)).to.include({ title: 'Formulário seguro do cartão', lang: 'pt-BR' });
    });

    it('is served from the tokenization origin, not the page’s', async () => {
      const el = await mount();
      const src = new URL(iframeOf(el).src);
      expect(src.origin).to.equal(new URL(await sandboxUrl()).origin);
      expect(src.origin).to.not.equal(location.origin);
    });

    it('comes from `frame-url` when set, and tokenizes with the origin it comes from, not with `base-url`', async () => {
      const frameUrl = `${await sandboxUrl()}/${FRAME_PATH}`;
      // `base-url` names a service that never answers: a card sent there would leave the form busy.
      const el = await fixture<PayCardForm>(
        html`<pay-card-form public-key=${ACTIVE_KEY} base-url=${await silentUrl()} frame-url=${frameUrl} locale="en"></pay-card-form>`,
      );
      await ready(el);
      expect(iframeOf(el).src.split('#')[0]).to.equal(frameUrl);
      await fillValidCard(el);
      const result = await el.tokenize();
      expect(result.token).to.match(/^tok_/);
    });
  });

  // The four ways the frame fails to show the form, and retry() after them: misconfiguration.browser.test.ts.

  describe('a frame that fails to load at first', () => {
    it('is tried again after a wait: a service that comes up meanwhile shows the form, and the page hears nothing', async function () {
      this.timeout(15_000);
      const baseUrl = await closedUrl();
      const el = await fixture<PayCardForm>(html`<pay-card-form public-key=${ACTIVE_KEY} base-url=${baseUrl} locale="en"></pay-card-form>`);
      const heard: Error[] = [];
      el.addEventListener('tokenize-error', (event) => heard.push(event.detail.error));
      const first = el.shadowRoot!.querySelector('iframe')!;
      // Its error page (nothing listens yet) has loaded: that attempt has failed, and the next waits for its backoff.
      await oneEvent(first, 'load');
      await openAt(baseUrl);
      await el.ready;
      expect(heard).to.deep.equal([]);
      expect(el.shadowRoot!.querySelector('iframe')).to.not.equal(first);
    });
  });

  describe('no usable address for the frame', () => {
    it('ready rejects at once, saying what to set', async () => {
      const { warnings, restore } = captureWarnings();
      let el: PayCardForm;
      try {
        el = await fixture<PayCardForm>(html`<pay-card-form public-key=${ACTIVE_KEY} locale="en"></pay-card-form>`);
        await el.updateComplete;
      } finally {
        restore();
      }
      expect(warnings).to.have.length(1);
      const readiness = await el.ready.then(
        () => null,
        (e: Error) => e,
      );
      expect(readiness).to.be.instanceOf(ConfigurationError);
      expect(readiness!.message).to.contain('baseUrl is missing or not an absolute URL');
      expect(el.error).to.equal(readiness);
      expect(el.shadowRoot!.querySelector('iframe')).to.equal(null);
    });
  });

  describe('focus', () => {
    it('focus() lands in the card-number field inside the frame', async () => {
      const el = await mount();
      expect(await focusedIn(el)).to.equal(null);
      el.focus();
      await waitUntil(async () => (await part(el, '#number')).focused, 'the card number has focus');
      expect(document.activeElement).to.equal(el);
    });

    it('focus() lands in the card-number field after the page took focus from another field', async () => {
      const wrapper = await fixture(
        html`<div>
          <pay-card-form mode="isolated" public-key=${ACTIVE_KEY} base-url=${await sandboxUrl()} locale="en"></pay-card-form>
          <button id="after">After</button>
        </div>`,
      );
      const el = wrapper.querySelector('pay-card-form')!;
      await ready(el);
      await focusField(el, 'holderName');
      wrapper.querySelector<HTMLButtonElement>('#after')!.focus();
      await waitUntil(async () => !(await part(el, '#holderName')).focused, 'the page has focus again');
      el.focus();
      await waitUntil(async () => (await part(el, '#number')).focused, 'the card number has focus');
    });

    it('a click on an outside <label for> lands in the card-number field', async () => {
      const wrapper = await fixture(
        html`<div>
          <label for="card">Pay by card</label>
          <pay-card-form id="card" mode="isolated" public-key=${ACTIVE_KEY} base-url=${await sandboxUrl()} locale="en"></pay-card-form>
        </div>`,
      );
      const el = wrapper.querySelector('pay-card-form')!;
      await ready(el);
      const box = wrapper.querySelector('label')!.getBoundingClientRect();
      try {
        await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
      } finally {
        await resetMouse();
      }
      await waitUntil(async () => (await part(el, '#number')).focused, 'the card number has focus');
      // Typed keys go there.
      await sendKeys({ type: '4111' });
      await settle(el);
      expect((await part(el, '#number')).value).to.equal('4111');
    });

    it('Tab and Shift+Tab go from the page, through the four fields and the pay button, and out again, in document order', async () => {
      const wrapper = await fixture(
        html`<div>
          <input id="before" aria-label="Before" />
          <pay-card-form mode="isolated" public-key=${ACTIVE_KEY} base-url=${await sandboxUrl()} locale="en"></pay-card-form>
          <input id="after" aria-label="After" />
        </div>`,
      );
      const el = wrapper.querySelector('pay-card-form')!;
      await ready(el);
      /** Where focus is: in the frame (which field), or on the page (which element). */
      const where = async () =>
        document.activeElement === el ? ((await focusedIn(el)) ?? 'the frame, on nothing') : document.activeElement!.id;
      const walk = async (key: string) => {
        const stops: string[] = [];
        for (let i = 0; i < 6; i++) {
          await press(el, key);
          stops.push(await where());
        }
        return stops;
      };
      wrapper.querySelector<HTMLInputElement>('#before')!.focus();
      expect(await walk('Tab')).to.deep.equal(['number', 'holderName', 'expiry', 'cvv', 'submit', 'after']);
      expect(await walk('Shift+Tab')).to.deep.equal(['submit', 'cvv', 'expiry', 'holderName', 'number', 'before']);
    });
  });

  describe('its size', () => {
    after(() => setViewport({ width: 800, height: 600 }));

    /**
     * The iframe is as tall as the frame's content: nothing overflows it
     * (no scrollbar, nothing cut off) and no empty band is left under the
     * form (its space below equals its space above, the padding).
     */
    async function expectFitted(el: PayCardForm, state: string) {
      const fitted = async () => {
        const [inside, form] = [await formDocument(el), (await part(el, 'form')).rect];
        const height = iframeOf(el).getBoundingClientRect().height;
        return { inside, form, height };
      };
      let last = await fitted();
      // The frame reports its height as it changes; the host applies it a message later.
      await waitUntil(async () => {
        last = await fitted();
        return (
          Math.abs(last.height - last.inside.clientHeight) < 1 && Math.abs(last.inside.clientHeight - last.form.bottom - last.form.top) < 1
        );
      }, `${state}: the frame fits its form`).catch(() => {});
      const { inside, form, height } = last;
      expect(height, `${state}: the iframe shows the whole frame`).to.be.closeTo(inside.clientHeight, 1);
      expect(inside.scrollHeight, `${state}: no vertical overflow`).to.be.at.most(inside.clientHeight);
      expect(inside.scrollWidth, `${state}: no horizontal overflow`).to.be.at.most(inside.clientWidth);
      expect(inside.clientHeight - form.bottom, `${state}: no empty band below the form`).to.be.closeTo(form.top, 1);
    }

    // 640 px stands for a 1280 px window at 200 % zoom.
    for (const width of [320, 640]) {
      it(`${width} px: fits its content, and follows it as errors come and go`, async () => {
        await setViewport({ width, height: 900 });
        const el = await mount();
        await expectFitted(el, 'empty');
        const empty = iframeOf(el).getBoundingClientRect().height;
        await el.tokenize().catch(() => {});
        await settle(el);
        expect(await errorOf(el, 'cvv')).to.not.equal('');
        await expectFitted(el, 'every error shown');
        expect(iframeOf(el).getBoundingClientRect().height, 'taller with errors').to.be.above(empty);
        el.reset();
        await settle(el);
        await expectFitted(el, 'reset');
        expect(iframeOf(el).getBoundingClientRect().height).to.be.closeTo(empty, 1);
      });
    }
  });

  describe('theming', () => {
    it('the --pay-* variables set on the element style the inside of the frame', async () => {
      const el = await mount();
      expect(await buttonColour(el)).to.equal(DEFAULT_PRIMARY);
      el.style.setProperty('--pay-color-primary', 'rgb(0, 100, 0)');
      el.style.setProperty('--pay-color-on-primary', 'rgb(255, 255, 0)');
      el.style.setProperty('--pay-radius', '0px');
      await settle(el);
      const button = await part(el, '[part="submit"]', ['background-color', 'color']);
      expect(button.styles).to.deep.equal({ 'background-color': 'rgb(0, 100, 0)', color: 'rgb(255, 255, 0)' });
      expect((await part(el, '#number', ['border-top-left-radius'])).styles['border-top-left-radius']).to.equal('0px');
      el.style.removeProperty('--pay-color-primary');
      await settle(el);
      expect(await buttonColour(el)).to.equal(DEFAULT_PRIMARY);
    });

    it('a long font stack crosses; one past the limit warns once, and the frame keeps its default font', async () => {
      const el = await mount();
      const fontOf = async () => (await part(el, '#number', ['font-family'])).styles['font-family'];
      const defaultFont = await fontOf();
      // Bootstrap's system stack, 190 characters, then fonts that do not exist, up to the limit.
      const stack = [
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
        '"Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji"',
      ].join(', ');
      const atLimit = `"${'x'.repeat(LIMITS.themeValue - stack.length - 4)}", ${stack}`;
      expect(atLimit).to.have.length(LIMITS.themeValue);
      const { warnings, restore } = captureWarnings();
      try {
        el.style.setProperty('--pay-font-family', atLimit);
        await settle(el);
        expect(await fontOf()).to.equal(asComputed('font-family', atLimit));
        el.style.setProperty('--pay-font-family', `"y", ${atLimit}`);
        await settle(el);
        expect(await fontOf()).to.equal(defaultFont);
        // The settings cross again with the long value still set: the console is not told twice.
        el.style.setProperty('--pay-radius', '3px');
        await settle(el);
        expect((await part(el, '#number', ['border-top-left-radius'])).styles['border-top-left-radius']).to.equal('3px');
      } finally {
        restore();
      }
      expect(warnings).to.deep.equal([
        `<pay-card-form>: --pay-font-family has a value longer than ${LIMITS.themeValue} characters, so it is not used: the form shows its default instead.`,
      ]);
    });

    it('a value the frame would refuse is named in the console once, with what it takes, and the default stays', async () => {
      const el = await mount();
      const radiusOf = async () => (await part(el, '#number', ['border-top-left-radius'])).styles['border-top-left-radius'];
      const defaultRadius = await radiusOf();
      const { warnings, restore } = captureWarnings();
      try {
        el.style.setProperty('--pay-radius', '8');
        el.style.setProperty('--pay-color-primary', 'url(https://example.com/x.png)');
        await settle(el);
        expect(await radiusOf()).to.equal(defaultRadius);
        expect(await buttonColour(el)).to.equal(DEFAULT_PRIMARY);
        // Posted again with both still set: the console is not told twice.
        el.style.setProperty('--pay-padding', '10px');
        await settle(el);
        expect((await part(el, '#number', ['padding-top'])).styles['padding-top']).to.equal('10px');
      } finally {
        restore();
      }
      const unused = ', so it is not used: the form shows its default instead.';
      expect(warnings).to.deep.equal([
        `<pay-card-form>: --pay-color-primary is not a plain color the frame can use (e.g. #0b57d0)${unused}`,
        `<pay-card-form>: --pay-radius is not a plain length the frame can use (e.g. 8px)${unused}`,
      ]);
    });

    it('the frame applies no unsafe value, even one that reaches it past the host', async () => {
      const el = await mount();
      // A page that tampers with what the host posts, as a hostile script could: every settings
      // message carries the unsafe value for the primary colour.
      const post = MessagePort.prototype.postMessage;
      let unsafe = '';
      MessagePort.prototype.postMessage = function (
        this: MessagePort,
        message: { type?: string; settings?: { variables: Record<string, string> } },
      ) {
        if (message?.type === 'settings') message.settings!.variables['--pay-color-primary'] = unsafe;
        return post.call(this, message);
      };
      try {
        for (const [i, value] of ['url(https://example.com/x.png)', 'var(--x)', 'red;}', 'rgb(0, 100, 0); background: red'].entries()) {
          unsafe = value;
          // A new radius makes the host post its settings; it arriving shows the message did.
          el.style.setProperty('--pay-radius', `${i + 1}px`);
          await settle(el);
          expect((await part(el, '#number', ['border-top-left-radius'])).styles['border-top-left-radius'], value).to.equal(`${i + 1}px`);
          expect(await buttonColour(el), value).to.equal(DEFAULT_PRIMARY);
        }
        // The same path takes a safe value: the check is what refused the others.
        unsafe = 'rgb(0, 100, 0)';
        el.style.setProperty('--pay-radius', '9px');
        await settle(el);
        expect(await buttonColour(el)).to.equal('rgb(0, 100, 0)');
      } finally {
        MessagePort.prototype.postMessage = post;
      }
    });
  });

  describe('messages', () => {
    it('overrides cross into the frame, functions included', async () => {
      const el = await mount({ locale: 'pt-BR' });
      const said = await listen(el);
      el.messages = {
        submit: 'Pagar agora',
        labels: { number: 'Número (16 dígitos)' },
        errors: { required: (noun) => 'Falta ' + noun, incomplete: (noun, field) => (field === 'cvv' ? 'CVV curto' : `${noun}?`) },
        brandDetected: (brand) => `É ${brand}`,
        fixErrors: (count) => `${count} problemas.`,
      };
      await settle(el);
      expect((await part(el, '[part="submit"]')).text.trim()).to.equal('Pagar agora');
      expect((await part(el, 'label[for="number"]')).text).to.equal('Número (16 dígitos)');
      await typeInto(el, 'number', '4111');
      await typeInto(el, 'cvv', '1');
      await el.tokenize().catch(() => {});
      await settle(el);
      expect(await errorOf(el, 'number')).to.equal('o número do cartão?');
      expect(await errorOf(el, 'holderName')).to.equal('Falta o nome no cartão');
      expect(await errorOf(el, 'cvv')).to.equal('CVV curto');
      // The blur of an incomplete number says its error too, in the merchant's words.
      expect(await said()).to.deep.equal(['É Visa', 'o número do cartão?', '4 problemas. o número do cartão?']);
    });
  });

  describe('errors rebuilt on the host', () => {
    it('are instances of the package’s classes, with the host’s own words', async () => {
      const empty = await mount();
      const invalid = await empty.tokenize().catch((e: unknown) => e);
      expect(invalid).to.be.instanceOf(ValidationError);
      expect(invalid).to.include({ name: 'ValidationError', field: 'card.number', reason: 'required' });

      const refused = await mount({ publicKey: INACTIVE_KEY });
      await fillValidCard(refused);
      const event = oneEvent(refused, 'tokenize-error');
      const denied = await refused.tokenize().catch((e: unknown) => e);
      expect(denied).to.be.instanceOf(AuthenticationError).and.instanceOf(PayCardError);
      expect((await event).detail.error).to.equal(denied);
      // The sandbox said "This public key is inactive."; none of its words cross.
      expect((denied as Error).message).to.not.match(/inactive/i);

      const cut = await mount({ baseUrl: await droppingUrl() });
      await fillValidCard(cut);
      const unreachable = await cut.tokenize().catch((e: unknown) => e);
      expect(unreachable).to.be.instanceOf(NetworkError);
      expect((unreachable as Error).message).to.not.include('127.0.0.1');
      for (const error of [invalid, denied, unreachable] as Error[]) expect(error.cause, error.name).to.equal(undefined);
    });
  });

  describe('the change event', () => {
    it('has the same detail as inline, after the same keys', async () => {
      const framed = await mount();
      const inline = await fixture<PayCardForm>(
        html`<pay-card-form mode="inline" public-key=${ACTIVE_KEY} base-url=${await sandboxUrl()} locale="en"></pay-card-form>`,
      );
      await ready(inline);
      const details = new Map<PayCardForm, ChangeDetail[]>();
      for (const el of [framed, inline]) {
        details.set(el, []);
        el.addEventListener('change', (e) => details.get(el)!.push((e as CustomEvent<ChangeDetail>).detail));
        await typeInto(el, 'number', '4111');
        await press(el, 'Tab');
        await typeInto(el, 'expiry', '01');
        await press(el, 'Tab');
      }
      const last = details.get(framed)!.at(-1)!;
      expect(last).to.deep.equal({
        complete: false,
        empty: false,
        brand: 'visa',
        fields: {
          number: { valid: false, error: 'The card number is incomplete.' },
          holderName: { valid: false, error: null },
          expiry: { valid: false, error: 'The expiry date is incomplete.' },
          cvv: { valid: false, error: null },
        },
        plan: null,
        taxId: null,
      });
      expect(details.get(framed)).to.deep.equal(details.get(inline));
    });
  });
});
