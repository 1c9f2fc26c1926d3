import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { installmentOptions } from '../card/installments.js';
import { formHeight } from '../form/form-height.js';
import { definePayCheckout } from './pay-checkout.js';
import { snapAll } from '../element/test-helpers.js';
import { CheckoutError, CheckoutPaidEvent, MethodChangeEvent, PaymentFailedEvent } from '../checkout.js';
import {
  cardForm,
  charges,
  chooseInstallments,
  CPF,
  expectCheckoutAccessible,
  expectText,
  expireCodes,
  failToPay,
  fillCard,
  focusIn,
  isolated,
  mountCheckout,
  newOrder,
  next,
  payments,
  payQr,
  pixQr,
  POLICY,
  payByCard,
  pressPay,
  radio,
  releaseHeld,
  shadowPart,
  shownPanel,
  startSite,
  submitText,
  typeIn,
  typeKeys,
  until,
  type Site,
} from './test-helpers.js';

/** The rows the checkout's card form has in these tests: Parcelas and the document, and the pay button. */
const HELD = { collectTaxId: true, installments: POLICY, showBrands: false, hideSubmit: false };
/** What pt-BR puts between "R$" and the amount. */
const NBSP = '\u00a0';
const brl = (text: string) => `R$${NBSP}${text}`;
const planOf = (amount: number, count: number) => installmentOptions({ amount, ...POLICY }).find((option) => option.count === count)!;
/** What the element's live region says now. */
const said = (el: Element) => el.shadowRoot!.querySelector('[role="status"]')!.textContent;
/** Whether the page has fetched the QR encoder's module (the dev server serves each module as its own file). */
const qrEncoderLoaded = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/lean-qr/'));

let site: Site;
before(async () => {
  site = await startSite();
});

