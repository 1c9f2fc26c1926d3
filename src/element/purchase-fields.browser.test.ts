import { expect, fixture, html } from '@open-wc/testing';
import { ValidationError } from '../tokenize/errors.js';
import { ConfigurationError } from '../shared/errors.js';
import type { ChangeDetail } from '../form/change-detail.js';
import type { PayCardForm } from './pay-card-form.js';
import {
  ACTIVE_KEY,
  captureWarnings,
  errorOf,
  expectAccessible,
  fillValidCard,
  focusedIn,
  focusOn,
  listen,
  MODE,
  mount,
  part,
  press,
  ready,
  sandboxUrl,
  settle,
  shown,
  snapAll,
  typeHere,
  typeInto,
  valueOf,
} from './test-helpers.js';

/** The policy of the example: up to 12×, 3× sem juros, 1.99 % a month after, R$ 5,00 at least. */
const POLICY = { maxInstallments: 12, interestFree: 3, monthlyRate: '1.99', minInstallment: 500 };
/** What pt-BR puts between "R$" and the amount. */
const NBSP = '\u00a0';

/** Mounts the form with Parcelas for R$ 159,90. */
async function mountWithPlans(locale = 'en', amount = 15990): Promise<PayCardForm> {
  const el = await mount({ locale });
  el.amount = amount;
  el.installments = POLICY;
  await settle(el);
  await shown(el, '#installments option');
  await settle(el);
  return el;
}

/** The options the select shows, as text. */
const optionTexts = async (el: PayCardForm) => (await snapAll(el, '#installments option')).map((option) => option.text);

/** Collects the `change` details fired from now on. */
function changes(el: PayCardForm): ChangeDetail[] {
  const details: ChangeDetail[] = [];
  el.addEventListener('change', (event) => details.push((event as CustomEvent<ChangeDetail>).detail));
  return details;
}

/** Resolves with the next `tokenize-error`: a problem with the settings is found once the fields' module has loaded. */
const reported = (el: PayCardForm) =>
  new Promise<Error>((resolve) =>
    el.addEventListener('tokenize-error', (event) => resolve((event as CustomEvent<{ error: Error }>).detail.error), { once: true }),
  );

/** Chooses an option the way a keyboard user does: focus the select and type the count. */
async function choose(el: PayCardForm, count: string): Promise<void> {
  await focusOn(el, '#installments');
  await typeHere(el, count);
}

