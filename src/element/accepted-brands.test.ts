import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ValidationError } from './errors.js';
import type { PayCardForm } from './pay-card-form.js';
import { brandOf, errorOf, fillValidCard, input, mount, typeInto, listen, settle } from './test-helpers.js';

/** Mounts a form that takes only `brands`. */
async function mountTaking(brands: string, locale = 'en'): Promise<PayCardForm> {
  const el = await mount({ locale });
  el.acceptedBrands = brands;
  await el.updateComplete;
  return el;
}

describe('accepted-brands', () => {
  it('names a refused brand while the shopper is still typing, and says it once', async () => {
    const el = await mountTaking('visa mastercard elo');
    const said = listen(el);
    await typeInto(el, 'number', '37');
    await settle(el);
    // Still focused, two digits in: the refusal does not wait for blur.
    expect(el.shadowRoot!.activeElement).to.equal(input(el, 'number'));
    expect(errorOf(el, 'number')).to.equal('American Express is not accepted here.');
    expect(input(el, 'number').getAttribute('aria-invalid')).to.equal('true');
    await sendKeys({ type: '8282246310005' });
    await sendKeys({ press: 'Tab' });
    await settle(el);
    expect(errorOf(el, 'number')).to.equal('American Express is not accepted here.');
    expect(said).to.deep.equal(['American Express is not accepted here.']);
    await expect(el).to.be.accessible();
  });

  it('refuses to tokenize a refused brand, even with every field valid', async () => {
    const el = await mountTaking('visa, elo');
    let tokenized = false;
    el.addEventListener('tokenized', () => (tokenized = true));
    await fillValidCard(el, '378282246310005');
    const error = await el.tokenize().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ValidationError);
    expect(error).to.include({ field: 'card.number', reason: 'brand_not_accepted' });
    expect(tokenized).to.equal(false);
    expect(el.validity!.valid).to.equal(false);
  });

  it('drops the refusal as soon as the number turns into an accepted brand', async () => {
    const el = await mountTaking('visa');
    const said = listen(el);
    await typeInto(el, 'number', '65');
    expect(errorOf(el, 'number')).to.equal('Discover is not accepted here.');
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: '4111' });
    await settle(el);
    expect(errorOf(el, 'number')).to.equal('');
    expect(brandOf(el)).to.equal('Visa');
    expect(said).to.deep.equal(['Discover is not accepted here.', 'Card brand: Visa.']);
  });

  it('longest prefix decides: 650031 is Elo, taken where only Elo is, while 65 alone is Discover', async () => {
    const el = await mountTaking('elo');
    await typeInto(el, 'number', '65003');
    expect(errorOf(el, 'number')).to.equal('Discover is not accepted here.');
    await sendKeys({ type: '1' });
    await el.updateComplete;
    expect(brandOf(el)).to.equal('Elo');
    expect(errorOf(el, 'number')).to.equal('');
  });

  it('speaks Portuguese, and applies a list set after the card was typed', async () => {
    const el = await mount({ locale: 'pt-BR' });
    await typeInto(el, 'number', '3841');
    expect(brandOf(el)).to.equal('Hipercard');
    expect(errorOf(el, 'number')).to.equal('');
    el.acceptedBrands = 'visa mastercard';
    await el.updateComplete;
    expect(errorOf(el, 'number')).to.equal('Não aceitamos Hipercard aqui.');
    el.acceptedBrands = '';
    await el.updateComplete;
    expect(errorOf(el, 'number')).to.equal('');
  });

  it('takes every brand by default: real Elo and Hipercard test cards tokenize', async () => {
    for (const [number, brand] of [
      ['6362970000457013', 'elo'],
      ['5066991111111118', 'elo'],
      ['6062828888666688', 'hipercard'],
    ]) {
      const el = await mount();
      await fillValidCard(el, number);
      const result = await el.tokenize();
      expect(result.brand, number).to.equal(brand);
      expect(result.lastFourDigits).to.equal(number.slice(-4));
    }
  });
});
