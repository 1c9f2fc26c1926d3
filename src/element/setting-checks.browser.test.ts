/**
 * Every setting is held to its row of the settings table before anything
 * crosses, the same in both modes: what the frame would refuse never
 * crosses, so the isolated form renders as the inline one does, the page's
 * console names the setting and its limit, and no setting ever leaves the
 * form blank or is reported as a failure of the frame.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { LIMITS } from '../channel/protocol.js';
import { SETTINGS, type SettingName } from '../channel/settings.js';
import { ConfigurationError, FrameError } from '../shared/errors.js';
import { AuthenticationError } from '../tokenize/errors.js';
import type { MessageOverrides } from '../form/messages.js';
import type { PayCardForm } from './pay-card-form.js';
import {
  ACTIVE_KEY,
  MODE,
  captureWarnings,
  fillValidCard,
  part,
  ready,
  sandboxUrl,
  saysUnavailable,
  settle,
  snap,
} from './test-helpers.js';

/** Mounts with `attributes` and `messages` set before the first render, as a page's markup and script would. */
async function mountWith(attributes: { locale?: string; submitLabel?: string }, messages: MessageOverrides | null = null) {
  const { warnings, restore } = captureWarnings();
  try {
    const el = await fixture<PayCardForm>(
      html`<pay-card-form
        mode=${MODE}
        public-key=${ACTIVE_KEY}
        base-url=${await sandboxUrl()}
        locale=${attributes.locale ?? 'en'}
        submit-label=${attributes.submitLabel ?? ''}
        show-brands
        .messages=${messages}
      ></pay-card-form>`,
    );
    await ready(el);
    return { el, warnings };
  } finally {
    restore();
  }
}

/** The form is shown and takes a card: a token comes back. */
async function takesACard(el: PayCardForm) {
  await fillValidCard(el);
  const result = await el.tokenize();
  expect(result.token).to.match(/^tok_/);
}

