/**
 * What `<pay-checkout>` does once a payment is under way: the card's
 * payment through the handler and its outcome, the Pix code from request to
 * paid or expired, the failures, and the `paid` and `payment-failed`
 * events. The element loads this module when it is first needed (a card
 * filled in, Pix chosen, a failure to tell), so a page where the shopper
 * only looks at the card form never loads it.
 */
import { setAttr, setText } from '../dom/write.js';
import type { PayCardForm } from '../element/pay-card-form.js';
import type { PayPixQr } from '../pix-qr/pay-pix-qr.js';
import { pixStatusUrl, type CardAnswer } from '../shared/checkout-protocol.js';
import { CheckoutError } from './checkout-error.js';
import { CheckoutPaidEvent, type PaidDetail } from './events/paid-event.js';
import { PaymentFailedEvent } from './events/payment-failed-event.js';
import { postCardPayment, postPixCode, type Answer } from './handler-client.js';
import { checkoutMessagesFor, type CheckoutMessages } from './messages.js';
import { formatCentavos } from './money.js';
import type { CheckoutView } from './view.js';

/** What the element lends the flows: its settings, its markup, its voice. */
export interface CheckoutHost {
  readonly element: HTMLElement & {
    endpoint: string;
    orderId: string;
    amount: number;
    method: string;
    theme: string;
    collectTaxId: boolean;
  };
  readonly view: CheckoutView;
  /** The language the element speaks now. */
  lang(): string;
  /** The card form, once its code has loaded. */
  cardForm(): PayCardForm | null;
  /** Loads `<pay-pix-qr>`'s code. */
  loadPix(): Promise<unknown>;
  say(text: string): void;
  requestUpdate(): void;
  /** Resolves once the element has written its latest changes. */
  updated(): Promise<unknown>;
}

/** The card panel's states once its form is on the page. */
type CardState = 'ready' | 'paying' | 'approved' | 'declined' | 'failed';
/** The Pix panel's states. */
type PixPanelState = 'idle' | 'generating' | 'shown' | 'paid' | 'expired' | 'withdrawn' | 'failed';

/** Answers that must not be paid again from this page: the order is paid, or a charge may have gone through. */
const FINAL_REFUSALS = new Set(['already_paid', 'payment_unconfirmed', 'outcome_unknown']);

/** Failures a card sent again as it is may get through: the shop or the service was not reachable, or not itself. */
const RETRIED_AS_TYPED = new Set([
  'network_error',
  'unreadable_answer',
  'internal_error',
  'service_error',
  'service_unavailable',
  'payment_in_progress',
  'token_refused',
]);

/** The inner element's events, kept inside: the page hears the checkout's own. */
const PIX_EVENTS = ['paid', 'expired', 'copied', 'payload-error'];

export class PaymentFlows {
  card: CardState = 'ready';
  pix: PixPanelState = 'idle';
  /** The order's payment, once paid. */
  paid: PaidDetail | null = null;
  readonly #host: CheckoutHost;
  #pixQr: PayPixQr | null = null;
  /** The sentences the console has had (setup-hints.ts). */
  readonly #hinted = new Set<string>();
  /** What the card or Pix panel says of its last outcome ('' for nothing). */
  #sentence = { card: '', pix: '' };
  /** The handler's last refusal says not to pay this order again from here: no "Try again". */
  #final = false;
  /** The card's last failure is one the same card, sent again, may get through. */
  #again = false;

  constructor(host: CheckoutHost) {
    this.#host = host;
  }

  /** A panel's button: "Try again" on the card, a new code (or another try) on Pix. */
  action(method: 'card' | 'pix'): void {
    if (method === 'card') this.#tryCardAgain();
    else void this.generatePix();
  }

  /** No payment may start from this page now: a card is being charged, the order is paid, or the handler said not to pay it again from here. */
  get locked(): boolean {
    return this.card === 'paying' || this.#final || !!this.paid;
  }

  get #m(): CheckoutMessages {
    return checkoutMessagesFor(this.#host.lang());
  }