describe('<pay-checkout>: card', function () {
  // Typing a card through the frame takes a few seconds on a busy machine.
  this.timeout(30000);

  it('6x with a CPF: the pay button follows the plan, then paid with the count and the total charged; no QR encoder loaded', async () => {
    const { el, orderId } = await mountCheckout(site);
    const form = await cardForm(el);
    expect(shownPanel(el)).to.deep.equal(['card']);
    expect(customElements.get('pay-pix-qr'), 'the Pix element is not loaded on a page that opens on the card').to.equal(undefined);
    expect(qrEncoderLoaded(), 'nor the QR encoder').to.equal(false);
    expect(await submitText(form)).to.equal(`Pagar ${brl('159,90')}`);
    await expectCheckoutAccessible(el);

    await chooseInstallments(form, '6');
    const six = planOf(15990, 6);
    expect(await submitText(form)).to.equal(`Pagar ${brl('171,24')}`);
    await fillCard(form);
    await typeIn(form, 'taxId', CPF);
    const before = (await charges(site)).length;
    const paid = next<CheckoutPaidEvent>(el, 'paid');
    await pressPay(form);
    const event = await paid;
    expect(event).to.be.instanceOf(CheckoutPaidEvent);
    const [charge] = await charges(site);
    expect(event.detail).to.deep.equal({ orderId, method: 'card', chargeId: charge!.id, installments: 6, total: six.total });
    expect((await charges(site)).length).to.equal(before + 1);
    expect([charge!.amount_centavos, charge!.installments, charge!.status]).to.deep.equal([six.total, 6, 'approved']);
    expectText(shadowPart(el, 'note'), `Pagamento aprovado: 6x de ${brl('28,54')}. Total de ${brl('171,24')}.`);
    expect(radio(el, 'pix').matches(':disabled'), 'the choice is over once paid').to.equal(true);
    expect(el.paid).to.deep.equal(event.detail);
    await expectCheckoutAccessible(el);
  });

  it('declined: the reason shown, payment-failed with the code, and a way to try again that pays', async () => {
    const { el, orderId } = await mountCheckout(site, { locale: 'en', theme: 'dark' });
    const form = await cardForm(el);
    expect(await submitText(form)).to.equal('Pay R$159.90');
    await fillCard(form, '4000000000000002');
    await typeIn(form, 'taxId', CPF);
    const failed = next<PaymentFailedEvent>(el, 'payment-failed');
    await pressPay(form);
    const { error } = (await failed).detail;
    expect(error).to.be.instanceOf(CheckoutError);
    expect([error.name, error.code, error.reason, error.method, error.status]).to.deep.equal([
      'CheckoutError',
      'declined',
      'card_declined',
      'card',
      402,
    ]);
    await until(el, () => el.shadowRoot!.activeElement === shadowPart(el, 'action'), 'focus on "Try again"');
    expectText(shadowPart(el, 'note'), 'The card was declined. Try another card or pay with Pix.');
    expectText(shadowPart(el, 'action'), 'Try again');
    await expectCheckoutAccessible(el);

    await sendKeys({ press: 'Enter' });
    await until(el, () => shadowPart(el, 'action').hidden && shadowPart(el, 'note').textContent === '', 'the form again');
    await fillCard(form);
    await typeIn(form, 'taxId', CPF);
    const paid = next<CheckoutPaidEvent>(el, 'paid');
    await pressPay(form);
    expect((await paid).detail).to.include({ orderId, method: 'card', installments: 1, total: 15990 });
  });

  it('declined, then another card typed over it and paid from the form: paid, the CPF and the parcelas kept', async () => {
    const { el, orderId } = await mountCheckout(site, { locale: 'en' });
    const form = await cardForm(el);
    await fillCard(form, '4000000000000002');
    await typeIn(form, 'taxId', CPF);
    await chooseInstallments(form, '6');
    const failed = next<PaymentFailedEvent>(el, 'payment-failed');
    await pressPay(form);
    expect((await failed).detail.error.code).to.equal('declined');
    // The shopper corrects the card where it is, without "Try again": that too is a new try.
    await focusIn(form, '#number');
    await sendKeys({ press: 'Control+a' });
    await typeKeys(form, '4111111111111111');
    const paid = next<CheckoutPaidEvent>(el, 'paid');
    await pressPay(form);
    expect((await paid).detail).to.include({ orderId, method: 'card', installments: 6, total: planOf(15990, 6).total });
    expect(shadowPart(el, 'action').hidden).to.equal(true);
  });

  it('the shop unreachable while paying: "Try again" pays with the card as typed, nothing typed twice', async () => {
    const dropping = await startSite();
    const endpoint = dropping.endpoint.replace('/api/checkout', '/dropping/api/checkout');
    const { el, orderId } = await mountCheckout(dropping, { locale: 'en', endpoint });
    const form = await cardForm(el);
    await chooseInstallments(form, '6');
    const error = await failToPay(el, form);
    expect(error.code).to.equal('network_error');
    await until(el, () => el.shadowRoot!.activeElement === shadowPart(el, 'action'), 'focus on "Try again"');
    expectText(shadowPart(el, 'note'), 'We could not reach the shop. Check your connection and try again.');
    expect(await charges(dropping)).to.have.length(0);

    const paid = next<CheckoutPaidEvent>(el, 'paid');
    await sendKeys({ press: 'Enter' });
    expect((await paid).detail).to.include({ orderId, method: 'card', installments: 6, total: planOf(15990, 6).total });
    expect(await charges(dropping)).to.have.length(1);
  });

  it('an order paid in another tab: already_paid, and the form takes no card, so pressing pay cannot pass unnoticed', async () => {
    const first = await mountCheckout(site, { locale: 'en' });
    await payByCard(first.el, await cardForm(first.el));
    const charged = (await charges(site)).length;
    const second = await mountCheckout(site, { locale: 'en', orderId: first.orderId });
    const form = await cardForm(second.el);
    expect(form.hasAttribute('disabled')).to.equal(false);
    expect((await failToPay(second.el, form)).code).to.equal('already_paid');
    await until(second.el, () => form.hasAttribute('disabled'), 'the card form disabled');
    expect(shadowPart(second.el, 'action').hidden).to.equal(true);
    expect(await charges(site)).to.have.length(charged);

    // A third tab that opens on Pix: told, with no "Try again" that could only say the same, and no switching to the card.
    const failed = new Promise<PaymentFailedEvent>((resolve) =>
      document.addEventListener('payment-failed', (event) => resolve(event as PaymentFailedEvent), { once: true, capture: true }),
    );
    const third = await mountCheckout(site, { locale: 'en', orderId: first.orderId, methods: 'pix card' });
    expect((await failed).detail.error.code).to.equal('already_paid');
    await third.el.updateComplete;
    const pixPanel = shadowPart(third.el, 'pix-panel');
    expectText(pixPanel.querySelector<HTMLElement>('[part~="note"]')!, /already been paid/);
    expect(pixPanel.querySelector<HTMLElement>('[part~="action"]')!.hidden).to.equal(true);
    expect(shadowPart<HTMLFieldSetElement>(third.el, 'methods').disabled).to.equal(true);
  });

  it('an endpoint that is not the handler: the shopper is told, and the console names the setting to fix, once', async () => {
    const errors: string[] = [];
    const error = console.error;
    let said!: () => void;
    // The line comes from a file loaded on the failure: waited for, not assumed.
    const firstLine = new Promise<void>((resolve) => (said = resolve));
    console.error = (...args: unknown[]) => {
      const line = args.map(String).join(' ');
      errors.push(line);
      if (line.startsWith('<pay-checkout>')) said();
    };
    try {
      // This page's own server, which answers no checkout protocol there.
      const endpoint = `${location.origin}/not-the-checkout`;
      const { el } = await mountCheckout(site, { locale: 'en', endpoint });
      const form = await cardForm(el);
      await fillCard(form);
      await typeIn(form, 'taxId', CPF);
      const first = next<PaymentFailedEvent>(el, 'payment-failed');
      await pressPay(form);
      expect((await first).detail.error.code, 'attempt 1').to.equal('unreadable_answer');
      await until(el, () => el.shadowRoot!.activeElement === shadowPart(el, 'action'), 'focus on "Try again"');
      await firstLine;
      // "Try again" pays again with the card as typed, and fails the same way.
      const second = next<PaymentFailedEvent>(el, 'payment-failed');
      await sendKeys({ press: 'Enter' });
      expect((await second).detail.error.code, 'attempt 2').to.equal('unreadable_answer');
      await until(el, () => !shadowPart(el, 'action').hidden, 'a way to try again');
      const ours = errors.filter((line) => line.startsWith('<pay-checkout>'));
      expect(ours).to.have.length(1);
      expect(ours[0]).to.match(
        /^<pay-checkout> endpoint "[^"]+\/not-the-checkout": .* Set endpoint to the path checkoutHandler is mounted at/,
      );
      expect(ours[0]).not.to.include(CPF);
    } finally {
      console.error = error;
    }
  });

  /** The first console error of `<pay-checkout>`'s from now on (the hints load with the failure: waited for, not assumed). */
  const nextHint = (): { line: Promise<string>; restore: () => void } => {
    const error = console.error;
    const line = new Promise<string>((resolve) => {
      console.error = (...args: unknown[]) => {
        const text = args.map(String).join(' ');
        if (text.startsWith('<pay-checkout>')) resolve(text);
      };
    });
    return { line, restore: () => (console.error = error) };
  };

  it('an order the handler does not know: the console names the order-id to fix', async () => {
    const hint = nextHint();
    try {
      const { el } = await mountCheckout(site, { locale: 'en' });
      el.orderId = 'pedido-que-nao-existe';
      const form = await cardForm(el);
      expect((await failToPay(el, form)).code).to.equal('unknown_order');
      expect(await hint.line).to.equal(
        '<pay-checkout> order-id "pedido-que-nao-existe": the checkout handler\'s order() does not know this order. Set order-id to the ID your order() looks up.',
      );
    } finally {
      hint.restore();
    }
  });

  it('a page that does not ask for the document, against a handler that requires it: the console names both ways out', async () => {
    const hint = nextHint();
    try {
      const { el } = await mountCheckout(site, { locale: 'en' });
      el.collectTaxId = false;
      const form = await cardForm(el);
      await until(el, () => !form.collectTaxId, 'the card form without the document');
      await fillCard(form);
      const failed = next<PaymentFailedEvent>(el, 'payment-failed');
      await pressPay(form);
      expect((await failed).detail.error.code).to.equal('invalid_request');
      expect(await hint.line).to.equal(
        "<pay-checkout>: the checkout handler requires the buyer's CPF or CNPJ, which this page does not ask for. Add collect-tax-id to <pay-checkout>, or pass requireTaxId: false to checkoutHandler.",
      );
    } finally {
      hint.restore();
    }
  });

  it('a server that fails before the handler answers: the console says it is the server, not the endpoint', async () => {
    const hint = nextHint();
    try {
      const endpoint = site.endpoint.replace('/api/checkout', '/failing');
      const { el } = await mountCheckout(site, { locale: 'en', endpoint });
      const form = await cardForm(el);
      expect((await failToPay(el, form)).code).to.equal('unreadable_answer');
      expect(await hint.line).to.equal(
        `<pay-checkout> endpoint "${endpoint}": the server answered HTTP 500 before checkoutHandler could answer: it failed there (checkoutHandler() throws when an option is wrong). Your server's log says why.`,
      );
    } finally {
      hint.restore();
    }
  });

  it('a handler whose secret key the service refuses: the console sends the developer to its onError', async () => {
    const hint = nextHint();
    const wrongKey = await startSite('sk_test_51LojaExemploSecretDesconhecida');
    try {
      const { el } = await mountCheckout(wrongKey, { locale: 'en' });
      const form = await cardForm(el);
      expect((await failToPay(el, form)).code).to.equal('service_error');
      expect(await hint.line).to.equal(
        "<pay-checkout>: the checkout handler answered service_error (HTTP 502): the payment service refused it or answered what it could not read (a secretKey or credential of another account or environment does this). Its onError, in your server's log, says what to fix.",
      );
      expect(await charges(wrongKey)).to.have.length(0);
    } finally {
      hint.restore();
    }
  });

  it('a public key the tokenization service refuses: the console names public-key', async () => {
    const hint = nextHint();
    try {
      const { el } = await mountCheckout(site, { locale: 'en' });
      // Well formed, so only the service can tell: one letter off the sandbox's key.
      el.publicKey = 'pk_test_51LojaExemploActve0001';
      const form = await cardForm(el);
      await until(el, () => form.publicKey === el.publicKey, 'the key handed to the card form');
      expect((await failToPay(el, form)).code).to.equal('card_unavailable');
      expect(await hint.line).to.equal(
        '<pay-checkout> public-key: the tokenization service at base-url refused it. Use the public key (pk_test_… or pk_live_…) of the account whose secretKey checkoutHandler uses, for the environment base-url names.',
      );
    } finally {
      hint.restore();
    }
  });

  it('a page that offers parcelas the handler does not (its amount is not the order’s): the console says to align them', async () => {
    const hint = nextHint();
    try {
      // The order costs R$ 10,00: at R$ 5,00 at least per installment the handler offers 2x at most; the page, told R$ 159,90, offers 6x.
      const before = (await charges(site)).length;
      const { el, orderId } = await mountCheckout(site, { locale: 'en', amount: 1000, pageAmount: 15990 });
      const form = await cardForm(el);
      await chooseInstallments(form, '6');
      expect((await failToPay(el, form)).code).to.equal('installments_not_offered');
      expect(await hint.line).to.equal(
        `<pay-checkout> installments: the checkout handler does not offer the count this page offered for order "${orderId}". Give <pay-checkout> the same installments policy as checkoutHandler, and amount the order's amount in centavos.`,
      );
      expect(await charges(site)).to.have.length(before);
    } finally {
      hint.restore();
    }
  });

  it('a page whose amount says 1 centavo: the order’s real amount is charged', async () => {
    const { el, orderId } = await mountCheckout(site, { amount: 25000, pageAmount: 1 });
    const form = await cardForm(el);
    expect(await submitText(form)).to.equal(`Pagar ${brl('0,01')}`);
    const detail = await payByCard(el, form);
    const [charge] = await charges(site);
    expect(detail).to.deep.equal({ orderId, method: 'card', chargeId: charge!.id, installments: 1, total: 25000 });
    expect([charge!.amount_centavos, charge!.installments]).to.deep.equal([25000, 1]);
  });

  it('amount and installments set as properties holding text, as Vue and Svelte templates set them: read as the attributes are', async () => {
    // The attributes say otherwise (R$ 0,01, up to 12x): only text read from the properties gives R$ 159,90 in up to 6x.
    const { el, orderId } = await mountCheckout(site, { pageAmount: 1 });
    Object.assign(el, { amount: '15990', installments: JSON.stringify({ ...POLICY, maxInstallments: 6 }) });
    const form = await cardForm(el);
    expect(await submitText(form)).to.equal(`Pagar ${brl('159,90')}`);
    await until(form, () => form.plan !== null, 'the Parcelas');
    const options = isolated
      ? (await snapAll(form, '#installments option')).length
      : form.shadowRoot!.querySelectorAll('#installments option').length;
    expect(options).to.equal(6);
    await chooseInstallments(form, '6');
    const six = planOf(15990, 6);
    expect(await submitText(form)).to.equal(`Pagar ${brl('171,24')}`);
    const detail = await payByCard(el, form);
    const [charge] = await charges(site);
    expect(detail).to.deep.equal({ orderId, method: 'card', chargeId: charge!.id, installments: 6, total: six.total });
  });

  it('while the card form’s code loads, its panel holds the height the form then has, "Carregando" inside it', async () => {
    // The card form's code arrives only when the test lets it: the panel is measured while it is on its way.
    let release!: () => void;
    const arrival = new Promise<void>((resolve) => (release = resolve));
    definePayCheckout({ card: () => arrival.then(() => import('../script-tag.js')), pix: () => import('../pix.js') });
    try {
      const { el } = await mountCheckout(site);
      const panel = shadowPart(el, 'card-panel');
      await new Promise(requestAnimationFrame);
      const held = panel.getBoundingClientRect().height;
      expect(held, 'the default form with Parcelas and the document').to.equal(formHeight(isolated ? panel.clientWidth : innerWidth, HELD));
      expect(shadowPart(el, 'note').textContent).to.equal('Carregando…');
      release();
      const form = await cardForm(el);
      await form.ready;
      // The form's height is the frame's (isolated) or its own (inline), which is not a whole number of pixels.
      expect(panel.getBoundingClientRect().height).to.be.within(held - 1.5, held);
    } finally {
      definePayCheckout({ card: () => import('../script-tag.js'), pix: () => import('../pix.js') });
    }
  });

  // Isolated mode's promise, so the test exists in that run only (inline, the page holds the inputs by design).
  if (isolated)
    it('isolated: no keystroke and no card value reaches the page', async function () {
      const { el } = await mountCheckout(site);
      const form = await cardForm(el);
      const heard: string[] = [];
      for (const type of ['keydown', 'keyup', 'input', 'beforeinput', 'paste'])
        document.addEventListener(type, (event) => heard.push(event.type), { capture: true });
      await fillCard(form);
      expect(heard).to.deep.equal([]);
      const pageText = (root: Node): string =>
        [...(root as ParentNode).querySelectorAll('*')]
          .map((node) => `${node.outerHTML}${node.shadowRoot ? pageText(node.shadowRoot) : ''}`)
          .join('');
      expect(pageText(el.shadowRoot!)).to.not.contain('4111');
    });
});

