import { ReactiveElement, unsafeCSS, type PropertyValues } from '@lit/reactive-element';
import type { TokenizeResult } from '../card/types.js';
import { pageLang } from '../dom/page-lang.js';
import { FRAME_PATH } from '../channel/protocol.js';
import { checkBaseUrl } from '../shared/base-url.js';
import { checkTokenizeConfig } from '../tokenize/config.js';
import type { CardReport } from '../form/card-session.js';
import type { CardSurface, SurfaceDelegate } from './card-surface.js';
import type { FormSettings } from '../form/form-settings.js';
import { CardChangeEvent } from './events/change-event.js';
import { TokenizeErrorEvent } from './events/tokenize-error-event.js';
import { TokenizedEvent } from './events/tokenized-event.js';
import { FormControl } from './form-control.js';
import { FramedSurface } from './framed-surface.js';
import { loadInlineForm } from './inline-mode.js';
import { SettingLimits } from './setting-limits.js';
import type { MessageOverrides } from '../form/messages.js';
import type { InstallmentConfig, InstallmentOption } from '../card/installments.js';
import type { TaxId } from '../document/tax-id.js';
import { ConfigurationError } from '../shared/errors.js';

/** The merchant's installment policy: `installmentOptions`' settings but the amount, which is the element's own. */
export type InstallmentPolicy = Omit<InstallmentConfig, 'amount'>;