describe('Parcelas (installments)', () => {
  it('lists every option with Intl amounts: sem juros, then the Price table with its total (pt-BR)', async () => {
    const el = await mountWithPlans('pt-BR');
    const texts = await optionTexts(el);
    // Amounts computed apart from the code under test (Python's decimal, rounded half-up).
    expect(texts).to.have.length(12);
    expect(texts[0]).to.equal(`1x de R$${NBSP}159,90 sem juros`);
    expect(texts[2]).to.equal(`3x de R$${NBSP}53,30 sem juros`);
    expect(texts[3]).to.equal(`4x de R$${NBSP}41,98 (total R$${NBSP}167,92)`);
    expect(texts[11]).to.equal(`12x de R$${NBSP}15,11 (total R$${NBSP}181,32)`);
    expect((await part(el, 'label[for="installments"]')).text).to.equal('Parcelas');
    expect(await valueOf(el, 'installments')).to.equal('1');
    await expectAccessible(el);
  });

  it('says the same in English', async () => {
    const el = await mountWithPlans('en');
    const texts = await optionTexts(el);
    expect(texts[1]).to.equal('2 × R$79.95, interest-free');
    expect(texts[5]).to.equal('6 × R$28.54 (total R$171.24)');
    expect((await part(el, 'label[for="installments"]')).text).to.equal('Installments');
  });

  it("takes the merchant's own wording, any sentence of it, in both modes", async () => {
    const el = await mount({ locale: 'pt-BR' });
    el.messages = {
      installments: {
        label: 'Em quantas vezes?',
        free: (count, each) => `${count}x sem juros de ${each}`,
        interest: (count, each, total) => `${count}x de ${each}, total ${total}`,
      },
    };
    el.amount = 15990;
    el.installments = POLICY;
    await settle(el);
    await shown(el, '#installments option');
    await settle(el);
    const texts = await optionTexts(el);
    expect(texts[2]).to.equal(`3x sem juros de R$${NBSP}53,30`);
    expect(texts[11]).to.equal(`12x de R$${NBSP}15,11, total R$${NBSP}181,32`);
    expect((await part(el, 'label[for="installments"]')).text).to.equal('Em quantas vezes?');
    // A sentence left out keeps the built-in one.
    await choose(el, '6');
    const said = await listen(el);
    el.amount = 2000;
    await settle(el);
    expect(await said()).to.deep.equal([`6x não está disponível para este valor. Agora: 1x sem juros de R$${NBSP}20,00.`]);
  });

  it('hands the chosen plan to the page: change detail and el.plan; tokenized stays the TokenizeResult', async () => {
    const el = await mountWithPlans();
    const details = changes(el);
    await choose(el, '6');
    expect(await valueOf(el, 'installments')).to.equal('6');
    const plan = { count: 6, installment: 2854, firstInstallment: 2854, total: 17124, interestFree: false };
    expect(details.at(-1)?.plan).to.deep.equal(plan);
    expect(el.plan).to.deep.equal(plan);
    await fillValidCard(el);
    const result = await el.tokenize();
    expect(Object.keys(result).sort()).to.deep.equal([
      'brand',
      'expirationMonth',
      'expirationYear',
      'firstSixDigits',
      'lastFourDigits',
      'token',
    ]);
    expect(el.plan).to.deep.equal(plan);
  });

  it('follows the amount: keeps the count while it is offered, falls back to 1x when not, and says both', async () => {
    const el = await mountWithPlans();
    await choose(el, '6');
    const said = await listen(el);
    el.amount = 20000;
    await settle(el);
    expect(await valueOf(el, 'installments')).to.equal('6');
    expect(el.plan).to.include({ count: 6, installment: 3569, total: 21414 });
    // R$ 20,00: 6 × R$ 3,57 is under the R$ 5,00 minimum.
    el.amount = 2000;
    await settle(el);
    expect(await valueOf(el, 'installments')).to.equal('1');
    expect(el.plan).to.include({ count: 1, total: 2000 });
    expect((await optionTexts(el)).map((text) => text.split(' ')[0])).to.deep.equal(['1', '2', '3', '4']);
    expect(await said()).to.deep.equal([
      'The amount changed. Installments: 6 × R$35.69 (total R$214.14).',
      '6 installments are not offered for this amount. Now: 1 × R$20.00, interest-free.',
    ]);
  });

  it('shows under the select, not only to screen readers, that a new amount dropped the count, until one is chosen again', async () => {
    const el = await mountWithPlans('pt-BR');
    expect((await part(el, '#installments-note')).hidden).to.equal(true);
    await focusOn(el, '#installments');
    await press(el, 'End');
    expect(await valueOf(el, 'installments')).to.equal('12');
    const said = await listen(el);
    // R$ 49,90: 12x would be under the R$ 5,00 minimum.
    el.amount = 4990;
    await settle(el);
    expect(await valueOf(el, 'installments')).to.equal('1');
    const note = await part(el, '#installments-note', ['display']);
    const sentence = `12x não está disponível para este valor. Agora: 1x de R$${NBSP}49,90 sem juros.`;
    expect(note.text).to.equal(sentence);
    expect(note.hidden).to.equal(false);
    expect(note.styles.display).to.not.equal('none');
    expect(note.rect.height).to.be.greaterThan(0);
    expect(note.attributes.part).to.equal('installments-note');
    // Described by the note, which is no live region of its own: the sentence is said once, by the form's region.
    expect((await part(el, '#installments')).attributes['aria-describedby']).to.equal('installments-note');
    expect(note.attributes['aria-live']).to.equal(undefined);
    expect(note.attributes.role).to.equal(undefined);
    expect(await said()).to.deep.equal([sentence]);
    await expectAccessible(el);
    await choose(el, '2');
    expect(await valueOf(el, 'installments')).to.equal('2');
    expect((await part(el, '#installments-note')).hidden).to.equal(true);
    // An amount that offers the count again leaves no note.
    el.amount = 15990;
    await settle(el);
    expect((await part(el, '#installments-note')).hidden).to.equal(true);
  });

  it('says a policy it cannot use once, in the console and in tokenize-error, and takes no card until it is fixed', async () => {
    const el = await mount();
    const errors: Error[] = [];
    el.addEventListener('tokenize-error', (event) => errors.push((event as CustomEvent<{ error: Error }>).detail.error));
    const capture = captureWarnings();
    try {
      el.amount = 15990;
      el.installments = { ...POLICY, monthlyRate: '1,99' };
      await reported(el);
      el.requestUpdate();
      await settle(el);
      expect(capture.warnings).to.have.length(1);
      expect(capture.warnings[0]).to.match(/^<pay-card-form> cannot offer installments: monthlyRate must be the percent per month/);
      expect(errors).to.have.length(1);
      expect(errors[0]).to.be.instanceOf(ConfigurationError);
      expect(errors[0]!.message).to.contain('monthlyRate');
      expect(await errorOf(el, 'form')).to.equal('Card payment is unavailable right now.');
      expect((await part(el, '#number')).attributes.readonly).to.equal('');
      const refused = await el.tokenize().catch((error: Error) => error);
      expect(refused).to.be.instanceOf(ConfigurationError);
      expect(errors).to.have.length(2);

      el.installments = POLICY;
      await settle(el);
      expect(await errorOf(el, 'form')).to.equal('');
      await fillValidCard(el);
      expect((await el.tokenize()).token).to.match(/^tok_/);
      expect(capture.warnings).to.have.length(1);
    } finally {
      capture.restore();
    }
  });

  it('names an installments attribute that is not JSON', async () => {
    const el = await mount();
    const capture = captureWarnings();
    try {
      el.setAttribute('installments', '{maxInstallments: 12}');
      await reported(el);
      expect(capture.warnings).to.have.length(1);
      expect(capture.warnings[0]).to.contain('installments must be a JSON object');
      expect(capture.warnings[0]).to.contain('(its text is not JSON)');
      el.setAttribute('installments', JSON.stringify(POLICY));
      el.setAttribute('amount', '15990');
      await settle(el);
      await shown(el, '#installments option');
      expect(await optionTexts(el)).to.have.length(12);
    } finally {
      capture.restore();
    }
  });

  it('reads amount and installments set as properties holding text (as Vue and Svelte set them) as it reads the attributes', async () => {
    const el = await mount();
    const capture = captureWarnings();
    try {
      // What a Vue or Svelte template with amount="15990" and installments='{…}' does: the property exists, so they set it to the text.
      Object.assign(el, { amount: '15990', installments: JSON.stringify(POLICY) });
      await settle(el);
      await shown(el, '#installments option');
      expect(await optionTexts(el)).to.have.length(12);
      expect(capture.warnings).to.deep.equal([]);
      await fillValidCard(el);
      expect((await el.tokenize()).token).to.match(/^tok_/);
      expect(el.plan?.total).to.equal(15990);

      Object.assign(el, { installments: '{maxInstallments: 12}' });
      await reported(el);
      expect(capture.warnings).to.have.length(1);
      expect(capture.warnings[0]).to.contain('(its text is not JSON)');
    } finally {
      capture.restore();
    }
  });
});

