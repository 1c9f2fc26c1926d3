import { ReactiveElement, unsafeCSS, type PropertyDeclaration, type PropertyValues } from '@lit/reactive-element';
import type { InstallmentOption } from '../card/installments.js';
import { Announcer } from '../dom/announcer.js';
import { pageLang } from '../dom/page-lang.js';
import { setAttr, setText } from '../dom/write.js';
import type { PayCardForm } from '../element/pay-card-form.js';
import type { InstallmentPolicy } from '../card/installments.js';
import { formHeight } from '../form/form-height.js';
import type { MessageOverrides } from '../form/messages.js';
import { importAgain } from '../shared/import-again.js';
import { CheckoutError } from './checkout-error.js';
import { MethodChangeEvent } from './events/method-change-event.js';
import type { PaidDetail } from './events/paid-event.js';
import { PaymentFailedEvent } from './events/payment-failed-event.js';
import { enLabels, isPortuguese, ptBRLabels, type CheckoutLabels } from './labels.js';
import { PAYMENT_METHODS, parseMethods, type PaymentMethod, type PaymentMethods } from './methods.js';
import { formatCentavos } from './money.js';
import { styles } from './pay-checkout.styles.js';
import type { CheckoutHost, PaymentFlows } from './payment-flows.js';
import { buildCheckoutView, type CheckoutView } from './view.js';

/**
 * What loads each method's element: the entry point passes the package's own
 * modules (`pay-card-form` and `pay-card-form/pix`), so this folder imports
 * neither and a page loads a method's code only once it is chosen.
 */
export type MethodLoaders = Record<PaymentMethod, () => Promise<unknown>>;
let loaders: MethodLoaders | null = null;

/** The code that pays, loaded once a payment is near, and fetched anew after a failure. */
const loadFlows = importAgain(() => import('./payment-flows.js'));

/**
 * Defines `<pay-checkout>` with what loads each method's code; called once
 * by each entry point. A second definition changes nothing.
 */
