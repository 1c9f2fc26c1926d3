import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { AuthenticationError } from '../tokenize/errors.js';
import { ConfigurationError } from '../shared/errors.js';
import type { PayCardForm } from './pay-card-form.js';
import {
  ACTIVE_KEY,
  INACTIVE_KEY,
  MODE,
  errorOf,
  captureWarnings,
  expectAccessible,
  fillValidCard,
  focusField,
  isolated,
  listen,
  mount,
  part,
  press,
  ready,
  sandboxUrl,
  settle,
  silentUrl,
  snap,
  snapAll,
  typeInto,
} from './test-helpers.js';

const FIELDS = ['number', 'holderName', 'expiry', 'cvv'];
/** The pay button's `::before`, where the spinner turns. */
const spinner = async (el: PayCardForm) => (await part(el, '[part="submit"]', ['content', 'animation-name'], '::before')).styles;
const text = async (el: PayCardForm, name: string) => (await part(el, `[part~="${name}"]`)).text;
const inputs = (el: PayCardForm) => snapAll(el, 'input', ['border-top-style']);

/** Connects a form with the given attributes, listening before it connects, and records console warnings. */
async function connect(attributes: Record<string, string>) {
  const { warnings, restore } = captureWarnings();
  const errors: Error[] = [];
  const el = document.createElement('pay-card-form');
  el.addEventListener('tokenize-error', (event) => errors.push(event.detail.error));
  el.setAttribute('mode', MODE);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  try {
    await ready(el);
  } finally {
    restore();
  }
  return { el, warnings, errors };
}

describe('visible states', () => {
  afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('busy: a spinner in the button, read-only dashed inputs and aria-busy; none of it while typing', async () => {
    const el = await mount({ baseUrl: await silentUrl() });
    await typeInto(el, 'number', '4111');
    expect((await spinner(el)).content).to.equal('none');
    expect((await part(el, 'form')).animations).to.equal(0);
    el.reset();
    await settle(el);
    await fillValidCard(el);
    el.tokenize().catch(() => {});
    await settle(el);
    expect((await part(el, 'form')).attributes['aria-busy']).to.equal('true');
    expect((await spinner(el))['animation-name']).to.equal('pay-spin');
    const fields = await inputs(el);
    expect(fields.map((field) => field.attributes.id)).to.deep.equal(FIELDS);
    for (const field of fields) {
      expect(field.attributes, field.attributes.id).to.have.property('readonly');
      expect(field.styles['border-top-style'], field.attributes.id).to.equal('dashed');
    }
    await emulateMedia({ reducedMotion: 'reduce' });
    expect((await spinner(el))['animation-name']).to.equal('none');
    expect((await spinner(el)).content).to.not.equal('none');
    el.reset();
    await settle(el);
    expect((await part(el, 'form')).attributes['aria-busy']).to.equal('false');
    expect((await spinner(el)).content).to.equal('none');
    expect((await part(el, '#number', ['border-top-style'])).styles['border-top-style']).to.equal('solid');
  });

  it('success: "Visa •••• 1111 saved" until the next edit; busy and success each said once', async () => {
    const el = await mount();
    await fillValidCard(el);
    const said = await listen(el);
    await el.tokenize();
    await settle(el);
    const success = () => part(el, '[part~="success"]', ['display']);
    expect((await success()).text).to.equal('Visa •••• 1111 saved');
    expect((await success()).styles.display).to.not.equal('none');
    expect(await said()).to.deep.equal(['Checking your card. Please wait.', 'Visa card ending in 1111 accepted.']);
    await focusField(el, 'cvv');
    await press(el, 'Backspace');
    expect((await success()).text).to.equal('');
    expect((await success()).styles.display).to.equal('none');
  });

  it('success in Portuguese, cleared by reset, and hidden and unsaid with hide-success', async () => {
    const el = await mount({ locale: 'pt-BR' });
    await fillValidCard(el, '6362970000457013');
    await el.tokenize();
    await settle(el);
    expect(await text(el, 'success')).to.equal('Elo •••• 7013 salvo');
    el.reset();
    await settle(el);
    expect(await text(el, 'success')).to.equal('');

    const quiet = await mount();
    quiet.setAttribute('hide-success', '');
    await fillValidCard(quiet);
    const said = await listen(quiet);
    await quiet.tokenize();
    await settle(quiet);
    expect(quiet.hideSuccess).to.equal(true);
    expect(await text(quiet, 'success')).to.equal('');
    // The page says the outcome: a card its issuer then declines was never "accepted".
    expect(await said()).to.deep.equal(['Checking your card. Please wait.']);
  });

  it('after a failure the form is ready to retry, and a retry succeeds', async () => {
    const el = await mount({ publicKey: INACTIVE_KEY });
    await fillValidCard(el);
    await el.tokenize().catch(() => {});
    await settle(el);
    expect(await text(el, 'form-error')).to.not.equal('');
    expect((await part(el, '[part="submit"]')).attributes['aria-disabled']).to.equal('false');
    const fields = await inputs(el);
    expect(fields).to.have.length(4);
    for (const field of fields) expect(field.attributes, field.attributes.id).to.not.have.property('readonly');
    el.publicKey = ACTIVE_KEY;
    const result = await el.tokenize();
    await settle(el);
    expect(result.lastFourDigits).to.equal('1111');
    expect(await text(el, 'form-error')).to.equal('');
    expect(await text(el, 'success')).to.equal('Visa •••• 1111 saved');
  });

  it('reset clears fields, errors and the failure', async () => {
    const el = await mount({ publicKey: INACTIVE_KEY });
    const expectCleared = async () => {
      const fields = await inputs(el);
      expect(fields).to.have.length(4);
      for (const field of fields) expect(field.value, field.attributes.id).to.equal('');
      for (const id of FIELDS) expect(await errorOf(el, id), id).to.equal('');
      expect(await text(el, 'form-error')).to.equal('');
      expect(await text(el, 'success')).to.equal('');
    };
    await typeInto(el, 'number', '4111');
    await press(el, 'Tab');
    expect(await errorOf(el, 'number')).to.not.equal('');
    el.reset();
    await settle(el);
    await expectCleared();
    // An edit would clear a failure by itself: the card is complete when it fails, and reset clears it.
    await fillValidCard(el);
    await el.tokenize().catch(() => {});
    await settle(el);
    expect(await text(el, 'form-error')).to.not.equal('');
    el.reset();
    await settle(el);
    await expectCleared();
  });
});