describe('CPF ou CNPJ (collect-tax-id)', () => {
  async function mountWithTaxId(locale = 'en'): Promise<PayCardForm> {
    const el = await mount({ locale });
    el.collectTaxId = true;
    await settle(el);
    await shown(el, '#taxId');
    return el;
  }

  it('masks a CPF as it is typed and hands the page the normalized document', async () => {
    const el = await mountWithTaxId('pt-BR');
    const details = changes(el);
    expect((await part(el, 'label[for="taxId"]')).text).to.equal('CPF ou CNPJ');
    await typeInto(el, 'taxId', '12345678909');
    expect(await valueOf(el, 'taxId')).to.equal('123.456.789-09');
    expect(details.at(-1)?.taxId).to.deep.equal({ kind: 'cpf', value: '12345678909' });
    expect(details.at(-1)?.fields.taxId).to.deep.equal({ valid: true, error: null });
    expect(el.taxId).to.deep.equal({ kind: 'cpf', value: '12345678909' });
    await expectAccessible(el);
  });

  it("takes the Receita's alphanumeric CNPJ, typed in lower case", async () => {
    const el = await mountWithTaxId();
    await typeInto(el, 'taxId', '12abc34501de35');
    expect(await valueOf(el, 'taxId')).to.equal('12.ABC.345/01DE-35');
    expect(el.taxId).to.deep.equal({ kind: 'cnpj', value: '12ABC34501DE35' });
  });

  it('shows a wrong check digit on blur, refuses to tokenize it, and puts focus on it', async () => {
    const el = await mountWithTaxId();
    await fillValidCard(el);
    const said = await listen(el);
    await typeInto(el, 'taxId', '12345678900');
    expect(await errorOf(el, 'taxId')).to.equal('');
    await press(el, 'Tab');
    expect(await errorOf(el, 'taxId')).to.equal('Check the CPF or CNPJ.');
    expect((await part(el, '#taxId')).attributes['aria-invalid']).to.equal('true');
    expect(el.taxId).to.equal(null);
    let tokenized = false;
    el.addEventListener('tokenized', () => (tokenized = true));
    const refused = await el.tokenize().catch((error: Error) => error);
    expect(refused).to.be.instanceOf(ValidationError);
    expect(refused).to.include({ field: 'customer.tax_id', reason: 'invalid' });
    await settle(el);
    expect(await focusedIn(el)).to.equal('taxId');
    expect(await said()).to.deep.equal(['Check the CPF or CNPJ.', 'Please correct 1 field. Check the CPF or CNPJ.']);
    expect(tokenized).to.equal(false);
    expect(el.validationMessage).to.equal('Check the CPF or CNPJ.');
  });

  it('calls a partial document incomplete, and the card not complete until it is whole', async () => {
    const el = await mountWithTaxId();
    const details = changes(el);
    await fillValidCard(el);
    expect(details.at(-1)?.complete).to.equal(false);
    await typeInto(el, 'taxId', '1234567');
    await press(el, 'Tab');
    expect(await errorOf(el, 'taxId')).to.equal('The CPF or CNPJ is incomplete.');
    await focusOn(el, '#taxId');
    await typeHere(el, '8909');
    expect(await errorOf(el, 'taxId')).to.equal('');
    expect(details.at(-1)?.complete).to.equal(true);
  });
});

