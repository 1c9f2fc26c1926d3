import { expect, fixture, html, nextFrame, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  ACTIVE_KEY,
  EXPIRY_YEAR,
  MODE,
  autofill,
  errorOf,
  fillValidCard,
  focusField,
  mount,
  part,
  press,
  ready,
  sandboxUrl,
  settle,
  silentUrl,
  typeHere,
  typeInto,
  valueOf,
} from './test-helpers.js';

async function mountInForm(attrs: { required?: boolean } = {}) {
  const form = await fixture<HTMLFormElement>(
    html`<form action="/should-not-navigate" method="post">
      <input name="order" value="A-1001" />
      <pay-card-form
        mode=${MODE}
        name="card_token"
        public-key=${ACTIVE_KEY}
        base-url=${await sandboxUrl()}
        locale="en"
        ?required=${attrs.required}
        hide-submit
      ></pay-card-form>
      <button type="submit">Buy</button>
    </form>`,
  );
  const el = form.querySelector('pay-card-form')!;
  await ready(el);
  return { form, el };
}

/** Collects the data of every submit that reaches the page, and stops navigation. */
function captureSubmits(form: HTMLFormElement) {
  const posted: [string, string][][] = [];
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    posted.push([...new FormData(form).entries()].map(([k, v]) => [k, String(v)]));
  });
  return posted;
}

