import { expect } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { AuthenticationError, ConfigurationError } from './errors.js';
import type { PayCardForm } from './pay-card-form.js';
import {
  ACTIVE_KEY,
  INACTIVE_KEY,
  errorOf,
  fillValidCard,
  input,
  mount,
  sandboxUrl,
  silentUrl,
  typeInto,
  listen,
  settle,
} from './test-helpers.js';

const part = (el: PayCardForm, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;
const button = (el: PayCardForm) => part(el, 'submit') as HTMLButtonElement;
const spinner = (el: PayCardForm) => getComputedStyle(button(el), '::before');
const inputs = (el: PayCardForm) => ['number', 'holderName', 'expiry', 'cvv'].map((id) => input(el, id));

/** Connects a form with the given attributes, listening before it connects, and records console warnings. */
async function connect(attributes: Record<string, string>) {
  const warnings: string[] = [];
  const errors: Error[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
  const el = document.createElement('pay-card-form');
  el.addEventListener('tokenize-error', (event) => errors.push(event.detail.error));
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  try {
    await settle(el);
  } finally {
    console.warn = warn;
  }
  return { el, warnings, errors };
}

describe('visible states', () => {
  afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('busy: a spinner in the button, read-only dashed inputs and aria-busy; none of it while typing', async () => {
    const el = await mount({ baseUrl: await silentUrl() });
    await typeInto(el, 'number', '4111');
    expect(spinner(el).content).to.equal('none');
    expect(el.shadowRoot!.getAnimations()).to.have.length(0);
    el.reset();
    await fillValidCard(el);
    el.tokenize().catch(() => {});
    await el.updateComplete;
    expect(part(el, 'form').getAttribute('aria-busy')).to.equal('true');
    expect(spinner(el).animationName).to.equal('pay-spin');
    for (const field of inputs(el)) {
      expect(field.readOnly, field.id).to.equal(true);
      expect(getComputedStyle(field).borderTopStyle, field.id).to.equal('dashed');
    }
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(spinner(el).animationName).to.equal('none');
    expect(spinner(el).content).to.not.equal('none');
    el.reset();
    await el.updateComplete;
    expect(part(el, 'form').getAttribute('aria-busy')).to.equal('false');
    expect(spinner(el).content).to.equal('none');
    expect(getComputedStyle(input(el, 'number')).borderTopStyle).to.equal('solid');
  });

  it('success: "Visa •••• 1111 saved" until the next edit; busy and success each said once', async () => {
    const el = await mount();
    await fillValidCard(el);
    const said = listen(el);
    await el.tokenize();
    await settle(el);
    expect(part(el, 'success').textContent).to.equal('Visa •••• 1111 saved');
    expect(getComputedStyle(part(el, 'success')).display).to.not.equal('none');
    expect(said).to.deep.equal(['Checking your card. Please wait.', 'Visa card ending in 1111 accepted.']);
    input(el, 'cvv').focus();
    await sendKeys({ press: 'Backspace' });
    await el.updateComplete;
    expect(part(el, 'success').textContent).to.equal('');
    expect(getComputedStyle(part(el, 'success')).display).to.equal('none');
  });

  it('success in Portuguese, cleared by reset, and hidden by hide-success', async () => {
    const el = await mount({ locale: 'pt-BR' });
    await fillValidCard(el, '6362970000457013');
    await el.tokenize();
    await el.updateComplete;
    expect(part(el, 'success').textContent).to.equal('Elo •••• 7013 salvo');
    el.reset();
    await el.updateComplete;
    expect(part(el, 'success').textContent).to.equal('');

    const quiet = await mount();
    quiet.setAttribute('hide-success', '');
    await fillValidCard(quiet);
    await quiet.tokenize();
    await quiet.updateComplete;
    expect(quiet.hideSuccess).to.equal(true);
    expect(part(quiet, 'success').textContent).to.equal('');
  });

  it('after a failure the form is ready to retry, and a retry succeeds', async () => {
    const el = await mount({ publicKey: INACTIVE_KEY });
    await fillValidCard(el);
    await el.tokenize().catch(() => {});
    await el.updateComplete;
    expect(part(el, 'form-error').textContent).to.not.equal('');
    expect(button(el).getAttribute('aria-disabled')).to.equal('false');
    for (const field of inputs(el)) expect(field.readOnly, field.id).to.equal(false);
    el.publicKey = ACTIVE_KEY;
    const result = await el.tokenize();
    await el.updateComplete;
    expect(result.lastFourDigits).to.equal('1111');
    expect(part(el, 'form-error').textContent).to.equal('');
    expect(part(el, 'success').textContent).to.equal('Visa •••• 1111 saved');
  });

  it('reset clears fields, errors, the failure and the confirmation', async () => {
    const el = await mount({ publicKey: INACTIVE_KEY });
    await typeInto(el, 'number', '4111');
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    expect(errorOf(el, 'number')).to.not.equal('');
    await fillValidCard(el);
    await el.tokenize().catch(() => {});
    el.reset();
    await el.updateComplete;
    for (const field of inputs(el)) expect(field.value, field.id).to.equal('');
    for (const id of ['number', 'holderName', 'expiry', 'cvv']) expect(errorOf(el, id), id).to.equal('');
    expect(part(el, 'form-error').textContent).to.equal('');
    expect(part(el, 'success').textContent).to.equal('');
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
      expect(part(el, 'form-error').textContent).to.equal('Card payment is unavailable right now.');
      expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal('Card payment is unavailable right now.');
      // Nothing can be typed for nothing.
      await typeInto(el, 'number', '4111');
      expect(input(el, 'number').value).to.equal('');
      expect(button(el).getAttribute('aria-disabled')).to.equal('true');
      await expect(el).to.be.accessible();
    } finally {
      el.remove();
    }
  });

  it('a malformed key: an AuthenticationError, and the warning never repeats the key', async () => {
    const secret = 'sk_live_51SecretDoNotLog';
    const { el, warnings, errors } = await connect({ 'public-key': secret, 'base-url': await sandboxUrl(), locale: 'pt-BR' });
    try {
      expect(errors).to.have.length(1);
      expect(errors[0]).to.be.instanceOf(AuthenticationError);
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.match(/public key/);
      expect(warnings[0]).to.not.include(secret);
      expect(errors[0]!.message).to.not.include(secret);
      expect(part(el, 'form-error').textContent).to.equal('Pagamento com cartão indisponível no momento.');
      await expect(el).to.be.accessible();
      // Fixed: the form takes a card again.
      el.publicKey = ACTIVE_KEY;
      await el.updateComplete;
      expect(part(el, 'form-error').textContent).to.equal('');
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