/** An attribute's JSON, or its text when it is not JSON. */
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * Card entry that formats, detects the brand, validates, and tokenizes with your public key.
 * Your page receives only the token: card data is never written to an
 * attribute, an event, the console or storage.
 *
 * @summary Card form that hands your page a token, never the card.
 *
 * By default (`mode="isolated"`) the inputs live in a frame served from the
 * tokenization origin, so no script of your page can read a keystroke:
 * your page only hears field states, the brand, the token and typed errors.
 * `mode="inline"` puts the same form in the element's shadow root instead
 * (docs/security.md compares the two). The API is the same in both modes.
 *
 * Inside a `<form>` it is a form control: it reports validity, honours
 * `required` and `disabled`, clears on form reset, tokenizes when the form is
 * submitted, and contributes the token (never the card) under its `name`.
 *
 * It checks `public-key` and `base-url` as it connects: when either is
 * missing or malformed it warns once in the console with the fix, fires
 * `tokenize-error`, and shows the shopper that card payment is unavailable
 * instead of letting them type a card for nothing.
 *
 * @fires {CustomEvent<ChangeDetail>} change - Completeness, brand or a field's validity changed ({@link CardChangeEvent}).
 * @fires {CustomEvent<TokenizeResult>} tokenized - The card was tokenized; `detail` is the TokenizeResult ({@link TokenizedEvent}).
 * @fires {CustomEvent<TokenizeErrorDetail>} tokenize-error - Validation, key, API or network failure; a missing or malformed `public-key` or `base-url` found on connect; an `installments` policy it cannot use (a `ConfigurationError`, once); or, isolated, a frame that did not show the form, retries included (a `FrameError`, a `NetworkError`, whose `reason` says why: `unreachable`, `not-the-frame`, `refused` or `not-started`; once per failure, within 30 s); `detail.error` is typed ({@link TokenizeErrorEvent}).
 *
 * @csspart frame - Isolated mode: the frame that holds the form. Parts cannot reach into a frame; style it with the `--pay-*` properties.
 * @csspart form - Inline mode: the inner form.
 * @csspart field - Inline mode: each label + input + error group.
 * @csspart label - Inline mode: each label.
 * @csspart input - Inline mode: each input.
 * @csspart number-input - Inline mode: the card-number input.
 * @csspart holder-name-input - Inline mode: the holder-name input.
 * @csspart expiry-input - Inline mode: the expiry input.
 * @csspart cvv-input - Inline mode: the security-code input.
 * @csspart tax-id-input - Inline mode: the CPF or CNPJ input (`collect-tax-id`).
 * @csspart installments - Inline mode: the "Parcelas" select (`amount` and `installments`).
 * @csspart brand - Inline mode: the detected brand's mark, with its name for screen readers.
 * @csspart brands - Inline mode: the row of accepted brands' marks (`show-brands`).
 * @csspart error - Inline mode: each field's error message.
 * @csspart form-error - The message shown when tokenization fails, or when the form is unavailable.
 * @csspart success - Inline mode: the confirmation shown after tokenizing ("Visa •••• 1111 saved").
 * @csspart submit - Inline mode: the pay button.
 *
 * @cssprop [--pay-color-primary=#0b57d0] - Button background and focus ring.
 * @cssprop [--pay-color-on-primary=#ffffff] - Button text.
 * @cssprop [--pay-color-text=#1f1f1f] - Text.
 * @cssprop [--pay-color-muted=#4a4a4a] - Disabled text.
 * @cssprop [--pay-color-placeholder=#707070] - Placeholders: lighter than text, still 4.5:1 (dark theme #969ba1).
 * @cssprop [--pay-color-background=#ffffff] - Background of the form and inputs.
 * @cssprop [--pay-color-border=#6b6b6b] - Input borders.
 * @cssprop [--pay-color-error=#b3261e] - Error text and invalid borders.
 * @cssprop [--pay-font-family=system-ui, sans-serif] - Font (isolated mode: font names only, no web fonts).
 * @cssprop [--pay-font-size=16px] - Base font size.
 * @cssprop [--pay-radius=6px] - Corner radius of inputs and button.
 * @cssprop [--pay-spacing=12px] - Gap between fields.
 * @cssprop [--pay-padding=16px] - Space between the element's edge and its fields, in both themes.
 */
export class PayCardForm extends ReactiveElement {
  /** The host's own box. The form's styles belong to the surface: the frame's document, or the shadow root inline. */
  static override styles = unsafeCSS(`
  :host { display: block; }
  :host([hidden]) { display: none !important; }
  iframe { display: block; width: 100%; height: 0; border: 0; }
  [part='form-error'] { margin: 0; padding: var(--pay-padding, 16px); color: var(--pay-color-error, #b3261e); font: var(--pay-font-size, 16px) var(--pay-font-family, system-ui, sans-serif); }
`);
  /** Makes the element a form control (ElementInternals). */
  static formAssociated = true;
  /** Clicking the element or focusing it from a label lands in the first input (or the frame). */
  static override shadowRootOptions: ShadowRootInit = { ...ReactiveElement.shadowRootOptions, delegatesFocus: true };

  static override properties = {
    mode: { reflect: true },
    frameUrl: { attribute: 'frame-url' },
    publicKey: { attribute: 'public-key' },
    baseUrl: { attribute: 'base-url' },
    locale: {},
    submitLabel: { attribute: 'submit-label' },
    theme: { reflect: true },
    name: { reflect: true },
    required: { type: Boolean, reflect: true },
    hideSubmit: { type: Boolean, attribute: 'hide-submit', reflect: true },
    hideSuccess: { type: Boolean, attribute: 'hide-success', reflect: true },
    showBrands: { type: Boolean, attribute: 'show-brands', reflect: true },
    acceptedBrands: { attribute: 'accepted-brands' },
    amount: { type: Number },
    // JSON, or its text when it is not JSON: the form then says so rather than offer no installments without a word.
    installments: { converter: (value: string | null) => (value === null ? null : parseJson(value)) },
    collectTaxId: { type: Boolean, attribute: 'collect-tax-id', reflect: true },
    messages: { attribute: false },
    configError: { state: true },
  };

  // With `useDefineForClassFields: false` these initialisers are assignments
  // in the constructor, which go through the accessors `properties` creates.
  /**
   * `isolated` (default): the form runs in a frame from the tokenization origin.
   * `inline`: the form runs in this element's shadow root, in your page
   * (not in the classic script, which holds isolated mode only).
   * Read once, when the element first renders.
   */
  mode: 'isolated' | 'inline' = 'isolated';
  /** Isolated mode: the frame's address; by default `{base-url}/frame/v1/card.html`. */
  frameUrl = '';
  /** Your public key (`pk_test_…` or `pk_live_…`). */
  publicKey = '';
  /** Base address of the tokenization service. */
  baseUrl = '';
  /** Language of labels and messages ("en", "pt-BR"); defaults to the document's `lang`. */
  locale = '';
  /** Text of the built-in pay button; defaults to the locale's "Pay". */
  submitLabel = '';
  /** `light` (default), `dark`, or `auto` to follow the shopper's `prefers-color-scheme`. */
  theme: 'light' | 'dark' | 'auto' = 'light';
  /** Name under which the token is submitted with an enclosing form. */
  name = '';
  /** In a form: the form cannot be submitted until the card is complete. */
  required = false;
  /** Hides the built-in pay button, for pages that submit with their own button or form. */
  hideSubmit = false;
  /** Hides the confirmation shown after tokenizing, for pages that show their own. */
  hideSuccess = false;
  /** Shows a row of the accepted brands' marks above the card number; the detected brand stands out. */
  showBrands = false;
  /**
   * The brands the form takes, e.g. `"visa mastercard elo"` (spaces or commas); empty takes every brand.
   * Any other brand is refused as soon as it is detected, with a sentence that names it.
   */
  acceptedBrands = '';
  /**
   * Replaces any built-in sentence, e.g. `{ submit: 'Pagar agora', labels: { cvv: 'CVC' } }`.
   * Error sentences are per problem and get the field's noun: `{ errors: { required: (noun) => 'Falta ' + noun + '.' } }`.
   * Isolated mode: functions are called here with placeholders and cross into the frame as templates.
   */
  messages: MessageOverrides | null = null;
  /**
   * The price in integer centavos (R$ 159,90 is `15990`), which `installments`
   * splits. Change it as the cart changes: the options follow at once.
   */
  amount = 0;
  /**
   * Turns on "Parcelas": the merchant's installment policy, `{ maxInstallments,
   * interestFree, monthlyRate, minInstallment }` as `installmentOptions` takes
   * it, with `amount` from the attribute. As an attribute, JSON:
   * `installments='{"maxInstallments": 12, "interestFree": 3, "monthlyRate": "1.99", "minInstallment": 500}'`.
   * A setting it refuses is said once in the console and in `tokenize-error`,
   * and the form takes no card until it is fixed (docs/installments.md).
   */
  installments: InstallmentPolicy | null = null;
  /** Shows a "CPF ou CNPJ" field for the buyer's document, checked with `parseTaxId` (docs/tax-id.md). */
  collectTaxId = false;

  /** Why `public-key` or `base-url` cannot work, found on connect; the form is unavailable while set. */
  private configError: Error | null = null;

  /** `installments` with `amount` put in, as the form reads it (`FormSettings.installments`). */
  #plan: FormSettings['installments'] = null;
  /** The settings problem last reported by the form, so it is said once. */
  #problem: string | null = null;
  /** The last `change` detail, as JSON: the event fires only when it differs. */
  #lastChange = '';
  /** The card as last reported: its validity, for the form control. */
  #report: CardReport | null = null;
  /** The language of the page around the element, looked up on connect and before each update. */
  #pageLang = '';
  /** The tokenization in flight: its promise, shared by every call until it settles. */
  #pending: Promise<TokenizeResult> | null = null;
  #surface: CardSurface | null = null;
  /** The settings, held to the limits both modes share. */
  readonly #limits = new SettingLimits();
  /** Inline mode: the surface's module, loaded on first use so isolated pages never download it. */
  #loading: Promise<unknown> | null = null;
  readonly #control = new FormControl(this, {
    isEmpty: () => this.#report?.detail.empty ?? true,
    isBusy: () => this.busy,
    tokenize: () => this.tokenize(),
    showErrors: () => this.#surface?.showErrors(),
  });
  readonly #surfaceDelegate: SurfaceDelegate = {
    settings: () => this.#settings(),
    changed: (report) => this.#changed(report),
    edited: () => this.#edited(),
    // Inside a page form, Enter or the pay button submits that form; it tokenizes on the way.
    // Otherwise errors reach the page through `tokenize-error`; nothing more to do here.
    submitted: () => (this.form ? this.form.requestSubmit() : this.tokenize().catch(() => {})),
    failed: (error) => this.#emit(new TokenizeErrorEvent(error)),
    unused: (setting, why) => this.#limits.warn(setting, why),
  };

  /** The form this element belongs to, if any. */
  get form(): HTMLFormElement | null {
    return this.#control.internals?.form ?? null;
  }

  /** Constraint validation, as on native inputs. */
  get validity(): ValidityState | undefined {
    return this.#control.internals?.validity;
  }

  get validationMessage(): string {
    return this.#control.internals?.validationMessage ?? '';
  }

  checkValidity(): boolean {
    return this.#control.internals?.checkValidity() ?? true;
  }

  reportValidity(): boolean {
    return this.#control.internals?.reportValidity() ?? true;
  }

  /**
   * The installment option the shopper chose under "Parcelas", or null when
   * the form offers none: charge `plan.total` centavos in `plan.count`
   * installments (`amount` and `payment_details.installments`).
   */
  get plan(): InstallmentOption | null {
    return this.#report?.detail.plan ?? null;
  }

  /** The buyer's CPF or CNPJ, normalized (`customer.tax_id`), once valid; null otherwise or without `collect-tax-id`. */
  get taxId(): TaxId | null {
    return this.#report?.detail.taxId ?? null;
  }

  /** True while a tokenization is in flight. */
  get busy(): boolean {
    return !!this.#pending;
  }

  /**
   * Resolves once the form can take a card: inline, once its form has
   * rendered; isolated, once the frame has rendered the form and reported
   * its size. Isolated, it rejects with the `FrameError` that
   * `tokenize-error` also carries when the frame does not show the form,
   * retries included, within 30 seconds of the element connecting (its
   * `reason` says why); the shopper then reads that card payment is
   * unavailable. So `await el.ready` never hangs. After {@link retry}, it
   * is a new promise, for the new round.
   */
  get ready(): Promise<void> {
    return this.updateComplete.then(() => this.#surface?.ready);
  }

  /**
   * Validates and tokenizes what the shopper entered. For merchants with their
   * own pay button; the built-in button calls the same. Calls made while one is
   * in flight get the same promise, so a double click never tokenizes twice.
   * Also fires `tokenized` or `tokenize-error`. If the card is edited or reset
   * before the service answers, the request is aborted, the promise rejects
   * with an `AbortError` and no token is kept. Called before the element has
   * ever been in the page, it does not wait: it rejects at once with an
   * `InvalidStateError` that says to append the element to the document
   * first (once connected, it waits for the first render by itself).
   */
  tokenize(): Promise<TokenizeResult> {
    if (this.#pending) return this.#pending;
    const { configError } = this;
    if (configError) {
      this.#emit(new TokenizeErrorEvent(configError));
      return Promise.reject(configError);
    }
    const pending = this.#surfaceTokenize().then(
      (result) => {
        this.#control.setToken(result.token);
        this.#emit(new TokenizedEvent(result));
        return result;
      },
      (error: Error) => {
        // An edit cancelled it: that is the shopper's doing, not a failure to report.
        if (error.name !== 'AbortError') this.#emit(new TokenizeErrorEvent(error));
        throw error;
      },
    );
    this.#pending = pending;
    const settle = () => {
      if (this.#pending === pending) this.#pending = null;
    };
    pending.then(settle, settle);
    return pending;
  }

  /** Connected but not yet rendered (the surface comes with the first update, inline after its module loads): tokenize once it is there. */
  async #surfaceTokenize(): Promise<TokenizeResult> {
    if (!this.#surface && this.isConnected) {
      await this.updateComplete;
      // The first update checks the configuration.
      if (this.configError) throw this.configError;
    }
    // Rejects rather than waits: an element never appended would keep the caller waiting for good.
    if (!this.#surface)
      throw new DOMException('<pay-card-form>: append the element to the document before tokenize().', 'InvalidStateError');
    return this.#surface.tokenize();
  }

  /**
   * Isolated mode: loads the secure frame again after the element gave up on
   * it (`tokenize-error` with a `FrameError`, `ready` rejected), say from a
   * "Try again" button once the service is back. The element already tries
   * three times, one and two seconds apart, before it gives up; this starts
   * a new round like that, with a new `ready` and, should it fail too, one
   * more `tokenize-error`. It does nothing while the frame is loading or
   * once it shows the form, nor inline.
   */
  retry(): void {
    this.#surface?.retry?.();
  }

  /** Empties every field and forgets errors. */
  reset(): void {
    this.#surface?.reset();
  }

  /** Focuses the card-number field. */
  override focus(options?: FocusOptions): void {
    super.focus(options);
    this.#surface?.focus();
  }

  /**
   * @internal
   * A move with `moveBefore()` keeps the element's state, and in isolated
   * mode its frame's document: nothing is to stop or start again.
   */
  connectedMoveCallback(): void {}

  override connectedCallback(): void {
    super.connectedCallback();
    this.#pageLang = pageLang(this);
  }

  /** @internal */
  formAssociatedCallback(form: HTMLFormElement | null): void {
    this.#control.associate(form);
  }

  /** @internal */
  formResetCallback(): void {
    this.reset();
  }

  /** @internal */
  formDisabledCallback(disabled: boolean): void {
    this.#control.setDisabled(disabled);
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    // Inline, the first update waits for the form's module; the update after it builds the form.
    if (!this.#loading) return done;
    await this.#loading;
    return super.getUpdateComplete();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#pageLang = pageLang(this);
    // Made once per change, not per read: the settings are held (and their messages packed) again only when one differs.
    if (changed.has('installments') || changed.has('amount')) {
      const policy = this.installments as unknown;
      this.#plan = policy == null ? null : typeof policy === 'object' ? { ...policy, amount: this.amount } : String(policy);
    }
    // The first update has both (the constructor sets them): that is the check on connect.
    // Here rather than in `updated`, so what the checks change renders in this same update.
    if (changed.has('publicKey') || changed.has('baseUrl')) this.#checkConfig();
  }

  protected override updated(changed: PropertyValues<this>): void {
    // `required` changes the validity of the card as it is.
    if (changed.has('required') && this.#report) this.#changed(this.#report);
  }

  /**
   * Lit's reactive update, without a template engine: the surface builds its
   * fixed markup once, then each update writes only what changed.
   */
  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    const surface = this.#surface ?? this.#createSurface();
    // A new language changes every sentence shown, so the card is reported again; the first update has all three.
    surface?.update(this.renderRoot as ShadowRoot, changed.has('locale') || changed.has('messages') || changed.has('acceptedBrands'));
  }

  /**
   * The surface for `mode`; inline, null until its module has loaded (an
   * update follows). A build without the inline form (the classic script)
   * runs isolated rather than take no card.
   */
  #createSurface(): CardSurface | null {
    if (this.mode === 'inline') {
      this.#loading ??=
        loadInlineForm()?.then(({ InlineSurface }) => {
          this.#surface = new InlineSurface(this, this.#surfaceDelegate);
          this.#loading = null;
          // Every setting is new to the surface: render and report everything.
          this.requestUpdate('locale');
        }) ?? null;
      if (this.#loading) return null;
    }
    return (this.#surface = new FramedSurface(this, this.#surfaceDelegate, () => this.#frameUrl()));
  }

  /** `frame-url`, or the frame under `base-url`; '' when neither is a usable address. */
  #frameUrl(): string {
    try {
      return this.frameUrl
        ? checkBaseUrl(this.frameUrl, '<pay-card-form>')
        : `${checkBaseUrl(this.baseUrl, '<pay-card-form>')}/${FRAME_PATH}`;
    } catch {
      return '';
    }
  }

  #settings(): FormSettings {
    return this.#limits.hold({
      lang: this.locale || this.#pageLang,
      messages: this.messages,
      acceptedBrands: this.acceptedBrands,
      publicKey: this.publicKey,
      baseUrl: this.baseUrl,
      disabled: this.#control.disabled,
      unavailable: !!this.configError,
      hideSubmit: this.hideSubmit,
      hideSuccess: this.hideSuccess,
      showBrands: this.showBrands,
      submitLabel: this.submitLabel,
      theme: this.theme,
      installments: this.#plan,
      collectTaxId: this.collectTaxId,
    });
  }

  /** The card changed: a token belongs to the old card. (The surface cancels a tokenization in flight.) */
  #edited(): void {
    this.#control.setToken(null);
  }

  /**
   * Checks the key and base URL with the rules `tokenize` applies, so a
   * misconfigured page is found before anyone types a card: one warning with
   * the fix (the message names the setting, never its value), one
   * `tokenize-error`, and the shopper is told that card payment is unavailable.
   */
  #checkConfig(): void {
    const was = this.configError;
    try {
      checkTokenizeConfig(this.#settings().publicKey, this.baseUrl, '<pay-card-form>');
      this.configError = null;
    } catch (error) {
      this.configError = error as Error;
      // The same problem found again (e.g. the other attribute changed) is not reported twice.
      if (was?.message === (error as Error).message) return;
      console.warn(`${(error as Error).message} Set the public-key and base-url attributes.`);
      this.#emit(new TokenizeErrorEvent(error as Error));
    }
  }

  /** Updates the form validity, and fires `change` when its detail differs from the last one. */
  #changed(report: CardReport): void {
    this.#report = report;
    const { detail, invalid, problem } = report;
    if (problem !== this.#problem) {
      this.#problem = problem;
      if (problem) {
        console.warn(problem);
        this.#emit(new TokenizeErrorEvent(new ConfigurationError(problem)));
      }
    }
    this.#control.setExtras(detail);
    this.#control.setValidity(invalid?.message ?? '', invalid ? this.#surface?.anchor(invalid.field) : undefined);
    const key = JSON.stringify(detail);
    if (key !== this.#lastChange) this.#emit(new CardChangeEvent(detail));
    this.#lastChange = key;
  }

  /**
   * Every event leaves through here. The manifest analyzer would read
   * `this.dispatchEvent(new TokenizedEvent(result))` as an event named
   * "result"; from a variable it reads nothing, and the `@fires` tags above
   * describe the events.
   */
  #emit(event: CardChangeEvent | TokenizedEvent | TokenizeErrorEvent): void {
    this.dispatchEvent(event);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pay-card-form': PayCardForm;
  }
}
