import { ReactiveElement, type PropertyDeclaration, type PropertyValues } from '@lit/reactive-element';
import type { InstallmentOption } from '../card/installments.js';
import { Announcer } from '../dom/announcer.js';
import { pageLang } from '../dom/page-lang.js';
import { setAttr, setText } from '../dom/write.js';
import type { PayCardForm } from '../element/pay-card-form.js';
import type { ChangeDetail } from '../form/change-detail.js';
import type { MessageOverrides } from '../form/messages.js';
import type { PayPixQr } from '../pix-qr/pay-pix-qr.js';
import { pixStatusUrl, type CardAnswer } from '../shared/checkout-protocol.js';
import { CheckoutError } from './checkout-error.js';
import { MethodChangeEvent } from './events/method-change-event.js';
import { CheckoutPaidEvent, type PaidDetail } from './events/paid-event.js';
import { PaymentFailedEvent } from './events/payment-failed-event.js';
import { postCardPayment, postPixCode, type Answer } from './handler-client.js';
import { checkoutMessagesFor, type CheckoutMessages } from './messages.js';
import { PAYMENT_METHODS, parseMethods, type PaymentMethod } from './methods.js';
import { formatCentavos } from './money.js';
import { styles } from './pay-checkout.styles.js';
import { buildCheckoutView, type CheckoutView } from './view.js';

/**
 * What loads each method's element: the entry point passes the package's own
 * modules (`pay-card-form` and `pay-card-form/pix`), so this folder imports
 * neither and a page loads a method's code only once it is chosen.
 */
export type MethodLoaders = Record<PaymentMethod, () => Promise<unknown>>;
let loaders: MethodLoaders | null = null;

/** Called once by the entry point (`pay-card-form/checkout`). */
export function setMethodLoaders(given: MethodLoaders): void {
  loaders = given;
}

/** The card form's settings `<pay-checkout>` passes on as they are, by property name. */
const CARD_SETTINGS = [
  'publicKey',
  'baseUrl',
  'frameUrl',
  'mode',
  'installments',
  'collectTaxId',
  'acceptedBrands',
  'showBrands',
  'messages',
] as const satisfies readonly (keyof PayCardForm)[];
type CardSetting = (typeof CARD_SETTINGS)[number];