describe('settings and their limits', () => {
  it('messages.acceptedBrands names the row of accepted brands', async () => {
    const { el, warnings } = await mountWith({}, { acceptedBrands: 'Bandeiras aceitas' });
    expect((await part(el, '[part="brands"]')).attributes['aria-label']).to.equal('Bandeiras aceitas');
    expect(warnings).to.deep.equal([]);
    await takesACard(el);
  });

  it('a submit-label at its limit is shown; one past it warns once, and the default label is shown', async () => {
    const atLimit = 'P'.repeat(LIMITS.submitLabel);
    const { el: fits, warnings: none } = await mountWith({ submitLabel: atLimit });
    expect((await part(fits, '[part="submit"]')).text.trim()).to.equal(atLimit);
    expect(none).to.deep.equal([]);

    const { el, warnings } = await mountWith({ submitLabel: 'P'.repeat(LIMITS.submitLabel + 1) });
    expect(warnings).to.deep.equal([
      `<pay-card-form>: submit-label must be at most ${LIMITS.submitLabel} characters, so it is not used: the form shows its default instead.`,
    ]);
    expect((await part(el, '[part="submit"]')).text.trim()).to.equal('Pay');
    await takesACard(el);
  });

  it('a locale past its limit warns once, and the form speaks its default language', async () => {
    const { el, warnings } = await mountWith({ locale: `pt-BR-${'x'.repeat(LIMITS.lang)}` });
    expect(warnings).to.deep.equal([
      `<pay-card-form>: locale must be a language tag of at most ${LIMITS.lang} characters, so it is not used: the form shows its default instead.`,
    ]);
    expect((await part(el, 'label[for="number"]')).text.trim()).to.equal('Card number');
    await takesACard(el);
  });

  it('a brand name as long as any sentence is used; one past the limit warns once, and the other overrides still apply', async () => {
    const { el: fits, warnings: none } = await mountWith({}, { brandNames: { visa: 'V'.repeat(LIMITS.sentence) } });
    expect(none).to.deep.equal([]);
    await fillValidCard(fits);
    expect((await part(fits, '[part~="brand"]')).text).to.equal('V'.repeat(LIMITS.sentence));

    const { el, warnings } = await mountWith({}, { brandNames: { visa: 'V'.repeat(LIMITS.sentence + 1) }, submit: 'Pagar' });
    expect(warnings).to.deep.equal([
      `<pay-card-form>: messages.brandNames must be at most ${LIMITS.sentence} characters, so it is not used: the form shows its default instead.`,
    ]);
    expect((await part(el, '[part="submit"]')).text.trim()).to.equal('Pagar');
    await takesACard(el);
    expect((await part(el, '[part="success"]')).text).to.contain('Visa');
  });

  it('a messages key that names no sentence warns once, naming it', async () => {
    const { el, warnings } = await mountWith({}, { submitt: 'Pagar' } as MessageOverrides);
    expect(warnings).to.deep.equal([
      '<pay-card-form>: messages.submitt names no sentence of the form (a typo?), so it is not used: the form shows its default instead.',
    ]);
    expect((await part(el, '[part="submit"]')).text.trim()).to.equal('Pay');
    await takesACard(el);
  });

  it("an override not of its sentence's shape warns once, naming it, and the other overrides still apply", async () => {
    const { el, warnings } = await mountWith({}, {
      errors: { requird: 'Falta' },
      brandNames: { visa: 42 },
      submit: 'Pagar',
    } as unknown as MessageOverrides);
    const shape = 'is not of the shape its sentence takes (a key it does not have, or a value that is not text)';
    expect(warnings).to.deep.equal([
      `<pay-card-form>: messages.errors ${shape}, so it is not used: the form shows its default instead.`,
      `<pay-card-form>: messages.brandNames ${shape}, so it is not used: the form shows its default instead.`,
    ]);
    expect((await part(el, '[part="submit"]')).text.trim()).to.equal('Pagar');
    await takesACard(el);
    expect((await part(el, '[part="success"]')).text).to.contain('Visa');
  });

  it('the same setting set again warns no more', async () => {
    const { el, warnings } = await mountWith({ submitLabel: 'P'.repeat(LIMITS.submitLabel + 1) });
    const { warnings: later, restore } = captureWarnings();
    try {
      el.locale = 'pt-BR';
      await ready(el);
      el.locale = 'en';
      await ready(el);
    } finally {
      restore();
    }
    expect(warnings).to.have.length(1);
    expect(later).to.deep.equal([]);
  });

  it('an unusable setting is told once, even when another setting changes before it is told', async () => {
    const { restore } = captureWarnings();
    const el = document.createElement('pay-card-form');
    try {
      Object.assign(el, { mode: MODE, publicKey: ACTIVE_KEY, baseUrl: await sandboxUrl(), locale: 'en', installments: 'not JSON' });
      const heard: Error[] = [];
      el.addEventListener('tokenize-error', (event) => heard.push(event.detail.error));
      document.body.append(el);
      await el.updateComplete;
      // Another setting changes, and the element updates, before the error is told (a task later; isolated, the
      // first update completes in microtasks, so this update comes first).
      el.locale = 'pt-BR';
      await el.updateComplete;
      const rejected = await el.ready.then(
        () => null,
        (error: Error) => error,
      );
      await new Promise((done) => setTimeout(done));
      expect(heard).to.have.length(1);
      expect(heard[0]).to.be.instanceOf(ConfigurationError);
      expect(heard[0]).to.equal(el.error);
      expect(rejected).to.equal(el.error);
    } finally {
      restore();
      el.remove();
    }
  });

  describe('every row of the settings table, with a value it refuses', () => {
    const HOSTILE = '<img src=x onerror="window.hostile=1">"; } :host { display: none } \u0000';
    /** What each kind of row is given: a value of the wrong type, one too long for its limit, and hostile text. */
    const cases = (name: SettingName): [string, unknown][] => {
      const row = SETTINGS[name];
      if (row.kind === 'boolean')
        return [
          ['wrong type', 'yes'],
          ['hostile', HOSTILE],
        ];
      if (row.kind === 'number')
        return [
          ['wrong type', true],
          // Text is read as the attribute is ('2500' is 2500, as Vue and Svelte pass it): text that is no number is refused.
          ['text that is not a number', '25,00'],
          ['a float', 159.9],
          ['hostile', HOSTILE],
        ];
      if (name === 'installments')
        return [
          ['wrong type', true],
          ['too long, not JSON', 'x'.repeat(1_001)],
          ['hostile', HOSTILE],
        ];
      if (name === 'messages')
        return [
          ['wrong type', 'Pagar'],
          ['hostile', HOSTILE],
        ];
      return [
        ['wrong type', 42],
        ['too long', 'x'.repeat(5_000)],
        ['hostile', HOSTILE],
      ];
    };
    /** What the form must do: take a card with the default in its place, or refuse to with this error (never a FrameError). */
    const expected = (name: SettingName, value: unknown): 'takes a card' | typeof ConfigurationError | typeof AuthenticationError => {
      if (name === 'publicKey') return AuthenticationError;
      if (name === 'baseUrl') return ConfigurationError;
      // Only the isolated form has a frame to load: inline, `frame-url` is not read.
      if (name === 'frameUrl') return typeof value === 'string' && MODE === 'isolated' ? ConfigurationError : 'takes a card';
      return SETTINGS[name].otherwise === 'unavailable' ? ConfigurationError : 'takes a card';
    };

    for (const name of Object.keys(SETTINGS) as SettingName[]) {
      for (const [label, value] of cases(name)) {
        it(`${name}: ${label}`, async () => {
          const { warnings, restore } = captureWarnings();
          const el = document.createElement('pay-card-form');
          try {
            Object.assign(el, { mode: MODE, publicKey: ACTIVE_KEY, baseUrl: await sandboxUrl(), locale: 'en' });
            // The amount matters only with a plan to split: set one, so a refused amount shows.
            if (name === 'amount') el.installments = { maxInstallments: 3, interestFree: 3, monthlyRate: '0', minInstallment: 500 };
            (el as unknown as Record<string, unknown>)[name] = value;
            document.body.append(el);
            const outcome = await el.ready.then(
              () => 'takes a card' as const,
              (error: Error) => error,
            );
            await settle(el);
            const want = expected(name, value);
            expect(outcome).to.not.be.instanceOf(FrameError);
            expect((window as { hostile?: number }).hostile).to.equal(undefined);
            const iframe = el.shadowRoot!.querySelector('iframe');
            if (want === 'takes a card') {
              expect(outcome).to.equal('takes a card');
              expect(el.error).to.equal(null);
              // A mode it refuses runs isolated, whatever this run's mode.
              if (name === 'mode') expect(iframe, 'the form runs isolated').to.not.equal(null);
              else expect(await snap(el, '#number'), 'the card form is shown').to.not.equal(null);
            } else {
              expect(outcome).to.be.instanceOf(want);
              expect(el.error).to.equal(outcome);
              expect((outcome as Error).message).to.not.contain(HOSTILE);
              // Never blank: the shopper reads that card payment is unavailable, from the host or in the frame.
              const fallback = el.shadowRoot!.querySelector<HTMLElement>('[part="form-error"]');
              if (iframe) {
                await saysUnavailable(el);
                expect((await part(el, '#form-error')).text).to.match(/unavailable/i);
              } else if (MODE === 'inline' && !iframe) expect((await snap(el, '[part="form-error"]'))?.text).to.match(/unavailable/i);
              if (!iframe && fallback && !fallback.hidden) expect(fallback.textContent).to.match(/unavailable/i);
            }
            // Said once, naming the setting, never echoing what it was given.
            const named = warnings.filter((warning) => warning.includes(String(SETTINGS[name].attribute || name)));
            if (want === 'takes a card' && !SETTINGS[name].check(value)) expect(named).to.have.length(1);
            for (const warning of warnings) expect(warning).to.not.contain(String(value).slice(0, 40) || '\u0001');
          } finally {
            restore();
            el.remove();
          }
        });
      }
    }
  });
});