describe('Parcelas and the document in a page form', () => {
  it('submits the plan and the document beside the token, and keeps the keyboard order', async () => {
    const baseUrl = await sandboxUrl();
    const form = await fixture<HTMLFormElement>(
      html`<form>
        <pay-card-form
          name="card"
          mode=${MODE}
          public-key=${ACTIVE_KEY}
          base-url=${baseUrl}
          locale="en"
          amount="15990"
          installments=${JSON.stringify(POLICY)}
          collect-tax-id
        ></pay-card-form>
      </form>`,
    );
    const el = form.querySelector('pay-card-form')!;
    await ready(el);
    await shown(el, '#installments option');
    await fillValidCard(el);
    // From the security code, Tab goes to the document, then to Parcelas, then to the pay button.
    await press(el, 'Tab');
    expect(await focusedIn(el)).to.equal('taxId');
    await typeHere(el, '12345678909');
    await press(el, 'Tab');
    expect((await snapAll(el, '#installments')).map((select) => select.focused)).to.deep.equal([true]);
    await typeHere(el, '3');
    let submitted: FormData | null = null;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted = new FormData(form);
    });
    const done = new Promise((resolve) => form.addEventListener('submit', resolve));
    form.requestSubmit();
    await done;
    const entries = Object.fromEntries([...submitted!.entries()]);
    expect(entries.card).to.match(/^tok_/);
    expect(entries).to.deep.include({ card_installments: '3', card_amount: '15990', card_tax_id: '12345678909' });
    await expectAccessible(el);
  });
});