describe('configuration checked on connect', () => {
  it('a missing base-url: one warning with the fix, one ConfigurationError, payment unavailable', async () => {
    const { el, warnings, errors } = await connect({ 'public-key': ACTIVE_KEY, locale: 'en' });
    try {
      expect(warnings).to.have.length(1);
      expect(warnings[0])
        .to.match(/baseUrl is missing/)
        .and.match(/base-url/);
      expect(errors).to.have.length(1);
      expect(errors[0]).to.be.instanceOf(ConfigurationError);
      expect(await text(el, 'form-error')).to.equal('Card payment is unavailable right now.');
      await expectAccessible(el);
    } finally {
      el.remove();
    }
  });

  // Nothing can be typed for nothing: inline, the form is there but locked; isolated, there is no
  // address to load the frame from, so there are no fields at all, and the host says why.
  if (isolated) {
    it('isolated: a missing base-url loads no frame; the host itself says payment is unavailable', async () => {
      const { el } = await connect({ 'public-key': ACTIVE_KEY, locale: 'en' });
      try {
        expect(el.shadowRoot!.querySelector('iframe')).to.equal(null);
        expect(await snap(el, '#number')).to.equal(null);
        const message = await part(el, '[part="form-error"]');
        expect(message.attributes.role).to.equal('alert');
        expect(message.hidden).to.equal(false);
        expect(message.text).to.equal('Card payment is unavailable right now.');
      } finally {
        el.remove();
      }
    });
  } else {
    it('inline: a missing base-url locks the fields and says why in the live region', async () => {
      const { el } = await connect({ 'public-key': ACTIVE_KEY, locale: 'en' });
      try {
        expect((await part(el, '[role="status"]')).text).to.equal('Card payment is unavailable right now.');
        await typeInto(el, 'number', '4111');
        expect((await part(el, '#number')).value).to.equal('');
        expect((await part(el, '[part="submit"]')).attributes['aria-disabled']).to.equal('true');
      } finally {
        el.remove();
      }
    });
  }

  it('a secret key: an AuthenticationError that calls it one, never repeated, never posted to the frame', async () => {
    const secret = 'sk_live_51SecretDoNotLog';
    // Everything the page posts over a channel port (the frame's settings go this way).
    const posted: string[] = [];
    const post = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: Parameters<MessagePort['postMessage']>) {
      posted.push(JSON.stringify(args[0]));
      return post.apply(this, args);
    } as MessagePort['postMessage'];
    let connected: Awaited<ReturnType<typeof connect>>;
    try {
      connected = await connect({ 'public-key': secret, 'base-url': await sandboxUrl(), locale: 'pt-BR' });
    } finally {
      MessagePort.prototype.postMessage = post;
    }
    const { el, warnings, errors } = connected;
    try {
      expect(errors).to.have.length(1);
      expect(errors[0]).to.be.instanceOf(AuthenticationError);
      expect(errors[0]!.message).to.match(/secret key/);
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.match(/secret key.*remove it from the page and rotate it/);
      expect(warnings[0]).to.not.include(secret);
      expect(errors[0]!.message).to.not.include(secret);
      // Isolated, the frame still gets its settings (it shows that payment is unavailable), without the key.
      if (isolated) expect(posted.some((message) => message.includes('"settings"'))).to.equal(true);
      expect(posted.join('\n')).to.not.include(secret);
      expect(await text(el, 'form-error')).to.equal('Pagamento com cartão indisponível no momento.');
      expect((await part(el, '[role="status"]')).text).to.equal('Pagamento com cartão indisponível no momento.');
      await expectAccessible(el);
      // Fixed: the form takes a card again.
      el.publicKey = ACTIVE_KEY;
      await settle(el);
      expect(await text(el, 'form-error')).to.equal('');
      await fillValidCard(el);
      expect((await el.tokenize()).lastFourDigits).to.equal('1111');
    } finally {
      el.remove();
    }
  });

  it('plain http to another machine is refused on connect; a good configuration says nothing', async () => {
    const bad = await connect({ 'public-key': ACTIVE_KEY, 'base-url': 'http://payments.example.com' });
    bad.el.remove();
    expect(bad.errors[0]).to.be.instanceOf(ConfigurationError);
    expect(bad.warnings).to.have.length(1);
    const good = await connect({ 'public-key': ACTIVE_KEY, 'base-url': await sandboxUrl() });
    good.el.remove();
    expect(good.errors).to.deep.equal([]);
    expect(good.warnings).to.deep.equal([]);
  });
});
