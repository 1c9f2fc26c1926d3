/**
 * Settings near and past their limits read the same in both modes: what the
 * frame would refuse never crosses, so the isolated form renders as the
 * inline one does, and the page's console names the setting and why it is
 * not used.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { LIMITS } from '../channel/protocol.js';
import type { MessageOverrides } from '../form/messages.js';
import type { PayCardForm } from './pay-card-form.js';
import { ACTIVE_KEY, MODE, captureWarnings, fillValidCard, part, ready, sandboxUrl } from './test-helpers.js';

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
      `<pay-card-form>: submit-label has a text longer than ${LIMITS.submitLabel} characters, so it is not used: the form shows its default instead.`,
    ]);
    expect((await part(el, '[part="submit"]')).text.trim()).to.equal('Pay');
    await takesACard(el);
  });

  it('a locale past its limit warns once, and the form speaks its default language', async () => {
    const { el, warnings } = await mountWith({ locale: `pt-BR-${'x'.repeat(LIMITS.lang)}` });
    expect(warnings).to.deep.equal([
      `<pay-card-form>: locale (or lang) has a text longer than ${LIMITS.lang} characters, so it is not used: the form shows its default instead.`,
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
      `<pay-card-form>: messages.brandNames has a text longer than ${LIMITS.sentence} characters, so it is not used: the form shows its default instead.`,
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
});