export function definePayCheckout(given: MethodLoaders): void {
  // Each fetched anew after a failure, as the shopper's "Try again" expects.
  loaders = { card: importAgain(given.card), pix: importAgain(given.pix) };
  // Server-side rendering imports the entry in Node, where there is no registry.
  if (typeof customElements !== 'undefined' && !customElements.get('pay-checkout')) {
    customElements.define('pay-checkout', PayCheckout);
  }
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

/** Where the card form's code is: not yet asked for, on its way, on the page, or not loaded. */
type CardLoad = 'idle' | 'loading' | 'ready' | 'failed';

/** The card form's events, kept inside: the page hears the checkout's own. */
const CARD_EVENTS = ['tokenized', 'tokenize-error', 'change'];

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
  static override styles = unsafeCSS(styles);
  // Written out as a plain literal (no `satisfies`): the manifest analyzer reads it only then, and the
  // React typings are checked against the manifest.
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
  /**
   * The merchant's order ID, as the handler's `order()` knows it. Set another
   * for the shopper's next order and the checkout starts over for it: the
   * outcome and any Pix code of the order before go.
   */
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
  declare methods: PaymentMethods;
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
  /** The card form's `installments` policy, or its JSON text (JSON as an attribute); use the same policy as the handler's `installments`. */
  declare installments: InstallmentPolicy | string | null;
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
  #cardLoad: CardLoad = 'idle';
  #cardForm: PayCardForm | null = null;
  /** The plan chosen under "Parcelas", as the card form last reported it. */
  #plan: InstallmentOption | null = null;
  /** The payment flows, once loaded (payment-flows.ts): null until a payment starts. */
  #flows: PaymentFlows | null = null;
  #loadingFlows: Promise<PaymentFlows> | null = null;
  /** The method whose code (its element's, or the payment flows') could not load: its panel says so, with a way to try again. */
  #unloaded: PaymentMethod | null = null;
  /** A Pix code is being asked for, the flows' code perhaps still on its way. */
  #startingPix = false;
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
    this.#view.choice.addEventListener('change', (event) => {
      const chosen = (event.target as HTMLInputElement).value as PaymentMethod;
      this.method = chosen;
      this.#emit(new MethodChangeEvent(chosen));
    });
    for (const method of PAYMENT_METHODS) {
      this.#view.actions[method].addEventListener('click', () => (this.#unloaded === method ? this.#retry() : this.#flows?.action(method)));
    }
  }

  /** The order's payment, once paid; null before. */
  get paid(): PaidDetail | null {
    return this.#flows?.paid ?? null;
  }

  /** The methods offered, in order. */
  get #offered(): PaymentMethod[] {
    return parseMethods(this.methods).methods;
  }

  get #lang(): string {
    return this.locale || pageLang(this);
  }

  get #labels(): CheckoutLabels {
    return isPortuguese(this.#lang) ? ptBRLabels : enLabels;
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
    if (changed.has('orderId') && changed.get('orderId') !== undefined) this.#flows?.orderChanged();
    // A code shown for another amount is withdrawn: the shopper would pay what the page no longer says.
    else if (changed.has('amount') && changed.get('amount') !== undefined) this.#flows?.amountChanged();
    if (this.method === 'card' && this.#cardLoad === 'idle' && this.#unloaded !== 'card') void this.#loadCard();
    if (this.method === 'pix' && !this.#startingPix && (this.#flows?.pix ?? 'idle') === 'idle' && this.#unloaded !== 'pix') {
      // Once per start: the updates before the flows arrive must not ask again.
      this.#startingPix = true;
      // The Pix element's code on its way beside the flows': the flows ask for the same module, which then is there or nearly.
      // Its failure is theirs to tell.
      loaders!.pix().catch(() => {});
      void this.#withFlows('pix', (flows) => flows.generatePix()).finally(() => (this.#startingPix = false));
    }
  }

  /** Attaches the markup once, then writes only what changed. */
  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    const view = this.#view;
    if (!this.hasUpdated) this.renderRoot.append(view.base);
    const labels = this.#labels;
    const offered = this.#offered;
    const flows = this.#flows;

    setAttr(view.choice, 'hidden', offered.length < 2);
    // No switching while a card is charged, nor once the order is paid or must not be paid again from here.
    setAttr(view.choice, 'disabled', !!flows?.locked);
    setText(view.legend, labels.methods);
    for (const method of PAYMENT_METHODS) {
      const { label, radio, text } = view.options[method];
      setText(text, labels[method]);
      radio.checked = this.method === method;
      setAttr(label, 'hidden', !offered.includes(method));
      setAttr(view.panels[method], 'aria-label', labels[method]);
      setAttr(view.panels[method], 'hidden', this.method !== method);
    }
    // The options in the order `methods` gives.
    if (offered.some((method, i) => view.choice.children[i + 1] !== view.options[method].label)) {
      view.choice.append(...offered.map((method) => view.options[method].label));
    }
    flows?.render();
    for (const method of PAYMENT_METHODS) {
      const unloaded = this.#unloaded === method;
      if (flows && !unloaded) continue;
      setText(view.notes[method], unloaded ? labels.unreachable : '');
      setAttr(view.notes[method], 'class', unloaded ? 'note error' : 'note');
      setText(view.actions[method], labels.tryAgain);
      setAttr(view.actions[method], 'hidden', !unloaded);
    }
    if (this.#cardLoad === 'loading') setText(view.notes.card, labels.loading);
    // While the card form's code loads, its panel keeps the room the form will take, the note inside it: nothing below
    // moves when the form arrives, which then holds that height itself. The form's breakpoint reads the frame's width
    // isolated, the viewport's inline.
    const holder = view.holders.card;
    holder.style.height =
      this.#cardLoad === 'loading'
        ? `${formHeight(this.mode === 'inline' ? innerWidth : holder.clientWidth, {
            collectTaxId: this.collectTaxId,
            // Only whether Parcelas show counts; the form checks the policy itself.
            installments: (this.installments as InstallmentPolicy | null) || null,
            showBrands: this.showBrands,
            hideSubmit: false,
          })}px`
        : '';
    if (this.#cardForm) this.#setUpCard(this.#cardForm);
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
    form.submitLabel = total > 0 ? this.#labels.pay(formatCentavos(total, lang)) : '';
    // A form-associated element's own `disabled`: no second card while one is being charged, or once none may be.
    form.toggleAttribute('disabled', !!this.#flows?.locked);
  }

  /** Loads the card form's code, then mounts the form with this element's settings. */
  async #loadCard(): Promise<void> {
    this.#cardLoad = 'loading';
    try {
      await loaders!.card();
    } catch (cause) {
      this.#cardLoad = 'idle';
      return this.#cannotLoad('card', 'the card form’s code', cause);
    }
    const form = document.createElement('pay-card-form');
    for (const type of CARD_EVENTS) form.addEventListener(type, (event) => event.stopPropagation());
    form.addEventListener('change', ({ detail }) => {
      this.#plan = detail.plan;
      // A card filled in is about to be paid: the payment's code loads while the shopper reaches the button. If it
      // cannot load now, paying asks for it again and tells the shopper then.
      if (detail.complete) this.#flowsCode().catch(() => {});
      this.requestUpdate();
    });
    form.addEventListener('tokenized', (event) => void this.#withFlows('card', (flows) => flows.payByCard(event.detail.token)));
    form.addEventListener('tokenize-error', ({ detail: { error } }) => {
      // The form shows what the shopper must fix; an edit that cancelled the call is nobody's failure.
      if (error.name === 'ValidationError' || error.name === 'AbortError') return;
      void this.#withFlows('card', (flows) => flows.cardUnavailable(error));
    });
    this.#cardForm = form;
    this.#cardLoad = 'ready';
    this.#setUpCard(form);
    this.#view.holders.card.append(form);
    this.requestUpdate();
  }

  /** Runs `task` with the payment flows, loading their code the first time; `method` is whose payment needs them. */
  async #withFlows(method: PaymentMethod, task: (flows: PaymentFlows) => unknown): Promise<void> {
    let flows: PaymentFlows;
    try {
      flows = await this.#flowsCode();
    } catch (cause) {
      return this.#cannotLoad(method, 'its payment code', cause);
    }
    await task(flows);
    this.requestUpdate();
  }

  /** The payment flows, loading their code the first time, and again after a failure: a network that failed once may not fail twice. */
  #flowsCode(): Promise<PaymentFlows> {
    return (this.#loadingFlows ??= loadFlows().then(
      ({ PaymentFlows }) => (this.#flows = new PaymentFlows(this.#host())),
      (cause: unknown) => {
        this.#loadingFlows = null;
        throw cause;
      },
    ));
  }

  /** Code this element needs did not load: nothing can be paid with `method` until it does. The shopper is told, with a way to try again, and so is the page. */
  #cannotLoad(method: PaymentMethod, what: string, cause: unknown): void {
    this.#unloaded = method;
    this.#announcer.say(this.#labels.unreachable);
    this.requestUpdate();
    const error = new CheckoutError(
      `<pay-checkout> could not load ${what}: check the network, and that your site serves the checkout-chunks/ folder beside pay-checkout.js (or your bundle's chunks).`,
      {
        code: 'network_error',
        method,
        cause,
      },
    );
    // Said here, not by the hints loaded on demand: the code that failed to load may be theirs too.
    console.error(error.message);
    void this.updateComplete.then(() => {
      this.#emit(new PaymentFailedEvent(error));
      // Keyboard users land on the way forward, as after a declined card, when this panel is the one on show.
      if (this.method === method) this.#view.actions[method].focus();
    });
  }

  /**
   * "Try again" after code did not load. The next update loads what is missing: the card form's code, or (Pix)
   * the flows with a new code. A card typed when the payment's code failed is paid again as typed, which loads it.
   */
  #retry(): void {
    const method = this.#unloaded;
    this.#unloaded = null;
    if (method === 'card') this.#cardForm?.tokenize().catch(() => {});
    this.requestUpdate();
  }

  /** What the flows may use of this element. */
  #host(): CheckoutHost {
    return {
      element: this,
      view: this.#view,
      lang: () => this.#lang,
      cardForm: () => this.#cardForm,
      loadPix: () => loaders!.pix(),
      say: (text) => this.#announcer.say(text),
      requestUpdate: () => this.requestUpdate(),
      updated: () => this.updateComplete,
    };
  }

  /** Every event leaves through here or through the payment flows (the manifest analyzer reads the `@fires` tags above). */
  #emit(event: MethodChangeEvent | PaymentFailedEvent): void {
    this.dispatchEvent(event);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pay-checkout': PayCheckout;
  }
}