/** An attribute's JSON, or its text when it is not JSON: the card form then names the problem, as it does for its own attribute. */
const json: PropertyDeclaration = {
  converter: (value: string | null) => {
    if (value === null) return null;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
};

/** The card panel's states. */
type CardState = 'idle' | 'loading' | 'ready' | 'paying' | 'approved' | 'declined' | 'failed';
/** The Pix panel's states. */
type PixPanelState = 'idle' | 'generating' | 'shown' | 'paid' | 'expired' | 'withdrawn' | 'failed';

/** Answers that must not be paid again from this page: the order is paid, or a charge may have gone through. */
const FINAL_REFUSALS = new Set(['already_paid', 'payment_unconfirmed', 'outcome_unknown']);

/** The inner elements' events, kept inside: the page hears the checkout's own. */
const INNER_EVENTS = ['paid', 'expired', 'copied', 'payload-error', 'tokenized', 'tokenize-error', 'change'];

/**
 * The whole checkout of one order: card (with parcelas and the buyer's
 * CPF or CNPJ) and Pix, side by side with equal prominence, talking to the
 * merchant's `checkoutHandler` at `endpoint` (docs/checkout.md). The shopper
 * chooses a method; its code loads then. Card: the card form (isolated by
 * default, so no keystroke reaches this page) tokenizes, this element posts
 * the token with the order ID, the chosen count and the document, and shows
 * the outcome. Pix: it asks the handler for a code and shows it with
 * `<pay-pix-qr>`, which follows the code's status until it is paid.
 *
 * @summary Card and Pix checkout for one order, against `checkoutHandler`.
 *
 * `amount` is for display and the parcelas only: the handler charges what
 * the order's amount is on the server.
 *
 * @fires {CheckoutPaidEvent} paid - The order is paid: `detail` has `orderId`, `method`, and `chargeId`, `installments` and `total` (card) or `qrCodeId` (Pix).
 * @fires {PaymentFailedEvent} payment-failed - A payment did not go through (declined, refused by the handler, unreachable, the card form unavailable); `detail.error` is a `CheckoutError` with a `code`. The shopper has been told and may try again.
 * @fires {MethodChangeEvent} method-change - The shopper chose another method; `detail.method` is `card` or `pix`.
 *
 * @csspart base - The wrapper of everything shown.
 * @csspart methods - The method choice (a fieldset of radio buttons).
 * @csspart legend - The choice's legend.
 * @csspart method - Each method's option (label and radio button); also `method-card`, `method-pix`.
 * @csspart panel - Each method's panel; also `card-panel`, `pix-panel`.
 * @csspart note - A panel's state in words: loading, paying, the outcome, a code withdrawn.
 * @csspart action - A panel's button: "Try again" (card), "Generate a new code" (Pix).
 *
 * @cssprop [--pay-color-primary=#0b57d0] - The checked method's border, buttons, focus ring.
 * @cssprop [--pay-color-text=#1f1f1f] - Text.
 * @cssprop [--pay-color-background=#ffffff] - Background.
 * @cssprop [--pay-color-border=#6b6b6b] - The methods' borders.
 * @cssprop [--pay-color-error=#b3261e] - A failed payment's sentence.
 * @cssprop [--pay-font-family=system-ui, sans-serif] - Font.
 * @cssprop [--pay-radius=6px] - Corner radius.
 * @cssprop [--pay-spacing=12px] - Gap between parts.
 */
export class PayCheckout extends ReactiveElement {
  static override styles = styles;

  // Written out as a plain literal (no `satisfies`): the manifest analyzer reads it only then, and the
  // React typings are checked against the manifest. `override` still checks it against ReactiveElement's type.
  static override properties = {
    endpoint: {},
    orderId: { attribute: 'order-id' },
    amount: { type: Number },
    methods: {},
    method: { reflect: true },
    locale: {},
    theme: { reflect: true },
    publicKey: { attribute: 'public-key' },
    baseUrl: { attribute: 'base-url' },
    frameUrl: { attribute: 'frame-url' },
    mode: {},
    installments: json,
    collectTaxId: { attribute: 'collect-tax-id', type: Boolean },
    acceptedBrands: { attribute: 'accepted-brands' },
    showBrands: { attribute: 'show-brands', type: Boolean },
    messages: { attribute: false },
  };

  /** Where `checkoutHandler` is mounted: a URL or a path, e.g. `/api/checkout`. Its routes are `{endpoint}/card`, `/pix`, `/pix/status`. */
  declare endpoint: string;
  /** The merchant's order ID, as the handler's `order()` knows it. */
  declare orderId: string;
  /**
   * The order's amount in integer centavos (R$ 159,90 is `15990`), for the
   * pay button and the parcelas only: the handler charges the order's
   * amount on the server, whatever this says. Change it as the cart
   * changes: the parcelas follow, and a Pix code shown for the old amount
   * is withdrawn until the shopper asks for a new one.
   */
  declare amount: number;
  /** The methods offered and their order, e.g. `"pix card"` (spaces or commas). Default: `"card pix"`. */
  declare methods: string;
  /** The method shown: the first of `methods` until the shopper (or the page) chooses another. */
  declare method: PaymentMethod;
  /** Language ("en", "pt-BR"); defaults to the page's `lang`. Passed to the card form, the Pix code and the handler. */
  declare locale: string;
  /** `light` (default), `dark`, or `auto` to follow `prefers-color-scheme`; passed to both methods. */
  declare theme: 'light' | 'dark' | 'auto';
  /** The card form's `public-key`. */
  declare publicKey: string;
  /** The card form's `base-url`: the tokenization service. */
  declare baseUrl: string;
  /** The card form's `frame-url`. */
  declare frameUrl: string;
  /** The card form's `mode`: `isolated` (default) or `inline`. */
  declare mode: 'isolated' | 'inline';
  /** The card form's `installments` policy (JSON as an attribute); use the same policy as the handler's `installments`. */
  declare installments: unknown;
  /** The card form's `collect-tax-id`: the CPF or CNPJ field. The handler requires the document unless its `requireTaxId` is false. */
  declare collectTaxId: boolean;
  /** The card form's `accepted-brands`. */
  declare acceptedBrands: string;
  /** The card form's `show-brands`. */
  declare showBrands: boolean;
  /** The card form's `messages` overrides. */
  declare messages: MessageOverrides | null;

  readonly #view: CheckoutView = buildCheckoutView();
  readonly #announcer = new Announcer(this);
  #card: CardState = 'idle';
  #pix: PixPanelState = 'idle';
  #cardForm: PayCardForm | null = null;
  #pixQr: PayPixQr | null = null;
  /** The plan chosen under "Parcelas", as the card form last reported it. */
  #plan: InstallmentOption | null = null;
  /** What the card or Pix panel says of its last outcome ('' for nothing). */
  #sentence: Record<PaymentMethod, string> = { card: '', pix: '' };
  #paid: PaidDetail | null = null;
  /** The handler's last refusal says not to pay this order again from here: no "Try again". */
  #final = false;
  /** Unknown names in `methods`, said once per value. */
  #warnedMethods = '';

  constructor() {
    super();
    this.endpoint = '';
    this.orderId = '';
    this.amount = 0;
    this.methods = '';
    this.locale = '';
    this.theme = 'light';
    this.publicKey = '';
    this.baseUrl = '';
    this.frameUrl = '';
    this.mode = 'isolated';
    this.installments = null;
    this.collectTaxId = false;
    this.acceptedBrands = '';
    this.showBrands = false;
    this.messages = null;
    const view = this.#view;
    view.choice.addEventListener('change', (event) => {
      const chosen = (event.target as HTMLInputElement).value as PaymentMethod;
      this.method = chosen;
      this.#emit(new MethodChangeEvent(chosen));
    });
    view.actions.card.addEventListener('click', () => this.#tryCardAgain());
    view.actions.pix.addEventListener('click', () => void this.#generatePix());
  }

  /** The order's payment, once paid; null before. */
  get paid(): PaidDetail | null {
    return this.#paid;
  }

  /** The methods offered, in order. */
  get #offered(): PaymentMethod[] {
    return parseMethods(this.methods).methods;
  }

  get #lang(): string {
    return this.locale || pageLang(this);
  }

  get #m(): CheckoutMessages {
    return checkoutMessagesFor(this.#lang);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('methods')) {
      const { unknown } = parseMethods(this.methods);
      if (unknown.length && this.methods !== this.#warnedMethods)
        console.warn(
          `<pay-checkout> methods: ${unknown.map((name) => `"${name}"`).join(', ')} is not a method; use "card", "pix" or both.`,
        );
      this.#warnedMethods = this.methods;
    }
    if (!this.#offered.includes(this.method)) this.method = this.#offered[0]!;
    // A code shown for another amount is withdrawn: the shopper would pay what the page no longer says.
    if (changed.has('amount') && changed.get('amount') !== undefined && (this.#pix === 'shown' || this.#pix === 'expired')) {
      this.#withdrawPix();
    }
    if (this.method === 'card' && this.#card === 'idle') void this.#loadCard();
    if (this.method === 'pix' && this.#pix === 'idle') void this.#generatePix();
  }

  /** Attaches the markup once, then writes only what changed. */
  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    const view = this.#view;
    if (!this.hasUpdated) this.renderRoot.append(view.base);
    const m = this.#m;
    const offered = this.#offered;
    const lang = this.#lang;

    setAttr(view.choice, 'hidden', offered.length < 2);
    setAttr(view.choice, 'disabled', !!this.#paid);
    setText(view.legend, m.methods);
    for (const method of PAYMENT_METHODS) {
      const { label, radio, text } = view.options[method];
      setText(text, m[method]);
      radio.checked = this.method === method;
      setAttr(label, 'hidden', !offered.includes(method));
      setAttr(view.panels[method], 'aria-label', m[method]);
      setAttr(view.panels[method], 'hidden', this.method !== method);
    }
    // The options in the order `methods` gives.
    if (offered.some((method, i) => view.choice.children[i + 1] !== view.options[method].label)) {
      view.choice.append(...offered.map((method) => view.options[method].label));
    }

    const card = this.#card;
    const cardNote =
      card === 'loading' ? m.loading : card === 'paying' ? m.paying : card === 'idle' || card === 'ready' ? '' : this.#sentence.card;
    setText(view.notes.card, cardNote);
    setAttr(view.notes.card, 'class', card === 'declined' || card === 'failed' ? 'note error' : 'note');
    setText(view.actions.card, m.tryAgain);
    setAttr(view.actions.card, 'hidden', !(card === 'declined' || card === 'failed') || this.#final || !!this.#paid);
    setAttr(view.holders.card, 'hidden', card === 'approved');
    if (this.#cardForm) this.#setUpCard(this.#cardForm);

    const pix = this.#pix;
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
    setAttr(view.actions.pix, 'hidden', !(pix === 'expired' || pix === 'withdrawn' || pix === 'failed'));
    const qr = this.#pixQr;
    if (qr) {
      qr.locale = lang;
      qr.theme = this.theme;
    }
    setText(view.status, this.#announcer.text);
  }

  /** Hands the card form this element's settings; before it connects too, so it never starts without its key. */
  #setUpCard(form: PayCardForm): void {
    for (const name of CARD_SETTINGS) if (form[name] !== this[name]) (form as unknown as Record<CardSetting, unknown>)[name] = this[name];
    const lang = this.#lang;
    form.locale = lang;
    form.theme = this.theme;
    form.amount = this.amount;
    form.hideSuccess = true;
    const total = this.#plan?.total ?? this.amount;
    form.submitLabel = total > 0 ? this.#m.pay(formatCentavos(total, lang)) : '';
    // A form-associated element's own `disabled`: no second card while one is being charged.
    form.toggleAttribute('disabled', this.#card === 'paying');
  }

  /** Loads the card form's code, then mounts the form with this element's settings. */
  async #loadCard(): Promise<void> {
    this.#card = 'loading';
    try {
      await loaders!.card();
    } catch (cause) {
      this.#card = 'failed';
      this.#sentence.card = this.#m.unreachable;
      this.#fail(
        new CheckoutError('<pay-checkout> could not load the card form’s code.', { code: 'network_error', method: 'card', cause }),
      );
      return;
    }
    const form = document.createElement('pay-card-form');
    for (const type of INNER_EVENTS) form.addEventListener(type, (event) => event.stopPropagation());
    form.addEventListener('change', (event) => {
      this.#plan = (event as CustomEvent<ChangeDetail>).detail.plan;
      this.requestUpdate();
    });
    form.addEventListener('tokenized', (event) => void this.#payByCard(event.detail.token));
    form.addEventListener('tokenize-error', ({ detail: { error } }) => {
      // The form shows what the shopper must fix; an edit that cancelled the call is nobody's failure.
      if (error.name === 'ValidationError' || error.name === 'AbortError') return;
      this.#fail(
        new CheckoutError(`The card form cannot take a card: ${error.name}.`, { code: 'card_unavailable', method: 'card', cause: error }),
      );
    });
    this.#cardForm = form;
    this.#card = 'ready';
    this.#setUpCard(form);
    this.#view.holders.card.append(form);
    this.requestUpdate();
  }

  /** Posts the token to the handler and tells the outcome. */
  async #payByCard(token: string): Promise<void> {
    const form = this.#cardForm;
    if (this.#card !== 'ready' || !form || this.#paid) return;
    this.#card = 'paying';
    this.#announcer.say(this.#m.paying);
    const taxId = form.taxId;
    const answer: Answer<CardAnswer> = await postCardPayment(this.endpoint, {
      orderId: this.orderId,
      token,
      installments: form.plan?.count ?? 1,
      ...(taxId ? { taxId: taxId.value } : {}),
      locale: this.#lang,
    });
    const m = this.#m;
    if (answer.ok && answer.value.outcome === 'approved') {
      const { chargeId, installments, installment, total } = answer.value;
      const lang = this.#lang;
      this.#card = 'approved';
      this.#sentence.card = m.approved(
        installments > 1 ? m.plan(installments, formatCentavos(installment, lang)) : '',
        formatCentavos(total, lang),
      );
      this.#announcer.say(this.#sentence.card);
      this.#settle({ orderId: answer.value.orderId, method: 'card', chargeId, installments, total });
      return;
    }
    if (answer.ok && answer.value.outcome === 'declined') {
      // Declined: an answer of the protocol, and the order stays payable.
      const { reason, message } = answer.value;
      this.#card = 'declined';
      this.#sentence.card = message;
      this.#fail(new CheckoutError(`The card was declined: ${reason}.`, { code: 'declined', method: 'card', status: 402, reason }));
    } else if (!answer.ok) {
      this.#card = 'failed';
      const { code } = answer.error;
      this.#sentence.card = answer.sentence || (code === 'network_error' ? m.unreachable : m.unreadable);
      this.#final = FINAL_REFUSALS.has(code);
      this.#fail(answer.error);
    }
    this.#announcer.say(this.#sentence.card);
    await this.updateComplete;
    // Keyboard users land on the way forward, the sentence having been said.
    if (!this.#view.actions.card.hidden) this.#view.actions.card.focus();
  }

  /** After a decline or a failure: the form again, empty, with focus in it. */
  #tryCardAgain(): void {
    this.#card = 'ready';
    this.#sentence.card = '';
    this.#cardForm?.reset();
    this.requestUpdate();
    void this.updateComplete.then(() => this.#cardForm?.focus());
  }

  /** Asks the handler for a code (its module loading meanwhile), and shows it. */
  async #generatePix(): Promise<void> {
    if (this.#pix === 'generating' || this.#paid) return;
    this.#removePixQr();
    this.#pix = 'generating';
    this.#announcer.say(this.#m.generating);
    const amount = this.amount;
    const asked = Date.now();
    const [loaded, answer] = await Promise.all([
      loaders!.pix().then(
        () => true,
        () => false,
      ),
      postPixCode(this.endpoint, { orderId: this.orderId, locale: this.#lang }),
    ]);
    const m = this.#m;
    if (!loaded || !answer.ok) {
      this.#pix = 'failed';
      const error = answer.ok
        ? new CheckoutError('<pay-checkout> could not load the Pix code’s element.', { code: 'network_error', method: 'pix' })
        : answer.error;
      this.#sentence.pix = (!answer.ok && answer.sentence) || (error.code === 'network_error' ? m.unreachable : m.unreadable);
      this.#announcer.say(this.#sentence.pix);
      this.#fail(error);
      return;
    }
    // The amount changed while the code was on its way: it is for the old one.
    if (this.amount !== amount) return this.#withdrawPix();
    const code = answer.value;
    // Counted down on the handler's clock, which is the service's, not the device's: the request's half-way point is its best estimate.
    const offset = code.serverTime - (asked + Date.now()) / 2;
    const qr = document.createElement('pay-pix-qr');
    for (const type of INNER_EVENTS) qr.addEventListener(type, (event) => event.stopPropagation());
    qr.addEventListener('paid', () => this.#settle({ orderId: code.orderId, method: 'pix', qrCodeId: code.qrCodeId }));
    // An expired code is no use to anyone: it goes, and this element says so beside its new-code button
    // (the Pix element's own sentence tells the shopper to ask the store, which here is that button).
    qr.addEventListener('expired', () => {
      this.#removePixQr();
      this.#pix = 'expired';
      this.#announcer.say(this.#m.expired);
      this.requestUpdate();
    });
    qr.payload = code.payload;
    qr.expiresAt = code.expiresAt;
    qr.now = () => Date.now() + offset;
    qr.statusUrl = pixStatusUrl(this.endpoint, code.reference);
    this.#pixQr = qr;
    this.#pix = 'shown';
    this.#view.holders.pix.append(qr);
    this.requestUpdate();
  }

  /** The code on show is for another amount: taken away (its polling stops with it) until the shopper asks for a new one. */
  #withdrawPix(): void {
    this.#removePixQr();
    this.#pix = 'withdrawn';
    this.#announcer.say(this.#m.withdrawn);
    this.requestUpdate();
  }

  #removePixQr(): void {
    this.#pixQr?.remove();
    this.#pixQr = null;
  }

  /** The order is paid: said, shown, and told once. */
  #settle(detail: PaidDetail): void {
    if (this.#paid) return;
    this.#paid = detail;
    if (detail.method === 'pix') {
      this.#pix = 'paid';
      this.#announcer.say(this.#m.pixPaid);
    }
    this.requestUpdate();
    void this.updateComplete.then(() => this.#emit(new CheckoutPaidEvent(detail)));
  }

  #fail(error: CheckoutError): void {
    this.requestUpdate();
    void this.updateComplete.then(() => this.#emit(new PaymentFailedEvent(error)));
  }

  /** Every event leaves through here (the manifest analyzer reads the `@fires` tags above). */
  #emit(event: CheckoutPaidEvent | PaymentFailedEvent | MethodChangeEvent): void {
    this.dispatchEvent(event);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pay-checkout': PayCheckout;
  }
}