describe('inside a native <form>', () => {
  it('tokenizes on submit and posts the token, never the card', async () => {
    const { form, el } = await mountInForm();
    const posted = captureSubmits(form);
    await fillValidCard(el);
    form.querySelector('button')!.click();
    await waitUntil(() => posted.length === 1, 'the form was submitted with a token');
    const data = Object.fromEntries(posted[0]!);
    expect(data.order).to.equal('A-1001');
    expect(data.card_token).to.match(/^tok_/);
    const all = JSON.stringify(posted);
    expect(all).to.not.include('4111');
    expect(all).to.not.include('"123"');
  });

  it('a form taken out of the page and put back still tokenizes before it submits', async () => {
    const { form, el } = await mountInForm();
    const parent = form.parentNode!;
    form.remove();
    parent.append(form);
    // Isolated, the frame loads again with the element.
    await ready(el);
    el.reset();
    const posted = captureSubmits(form);
    await fillValidCard(el);
    form.querySelector('button')!.click();
    await waitUntil(() => posted.length === 1, 'the form was submitted');
    expect(Object.fromEntries(posted[0]!).card_token).to.match(/^tok_/);
  });

  it('form.requestSubmit() runs tokenization first', async () => {
    const { form, el } = await mountInForm();
    const posted = captureSubmits(form);
    await fillValidCard(el, '5555555555554444');
    let tokenized = 0;
    el.addEventListener('tokenized', () => tokenized++);
    form.requestSubmit();
    await waitUntil(() => posted.length === 1);
    expect(tokenized).to.equal(1);
    expect(Object.fromEntries(posted[0]!).card_token).to.match(/^tok_/);
  });

  it('Enter in a card field submits the page form', async () => {
    const { form, el } = await mountInForm();
    const posted = captureSubmits(form);
    await fillValidCard(el);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => posted.length === 1);
  });

  it('reports validity; `required` blocks an empty card and shows why', async () => {
    const { form, el } = await mountInForm({ required: true });
    const posted = captureSubmits(form);
    expect(el.checkValidity()).to.equal(false);
    expect(el.validity!.valueMissing).to.equal(true);
    expect(form.checkValidity()).to.equal(false);
    form.requestSubmit();
    await settle(el);
    expect(posted.length).to.equal(0);
    expect(await errorOf(el, 'number')).to.equal('Enter the card number.');
    await fillValidCard(el);
    expect(el.checkValidity()).to.equal(true);
  });

  it('a partly typed card is invalid even when not required; an empty one is valid', async () => {
    const { el } = await mountInForm();
    expect(el.checkValidity()).to.equal(true);
    await typeInto(el, 'number', '4111');
    expect(el.checkValidity()).to.equal(false);
    expect(el.validity!.badInput).to.equal(true);
    expect(el.validationMessage).to.equal('The card number is incomplete.');
  });

  it('form reset clears every field and the token', async () => {
    const { form, el } = await mountInForm();
    const posted = captureSubmits(form);
    await fillValidCard(el);
    form.requestSubmit();
    await waitUntil(() => posted.length === 1);
    form.reset();
    await settle(el);
    for (const id of ['number', 'holderName', 'expiry', 'cvv']) expect(await valueOf(el, id), id).to.equal('');
    expect(new FormData(form).get('card_token')).to.equal(null);
  });

  it('editing the card after tokenizing drops the old token', async () => {
    const { form, el } = await mountInForm();
    const posted = captureSubmits(form);
    await fillValidCard(el);
    form.requestSubmit();
    await waitUntil(() => posted.length === 1);
    const first = Object.fromEntries(posted[0]!).card_token;
    await focusField(el, 'number');
    await press(el, 'Backspace');
    expect(new FormData(form).get('card_token')).to.equal(null);
    await typeHere(el, '1');
    form.requestSubmit();
    await waitUntil(() => posted.length === 2);
    expect(Object.fromEntries(posted[1]!).card_token).to.equal(first);
  });

  it('a second submit while tokenizing still posts only once', async () => {
    const { form, el } = await mountInForm();
    const posted = captureSubmits(form);
    await fillValidCard(el);
    const tokenized = oneEvent(el, 'tokenized');
    form.requestSubmit();
    form.requestSubmit();
    form.querySelector('button')!.click();
    await tokenized;
    await waitUntil(() => posted.length >= 1);
    await nextFrame();
    expect(posted.length).to.equal(1);
  });

  it('an optional card left empty does not hold the form back', async () => {
    const { form } = await mountInForm();
    const posted = captureSubmits(form);
    form.requestSubmit();
    expect(posted.length).to.equal(1);
    expect(Object.fromEntries(posted[0]!).card_token).to.equal(undefined);
  });

  it('a reset while tokenizing keeps no token and posts nothing', async () => {
    const { form, el } = await mountInForm();
    const posted = captureSubmits(form);
    let tokenizedEvents = 0;
    el.addEventListener('tokenized', () => tokenizedEvents++);
    await fillValidCard(el);
    form.requestSubmit();
    expect(el.busy).to.equal(true);
    // The submit's own tokenization: a call while one is in flight gets the same promise.
    const inFlight = el.tokenize();
    form.reset();
    const error = await inFlight.catch((e: unknown) => e);
    expect(error).to.be.instanceOf(DOMException);
    expect((error as DOMException).name).to.equal('AbortError');
    expect(el.busy).to.equal(false);
    await nextFrame();
    expect(posted.length).to.equal(0);
    expect(tokenizedEvents).to.equal(0);
    expect(new FormData(form).get('card_token')).to.equal(null);
  });

  it('a reset aborts the request in flight, even one the service never answers', async () => {
    const wrapper = await fixture<HTMLFormElement>(
      html`<form>
        <pay-card-form mode=${MODE} public-key=${ACTIVE_KEY} base-url=${await silentUrl()} locale="en"></pay-card-form>
      </form>`,
    );
    const el = wrapper.querySelector('pay-card-form')!;
    await ready(el);
    let failures = 0;
    el.addEventListener('tokenize-error', () => failures++);
    await fillValidCard(el);
    const pending = el.tokenize();
    await settle(el);
    expect(el.busy).to.equal(true);
    wrapper.reset();
    // Only aborting the fetch can settle it: the server holds the request open.
    const error = await pending.catch((e: unknown) => e);
    expect((error as DOMException).name).to.equal('AbortError');
    expect(el.busy).to.equal(false);
    expect(failures, 'an abort is not a failure to show').to.equal(0);
    await settle(el);
    expect((await part(el, '[part="form-error"]')).text).to.equal('');
    // The form works again at once.
    expect((await part(el, '#number')).attributes).to.not.have.property('readonly');
  });

  it('a disabled fieldset disables the inputs', async () => {
    const wrapper = await fixture(
      html`<form>
        <fieldset disabled><pay-card-form mode=${MODE} public-key=${ACTIVE_KEY} base-url=${await sandboxUrl()}></pay-card-form></fieldset>
      </form>`,
    );
    const el = wrapper.querySelector('pay-card-form')!;
    await ready(el);
    expect((await part(el, '#number')).attributes).to.have.property('disabled');
  });
});

describe('autofill', () => {
  it('formats and validates autofilled values exactly as typed ones', async () => {
    const el = await mount();
    let complete = false;
    el.addEventListener('change', (e) => (complete = (e as CustomEvent).detail.complete));
    await autofill(el, { number: '4111111111111111', holderName: 'ANA SILVA', expiry: `12/${EXPIRY_YEAR}`, cvv: '123' });
    expect(await valueOf(el, 'number')).to.equal('4111 1111 1111 1111');
    expect(await valueOf(el, 'expiry')).to.equal(`12 / ${EXPIRY_YEAR.slice(2)}`);
    expect(complete).to.equal(true);
  });

  it('shows the error of a bad autofilled value at once', async () => {
    const el = await mount();
    await autofill(el, { expiry: '01/2020' });
    expect(await errorOf(el, 'expiry')).to.equal('This card has expired.');
  });
});