describe('<pay-checkout>: the method choice', function () {
  this.timeout(30000);

  it('is a radio group, in both languages, chosen with the arrow keys; the Pix code loads only then', async () => {
    const { el } = await mountCheckout(site, { methods: 'card pix' });
    await cardForm(el);
    const group = shadowPart(el, 'methods');
    expect(group.localName).to.equal('fieldset');
    expectText(shadowPart(el, 'legend'), 'Forma de pagamento');
    expect([...group.querySelectorAll('label')].map((label) => label.textContent)).to.deep.equal(['Cartão de crédito', 'Pix']);
    expect([radio(el, 'card').checked, radio(el, 'pix').checked]).to.deep.equal([true, false]);

    radio(el, 'card').focus();
    const changed = next<MethodChangeEvent>(el, 'method-change');
    await sendKeys({ press: 'ArrowRight' });
    const event = await changed;
    expect(event).to.be.instanceOf(MethodChangeEvent);
    expect(event.detail).to.deep.equal({ method: 'pix' });
    expect([radio(el, 'pix').checked, el.method, el.shadowRoot!.activeElement]).to.deep.equal([true, 'pix', radio(el, 'pix')]);
    await el.updateComplete;
    expect(shownPanel(el)).to.deep.equal(['pix']);
    await pixQr(el);
    expect(qrEncoderLoaded()).to.equal(true);
    await expectCheckoutAccessible(el);

    const back = next<MethodChangeEvent>(el, 'method-change');
    await sendKeys({ press: 'ArrowLeft' });
    expect((await back).detail.method).to.equal('card');
    await el.updateComplete;
    expect(shownPanel(el)).to.deep.equal(['card']);

    el.locale = 'en';
    await el.updateComplete;
    expectText(shadowPart(el, 'legend'), 'Payment method');
    expect([...group.querySelectorAll('label')].map((label) => label.textContent)).to.deep.equal(['Credit card', 'Pix']);
  });

  it('follows `methods`: its order, and no choice for one method', async () => {
    const { el } = await mountCheckout(site, { methods: 'pix card' });
    expect(el.method).to.equal('pix');
    expect([...shadowPart(el, 'methods').querySelectorAll('input')].map((input) => input.value)).to.deep.equal(['pix', 'card']);
    await pixQr(el);
    el.methods = 'card';
    await el.updateComplete;
    expect([shadowPart(el, 'methods').hidden, el.method, shownPanel(el)]).to.deep.equal([true, 'card', ['card']]);
  });
});