  /** The panels' notes and buttons, from the flows' states. */
  render(): void {
    const { view } = this.#host;
    const m = this.#m;
    const card = this.card;
    const cardNote = card === 'paying' ? m.paying : card === 'ready' ? '' : this.#sentence.card;
    setText(view.notes.card, cardNote);
    setAttr(view.notes.card, 'class', card === 'declined' || card === 'failed' ? 'note error' : 'note');
    setText(view.actions.card, m.tryAgain);
    setAttr(view.actions.card, 'hidden', !(card === 'declined' || card === 'failed') || this.#final || !!this.paid);
    setAttr(view.holders.card, 'hidden', card === 'approved');

    const pix = this.pix;
    const pixNote =
      pix === 'generating'
        ? m.generating
        : pix === 'withdrawn'
          ? m.withdrawn
          : pix === 'expired'
            ? m.expired
            : pix === 'failed'
              ? this.#sentence.pix
              : '';
    setText(view.notes.pix, pixNote);
    setAttr(view.notes.pix, 'class', pix === 'failed' ? 'note error' : 'note');
    setText(view.actions.pix, pix === 'failed' ? m.tryAgain : m.newCode);
    setAttr(view.actions.pix, 'hidden', !(pix === 'expired' || pix === 'withdrawn' || pix === 'failed') || this.#final);
    const qr = this.#pixQr;
    if (qr) {
      qr.locale = this.#host.lang();
      qr.theme = this.#host.element.theme as PayPixQr['theme'];
    }
  }

  /** The card form cannot take a card (its key, its frame): it has told the shopper; the page gets the error. */
  cardUnavailable(error: Error): void {
    this.#fail(
      new CheckoutError(`The card form cannot take a card: ${error.name}.`, { code: 'card_unavailable', method: 'card', cause: error }),
    );
  }

  /** Posts the token to the handler and tells the outcome. */
  async payByCard(token: string): Promise<void> {
    const host = this.#host;
    const form = host.cardForm();
    // After a decline or a failure, a card sent from the form is a new try, as one after "Try again" is.
    if (this.locked || !form) return;
    this.card = 'paying';
    host.say(this.#m.paying);
    host.requestUpdate();
    const taxId = form.taxId;
    const lang = host.lang();
    const { orderId } = host.element;
    const answer: Answer<CardAnswer> = await postCardPayment(host.element.endpoint, {
      orderId,
      token,
      installments: form.plan?.count ?? 1,
      ...(taxId ? { taxId: taxId.value } : {}),
      locale: lang,
    });
    const m = this.#m;
    if (host.element.orderId !== orderId) {
      // Another order since: this one starts afresh. A charge the order before got is still the page's to hear of.
      this.card = 'ready';
      form.reset();
      host.requestUpdate();
      if (answer.ok && answer.value.outcome === 'approved') {
        const { chargeId, installments, total } = answer.value;
        host.element.dispatchEvent(new CheckoutPaidEvent({ orderId, method: 'card', chargeId, installments, total }));
      }
      return;
    }
    if (answer.ok && answer.value.outcome === 'approved') {
      const { chargeId, installments, installment, total } = answer.value;
      this.card = 'approved';
      this.#sentence.card = m.approved(
        installments > 1 ? m.plan(installments, formatCentavos(installment, lang)) : '',
        formatCentavos(total, lang),
      );
      host.say(this.#sentence.card);
      this.#settle({ orderId: answer.value.orderId, method: 'card', chargeId, installments, total });
      return;
    }
    if (answer.ok && answer.value.outcome === 'declined') {
      // Declined: an answer of the protocol, and the order stays payable.
      const { reason, message } = answer.value;
      this.card = 'declined';
      this.#sentence.card = message;
      this.#fail(new CheckoutError(`The card was declined: ${reason}.`, { code: 'declined', method: 'card', status: 402, reason }));
    } else if (!answer.ok) {
      this.card = 'failed';
      const { code } = answer.error;
      this.#sentence.card = answer.sentence || (code === 'network_error' ? m.unreachable : m.unreadable);
      this.#final = FINAL_REFUSALS.has(code);
      this.#again = RETRIED_AS_TYPED.has(code);
      this.#fail(answer.error, answer.field);
    }
    host.say(this.#sentence.card);
    await host.updated();
    // Keyboard users land on the way forward, the sentence having been said.
    if (!host.view.actions.card.hidden) host.view.actions.card.focus();
  }

  /**
   * After a failure that the same card may well get through (the shop unreachable, a service error): paid again as
   * it is, nothing typed twice. After a decline, or a refusal that the same request would meet again: the form
   * again, empty, with focus in it.
   */
  #tryCardAgain(): void {
    const host = this.#host;
    const form = host.cardForm();
    const again = this.card === 'failed' && this.#again;
    this.card = 'ready';
    this.#sentence.card = '';
    host.requestUpdate();
    if (again) {
      // Its outcome arrives as for the pay button: `tokenized`, or the form's own word on what to fix.
      form?.tokenize().catch(() => {});
      return;
    }
    form?.reset();
    void host.updated().then(() => host.cardForm()?.focus());
  }

  /** Asks the handler for a code (its element's code loading meanwhile), and shows it. */
  async generatePix(): Promise<void> {
    if (this.pix === 'generating' || this.paid) return;
    const host = this.#host;
    this.#removePixQr();
    this.pix = 'generating';
    host.say(this.#m.generating);
    host.requestUpdate();
    const { endpoint, orderId, amount } = host.element;
    const asked = Date.now();
    const [loaded, answer] = await Promise.all([
      host.loadPix().then(
        () => true,
        () => false,
      ),
      postPixCode(endpoint, { orderId, locale: host.lang() }),
    ]);
    // Another order since: this answer is the old one's. The new one gets its own code, on show, unless it has one.
    if (host.element.orderId !== orderId)
      return host.element.method === 'pix' && (this.pix as PixPanelState) === 'idle' ? this.generatePix() : undefined;
    // Paid by card meanwhile: a code now would only invite a second payment.
    if (this.paid) return;
    const m = this.#m;
    if (!loaded || !answer.ok) {
      this.pix = 'failed';
      const error = answer.ok
        ? new CheckoutError('<pay-checkout> could not load the Pix code’s element.', { code: 'network_error', method: 'pix' })
        : answer.error;
      this.#sentence.pix = (!answer.ok && answer.sentence) || (error.code === 'network_error' ? m.unreachable : m.unreadable);
      this.#final ||= FINAL_REFUSALS.has(error.code);
      host.say(this.#sentence.pix);
      this.#fail(error);
      return;
    }
    // The amount changed while the code was on its way: it is for the old one.
    if (host.element.amount !== amount) return this.withdrawPix();
    const code = answer.value;
    // Counted down on the handler's clock, which is the service's, not the device's: the request's half-way point is its best estimate.
    const offset = code.serverTime - (asked + Date.now()) / 2;
    const qr = document.createElement('pay-pix-qr');
    for (const type of PIX_EVENTS) qr.addEventListener(type, (event) => event.stopPropagation());
    qr.addEventListener('paid', () => this.#settle({ orderId: code.orderId, method: 'pix', qrCodeId: code.qrCodeId }));
    // An expired code is no use to anyone: it goes, and this element says so beside its new-code button
    // (the Pix element's own sentence tells the shopper to ask the store, which here is that button).
    qr.addEventListener('expired', () => {
      this.#removePixQr();
      this.pix = 'expired';
      host.say(this.#m.expired);
      host.requestUpdate();
    });
    qr.payload = code.payload;
    qr.expiresAt = code.expiresAt;
    qr.now = () => Date.now() + offset;
    qr.statusUrl = pixStatusUrl(endpoint, code.reference);
    this.#pixQr = qr;
    this.pix = 'shown';
    host.say(m.pixReady);
    host.view.holders.pix.append(qr);
    host.requestUpdate();
  }

  /** Another order: the checkout starts over for it, with nothing of the one before (its outcome, its Pix code). */
  orderChanged(): void {
    this.#removePixQr();
    this.pix = 'idle';
    this.paid = null;
    this.#final = false;
    this.#sentence = { card: '', pix: '' };
    this.#host.say('');
    // A card being charged is the order before's to settle; a card typed and not yet sent is the shopper's still.
    if (this.card !== 'paying') {
      if (this.card !== 'ready') this.#host.cardForm()?.reset();
      this.card = 'ready';
    }
    this.#host.requestUpdate();
  }

  /** The amount changed: a code shown for the old one is withdrawn. */
  amountChanged(): void {
    if (this.pix === 'shown' || this.pix === 'expired') this.withdrawPix();
  }

  /** The code on show is for another amount: taken away (its polling stops with it) until the shopper asks for a new one. */
  withdrawPix(): void {
    this.#removePixQr();
    this.pix = 'withdrawn';
    this.#host.say(this.#m.withdrawn);
    this.#host.requestUpdate();
  }

  #removePixQr(): void {
    this.#pixQr?.remove();
    this.#pixQr = null;
  }

  /** The order is paid: said, shown, and told once. */
  #settle(detail: PaidDetail): void {
    if (this.paid) return;
    const host = this.#host;
    this.paid = detail;
    if (detail.method === 'pix') {
      this.pix = 'paid';
      host.say(this.#m.pixPaid);
    }
    // The outcome on show, whichever panel the shopper was on: a code paid from the bank's app while the card was open.
    host.element.method = detail.method;
    host.requestUpdate();
    void host.updated().then(() => host.element.dispatchEvent(new CheckoutPaidEvent(detail)));
  }

  /** `field`: the request field the handler named, if it did. */
  #fail(error: CheckoutError, field = ''): void {
    const host = this.#host;
    // The sentences for the developer's own mistakes load only on a failure: most pages never need them.
    void import('./setup-hints.js').then(
      ({ tellDeveloper }) => tellDeveloper(error, host.element, this.#hinted, field),
      // Without its file the page still has the error, in payment-failed.
      () => {},
    );
    host.requestUpdate();
    void host.updated().then(() => host.element.dispatchEvent(new PaymentFailedEvent(error)));
  }
}
