import { expect } from '@open-wc/testing';
import { ValidationError } from '../tokenize/errors.js';
import type { PayCardForm } from './pay-card-form.js';
import {
  brandOf,
  errorOf,
  expectAccessible,
  fillValidCard,
  focusedIn,
  listen,
  mount,
  part,
  press,
  settle,
  typeHere,
  typeInto,
} from './test-helpers.js';

/**
 * Counts the element's updates that end with another one already asked for
 * from inside them: what Lit's development build warns about as
 * "change-in-update", once a page; counted here on every update.
 */
function nestedUpdates(el: PayCardForm): () => number {
  let nested = 0;
  el.addController({ hostUpdated: () => void (el.isUpdatePending && nested++) });
  return () => nested;
}

/** Mounts a form that takes only `brands`. */
async function mountTaking(brands: string, locale = 'en'): Promise<PayCardForm> {
  const el = await mount({ locale });
  el.acceptedBrands = brands;
  await settle(el);
  return el;
}

describe('accepted-brands', () => {
  it('names a refused brand while the shopper is still typing, and says it once', async () => {
    const el = await mountTaking('visa mastercard elo');
    const said = await listen(el);
    const nested = nestedUpdates(el);
    await typeInto(el, 'number', '37');
    // Still focused, two digits in: the refusal does not wait for blur.
    expect(await focusedIn(el)).to.equal('number');
    expect(await errorOf(el, 'number')).to.equal('American Express is not accepted here.');
    expect((await part(el, '#number')).attributes['aria-invalid']).to.equal('true');
    await typeHere(el, '8282246310005');
    await press(el, 'Tab');
    expect(await errorOf(el, 'number')).to.equal('American Express is not accepted here.');
    expect(await said()).to.deep.equal(['American Express is not accepted here.']);
    expect(nested(), 'updates asked for from inside an update').to.equal(0);
    await expectAccessible(el);
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
    const said = await listen(el);
    await typeInto(el, 'number', '65');
    expect(await errorOf(el, 'number')).to.equal('Discover is not accepted here.');
    await press(el, 'Backspace');
    await press(el, 'Backspace');
    await typeHere(el, '4111');
    expect(await errorOf(el, 'number')).to.equal('');
    expect(await brandOf(el)).to.equal('Visa');
    expect(await said()).to.deep.equal(['Discover is not accepted here.', 'Card brand: Visa.']);
  });

  it('longest prefix decides: 650031 is Elo, taken where only Elo is, while 65 alone is Discover', async () => {
    const el = await mountTaking('elo');
    await typeInto(el, 'number', '65003');
    expect(await errorOf(el, 'number')).to.equal('Discover is not accepted here.');
    await typeHere(el, '1');
    expect(await brandOf(el)).to.equal('Elo');
    expect(await errorOf(el, 'number')).to.equal('');
  });

  it('speaks Portuguese, and applies a list set after the card was typed, each in one update', async () => {
    const el = await mount({ locale: 'pt-BR' });
    await typeInto(el, 'number', '3841');
    expect(await brandOf(el)).to.equal('Hipercard');
    expect(await errorOf(el, 'number')).to.equal('');
    const said = await listen(el);
    const nested = nestedUpdates(el);
    el.acceptedBrands = 'visa mastercard';
    await settle(el);
    expect(await errorOf(el, 'number')).to.equal('Não aceitamos Hipercard aqui.');
    expect(await said()).to.deep.equal(['Não aceitamos Hipercard aqui.']);
    el.acceptedBrands = '';
    await settle(el);
    expect(await errorOf(el, 'number')).to.equal('');
    // The refusal shows in the update that applies the list, and is said after it, not from inside it.
    expect(nested(), 'updates asked for from inside an update').to.equal(0);
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