describe('<pay-checkout>: Pix', function () {
  this.timeout(30000);

  it('shows the handler’s code inline, follows its status, and is paid through the sandbox', async () => {
    const { el, orderId } = await mountCheckout(site, { methods: 'pix card', amount: 4590 });
    const qr = await pixQr(el);
    expect(qr.code?.amount).to.equal('45.90');
    expect(qr.statusUrl).to.match(/\/api\/checkout\/pix\/status\?reference=/);
    await expectCheckoutAccessible(el);
    const paid = next<CheckoutPaidEvent>(el, 'paid');
    await payQr(site, qr.payload);
    const { detail } = await paid;
    expect(detail.orderId).to.equal(orderId);
    expect(detail.method).to.equal('pix');
    expect(await payments(site)).to.deep.include({ method: 'pix', orderId, id: (detail as { qrCodeId: string }).qrCodeId, amount: 4590 });
    expect(qr.state).to.equal('paid');
    await expectCheckoutAccessible(el);
  });

  it('expired: "Gerar novo código" brings a new code', async () => {
    const { el } = await mountCheckout(site, { methods: 'pix card', amount: 1000 });
    const first = await pixQr(el);
    const payload = first.payload;
    await expireCodes(site);
    await until(el, () => !shadowPart(el, 'pix-panel').querySelector<HTMLElement>('[part~="action"]')!.hidden, 'the new-code button');
    const action = shadowPart(el, 'pix-panel').querySelector<HTMLButtonElement>('[part~="action"]')!;
    expectText(action, 'Gerar novo código');
    // The expired code goes, with its "ask the store" sentence: here the way to a new one is this button, which the checkout's sentence names.
    expect(first.state).to.equal('expired');
    expect(first.isConnected).to.equal(false);
    expect(el.shadowRoot!.querySelector('pay-pix-qr')).to.equal(null);
    expectText(
      shadowPart(el, 'pix-panel').querySelector<HTMLElement>('[part~="note"]')!,
      'Este código expirou. Gere um novo para pagar com Pix.',
    );
    await expectCheckoutAccessible(el);
    action.focus();
    await sendKeys({ press: 'Enter' });
    await until(
      el,
      () => !!el.shadowRoot!.querySelector('pay-pix-qr') && el.shadowRoot!.querySelector('pay-pix-qr') !== first,
      'a new code',
    );
    const second = await pixQr(el);
    expect(second.payload).to.not.equal(payload);
    expect(second.state).to.equal('pending');
    expect(action.hidden).to.equal(true);
  });

  it('another order-id: the checkout starts over for it, with nothing left of the order before (its outcome, its Pix code)', async () => {
    const { el, orderId: first } = await mountCheckout(site, { locale: 'en', amount: 15990 });
    expect((await payByCard(el, await cardForm(el))).orderId).to.equal(first);

    // A single-page app reuses the element for the shopper's next order.
    const second = await newOrder(site, 4590);
    el.orderId = second;
    el.amount = 4590;
    await el.updateComplete;
    const form = await cardForm(el);
    expect(shadowPart(el, 'card-panel').textContent).not.to.match(/approved/i);
    expect([
      shadowPart<HTMLFieldSetElement>(el, 'methods').disabled,
      form.hasAttribute('disabled'),
      form.parentElement!.hidden,
    ]).to.deep.equal([false, false, false]);
    expect(await submitText(form)).to.equal('Pay R$45.90');

    radio(el, 'pix').click();
    const qr = await pixQr(el);
    expect(qr.code?.amount).to.equal('45.90');
    const third = await newOrder(site, 1000);
    el.orderId = third;
    el.amount = 1000;
    await el.updateComplete;
    expect(qr.isConnected, 'the code of the order before is taken away').to.equal(false);
    await until(el, () => !!el.shadowRoot!.querySelector('pay-pix-qr'), 'a code for the new order');
    const code = await pixQr(el);
    expect(code.code?.amount).to.equal('10.00');
    const paid = next<CheckoutPaidEvent>(el, 'paid');
    await payQr(site, code.payload);
    expect((await paid).detail).to.include({ orderId: third, method: 'pix' });
    expect((await payments(site)).filter((p) => p.orderId === second)).to.deep.equal([]);
  });

  it('while a card is charged the method choice is locked; approved, a code shown before goes and the card’s outcome is on show', async () => {
    const held = await startSite();
    const endpoint = held.endpoint.replace('/api/checkout', '/held/api/checkout');
    const { el, orderId } = await mountCheckout(held, { locale: 'en', endpoint });
    radio(el, 'pix').click();
    const qr = await pixQr(el);
    radio(el, 'card').click();
    const form = await cardForm(el);
    await fillCard(form);
    await typeIn(form, 'taxId', CPF);
    await pressPay(form);
    await until(el, () => form.hasAttribute('disabled'), 'the card being charged');
    expect(shadowPart<HTMLFieldSetElement>(el, 'methods').disabled, 'no switching to Pix meanwhile').to.equal(true);
    let heard = 0;
    el.addEventListener('paid', () => heard++);
    const paid = next<CheckoutPaidEvent>(el, 'paid');
    await releaseHeld(held);
    expect((await paid).detail).to.include({ orderId, method: 'card' });
    expect(shownPanel(el)).to.deep.equal(['card']);
    expectText(shadowPart(el, 'note'), /^Payment approved/);

    // No service cancels a code: it stays payable until it expires, and stays followed, so a second payment
    // reaches the handler's onPaid (to refund it) while the page, told once, hears nothing more.
    const followed = oneEvent(qr, 'paid');
    await payQr(held, qr.payload);
    await followed;
    expect((await payments(held)).map((p) => p.method)).to.deep.equal(['card', 'pix']);
    expect(heard).to.equal(1);
  });

  it('another order-id while a card is charged: the page hears the order before was paid, and the checkout is the new order’s', async () => {
    const held = await startSite();
    const endpoint = held.endpoint.replace('/api/checkout', '/held/api/checkout');
    const { el, orderId } = await mountCheckout(held, { locale: 'en', endpoint });
    const form = await cardForm(el);
    await fillCard(form);
    await typeIn(form, 'taxId', CPF);
    await pressPay(form);
    await until(el, () => form.hasAttribute('disabled'), 'the card being charged');
    el.orderId = await newOrder(held, 4590);
    el.amount = 4590;
    const paid = next<CheckoutPaidEvent>(el, 'paid');
    await releaseHeld(held);
    expect((await paid).detail).to.include({ orderId, method: 'card' });
    await until(el, () => !form.hasAttribute('disabled'), 'the form open for the new order');
    expect(shadowPart<HTMLFieldSetElement>(el, 'methods').disabled).to.equal(false);
    expect(shadowPart(el, 'card-panel').textContent).not.to.match(/approved/i);
    expect(await submitText(form)).to.equal('Pay R$45.90');
  });

  it('a code paid from the bank’s app while the card panel is open: the Pix panel comes back, paid, and said', async () => {
    const { el, orderId } = await mountCheckout(site, { locale: 'en' });
    radio(el, 'pix').click();
    const qr = await pixQr(el);
    await until(el, () => said(el) === 'Your Pix code is ready: scan it or copy it.', 'the code said ready');
    radio(el, 'card').click();
    await el.updateComplete;
    expect(shownPanel(el)).to.deep.equal(['card']);
    const paid = next<CheckoutPaidEvent>(el, 'paid');
    await payQr(site, qr.payload);
    expect((await paid).detail).to.include({ orderId, method: 'pix' });
    await el.updateComplete;
    expect([shownPanel(el), radio(el, 'pix').checked, qr.state]).to.deep.equal([['pix'], true, 'paid']);
    expect(said(el)).to.equal('Payment received by Pix.');
  });

  it('a live amount: the parcelas follow it, and a code shown for the old amount is withdrawn until asked for again', async () => {
    const { el } = await mountCheckout(site, { methods: 'card pix', amount: 15990 });
    const form = await cardForm(el);
    await chooseInstallments(form, '6');
    el.amount = 30000;
    await until(el, () => form.plan?.total === planOf(30000, 6).total, 'the plan for the new amount');
    expect(await submitText(form)).to.equal(
      `Pagar ${brl(new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(planOf(30000, 6).total / 100))}`,
    );

    radio(el, 'pix').click();
    const qr = await pixQr(el);
    el.amount = 31000;
    await el.updateComplete;
    expect(qr.isConnected, 'the old code is taken away').to.equal(false);
    const panel = shadowPart(el, 'pix-panel');
    expectText(
      panel.querySelector('[part~="note"]')!,
      'O valor do pedido mudou e este código foi retirado. Gere um novo código para o novo valor.',
    );
    await expectCheckoutAccessible(el);
    panel.querySelector<HTMLButtonElement>('[part~="action"]')!.click();
    const again = await pixQr(el);
    expect(again).to.not.equal(qr);
  });
});
