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
import { formHeight } from '../form/form-height.js';
import { loadInlineForm } from './inline-mode.js';
import { SettingChecks, type Held } from './setting-checks.js';
import { settingProperties } from './setting-properties.js';
import { defaults, SETTINGS, type SettingName, type SettingValue, type SettingValues } from '../channel/settings.js';
import type { MessageOverrides } from '../form/messages.js';
import type { InstallmentPolicy, InstallmentOption } from '../card/installments.js';
import type { TaxId } from '../document/tax-id.js';
import { ConfigurationError } from '../shared/errors.js';
import { afterPageScripts } from './after-page-scripts.js';

const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

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
 * @fires {CustomEvent<TokenizeErrorDetail>} tokenize-error - Validation, key, API or network failure; a missing or malformed `public-key`, `base-url` or other setting found on connect, told once the page's own scripts have run (an `amount` or `installments` it cannot use is a `ConfigurationError`, once; `el.error` holds it); or, isolated, a frame that did not show the form, retries included (a `FrameError`, a `NetworkError`, whose `reason` says why: `unreachable`, `not-the-frame`, `refused`, `not-started` or `local-network`; once per failure, within 30 s); `detail.error` is typed ({@link TokenizeErrorEvent}).
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
 * @csspart installments-note - Inline mode: the sentence under the "Parcelas" select when a new `amount` no longer offers the count chosen.
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

  /** One reactive property per row of the settings table (`channel/settings.ts`), where each is declared once with its check. */
  static override properties = settingProperties();

  /**
   * `isolated` (default): the form runs in a frame from the tokenization origin.
   * `inline`: the form runs in this element's shadow root, in your page
   * (not in the classic script, which holds isolated mode only).
   * Read once, when the element first renders.
   */
  declare mode: SettingValue<'mode'>;
  /** Isolated mode: the frame's address; by default `{base-url}/frame/v1/card.html`. */
  declare frameUrl: string;
  /** Your public key (`pk_test_…` or `pk_live_…`). */
  declare publicKey: string;
  /** Base address of the tokenization service. */
  declare baseUrl: string;
  /** Language of labels and messages ("en", "pt-BR"); defaults to the document's `lang`. */
  declare locale: string;
  /** Text of the built-in pay button; defaults to the locale's "Pay". */
  declare submitLabel: string;
  /** `light` (default), `dark`, or `auto` to follow the shopper's `prefers-color-scheme`. */
  declare theme: SettingValue<'theme'>;
  /** Name under which the token is submitted with an enclosing form. */
  declare name: string;
  /** In a form: the form cannot be submitted until the card is complete. */
  declare required: boolean;
  /** Hides the built-in pay button, for pages that submit with their own button or form. */
  declare hideSubmit: boolean;
  /** Hides the confirmation shown after tokenizing, and leaves it unsaid, for pages that tell the outcome themselves. */
  declare hideSuccess: boolean;
  /** Shows a row of the accepted brands' marks above the card number; the detected brand stands out. */
  declare showBrands: boolean;
  /**
   * The brands the form takes, e.g. `"visa mastercard elo"` (spaces or commas); empty takes every brand.
   * Any other brand is refused as soon as it is detected, with a sentence that names it.
   */
  declare acceptedBrands: string;
  /**
   * Replaces any built-in sentence, e.g. `{ submit: 'Pagar agora', labels: { cvv: 'CVC' } }`.
   * Error sentences are per problem and get the field's noun: `{ errors: { required: (noun) => 'Falta ' + noun + '.' } }`.
   * Isolated mode: functions are called here with placeholders and cross into the frame as templates.
   */
  declare messages: MessageOverrides | null;
  /**
   * The price in integer centavos (R$ 159,90 is `15990`), which `installments`
   * splits. Change it as the cart changes: the options follow at once. A
   * value that is not a whole number of centavos is a `ConfigurationError`.
   */
  declare amount: number;
  /**
   * Turns on "Parcelas": the merchant's installment policy, `{ maxInstallments,
   * interestFree, monthlyRate, minInstallment }` as `installmentOptions` takes
   * it, with `amount` from the attribute. As an attribute, JSON:
   * `installments='{"maxInstallments": 12, "interestFree": 3, "monthlyRate": "1.99", "minInstallment": 500}'`;
   * the property takes the same JSON text too.
   * A setting it refuses is said once in the console and in `tokenize-error`,
   * `ready` rejects with it, and the form takes no card until it is fixed
   * (docs/installments.md).
   */
  declare installments: InstallmentPolicy | string | null;
  /** Shows a "CPF ou CNPJ" field for the buyer's document, checked with `parseTaxId` (docs/tax-id.md). */
  declare collectTaxId: boolean;

  constructor() {
    super();
    // Through the accessors `properties` made; a value a page set before the element was defined is put back on first update.
    Object.assign(this, defaults());
  }

  /** Why the form cannot take a card as set up: the key, the base URL, or a setting it cannot go on without. Found on connect and on each change. */
  #configError: Error | null = null;
  /** What the form found wrong with its settings (a plan `installmentOptions` refuses): it takes no card while set. */
  #problem: ConfigurationError | null = null;
  /** The last `change` detail, as JSON: the event fires only when it differs. */
  #lastChange = '';
  /** The card as last reported: its validity, for the form control. */
  #report: CardReport | null = null;
  /** The language of the page around the element, looked up on connect and before each update. */
  #pageLang = '';
  /** The tokenization in flight: its promise, shared by every call until it settles. */
  #pending: Promise<TokenizeResult> | null = null;
  #surface: CardSurface | null = null;
  /** Every setting held to its row of the settings table, the same in both modes. */
  readonly #checks = new SettingChecks(() => this.requestUpdate('messages'));
  /** What {@link #checks} last gave. */
  #held: Held | null = null;
  /** Inline mode: the surface's module, loaded on first use so isolated pages never download it. */
  #loading: Promise<unknown> | null = null;
  /** Inline mode, while its module loads: the room the form will take. */
  #space: HTMLElement | null = null;
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
    unused: (setting, why) => this.#checks.warn(setting, why),
    pending: () => (this.#held ??= this.#hold()).pending,
    overrides: () => this.#checks.overrides(),
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
   * Why the form cannot take a card right now, or null: a missing or
   * malformed `public-key` (a secret key included), an unusable `base-url`,
   * a setting the form cannot go on without (`amount`, `installments`), the
   * file of Parcelas and the document not arriving in three attempts (each a
   * `ConfigurationError`), isolated, a frame that did not show the form (a
   * `FrameError`), or, inline, a form whose file did not arrive (a
   * `NetworkError`). The same error `tokenize-error` carries and `ready`
   * rejects with; readable at any time, so a page that listens late still
   * learns it. Null again once fixed.
   */
  get error(): Error | null {
    return this.#configError ?? this.#problem ?? this.#surface?.failure ?? null;
  }

  /**
   * Resolves once the form can take a card, that is once `tokenize()` can
   * succeed: once the whole form (Parcelas and the document too, when they
   * are on) has rendered; isolated, once the frame has also reported its
   * size. It rejects with {@link error} when the form cannot: a key, base
   * URL or setting it cannot use (at once, or as soon as the form finds a
   * plan it refuses), isolated, a frame that did not show the form, retries
   * included, within 30 seconds of the element connecting (the
   * `FrameError`'s `reason` says why), or, inline, a form whose file did not
   * arrive in three attempts (a `NetworkError`); the file of Parcelas and
   * the document gets three attempts too (then a `ConfigurationError`). So
   * `await el.ready` never hangs. After {@link retry}, or once a setting is fixed,
   * read it again for the new state.
   */
  get ready(): Promise<void> {
    return this.updateComplete.then(async () => {
      this.#throwIfUnusable();
      await this.#surface?.ready;
      this.#throwIfUnusable();
    });
  }

  #throwIfUnusable(): void {
    const error = this.#configError ?? this.#problem;
    if (error) throw error;
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
    const configError = this.#configError;
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
      if (this.#configError) throw this.#configError;
    }
    // Rejects rather than waits: an element never appended would keep the caller waiting for good.
    if (!this.#surface)
      throw new DOMException('<pay-card-form>: append the element to the document before tokenize().', 'InvalidStateError');
    // A setting changed just before (the key, say) counts now, before the element's update has run.
    this.#hold();
    return this.#surface.tokenize();
  }

  /**
   * Loads the secure frame again after the element gave up on it
   * (`tokenize-error` with a `FrameError`, `ready` rejected), or, inline,
   * the form's file, say from a "Try again" button once the network is
   * back. The element already tries three times, one and two seconds
   * apart, before it gives up; this starts a new round like that, with a new
   * `ready` and, should it fail too, one more `tokenize-error`. It does
   * nothing while the form is loading or once it is shown.
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
    // Inline, the first update waits for the form's module; the update after it builds the form. The
    // checks of an override (`messages`, a `--pay-*` value) on their way: the update they bring counts too.
    const waiting = this.#loading ?? this.#checks.loading;
    if (!waiting) return done;
    await waiting;
    return super.getUpdateComplete();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#pageLang = pageLang(this);
    // The first update has every setting (the constructor sets them all): that is the check on connect.
    // Here rather than in `updated`, so what the checks change renders in this same update.
    const where = changed.has('publicKey') || changed.has('baseUrl') || changed.has('frameUrl') || changed.has('mode');
    const keyError = where ? this.#keyError() : this.#keyErrorSeen;
    this.#keyErrorSeen = keyError;
    const error = keyError ?? this.#hold().error;
    // The same problem found again (e.g. the other attribute changed) keeps the error already told: it is not told twice.
    if (error?.message === this.#configError?.message) return;
    this.#configError = error;
    if (error) this.#tell(error, keyError ? ' Set the public-key and base-url attributes.' : '');
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
      // Asked for once: an update while the module is on its way finds it loading.
      const form = this.#loading ? null : loadInlineForm();
      // The checks of `messages`, when set, come first: the form never shows its own sentences in their place.
      this.#loading ??= form
        ? Promise.all([form, this.#checks.loading]).then(([make]) => {
            this.#surface = make(this, this.#surfaceDelegate, () => {
              this.#surface = null;
              this.requestUpdate();
            });
            this.#loading = null;
            this.#space?.remove();
            this.#space = null;
            // Every setting is new to the surface: render and report everything.
            this.requestUpdate('locale');
          })
        : null;
      if (this.#loading) {
        // Until the form arrives, the height it most likely has, as the frame gets isolated: nothing below moves when it does.
        // The width that counts is the viewport's, which the form's breakpoint reads inline.
        (this.#space ??= this.renderRoot.appendChild(document.createElement('div'))).style.height =
          `${formHeight(innerWidth, this.#settings())}px`;
        return null;
      }
    }
    return (this.#surface = new FramedSurface(this, this.#surfaceDelegate, () => this.#frameUrl()));
  }

  /** A setting's value if it passes its row's check, its default otherwise: what the form uses. */
  #used<K extends SettingName>(name: K): SettingValue<K> {
    const value = this[name] as SettingValue<K>;
    return SETTINGS[name].check(value) ? value : (SETTINGS[name].default as SettingValue<K>);
  }

  /** `frame-url`, or the frame under `base-url`; '' when neither is a usable address. */
  #frameUrl(): string {
    const frameUrl = this.#used('frameUrl');
    try {
      return frameUrl
        ? checkBaseUrl(frameUrl, '<pay-card-form>', this.publicKey)
        : `${checkBaseUrl(this.baseUrl, '<pay-card-form>', this.publicKey)}/${FRAME_PATH}`;
    } catch {
      return '';
    }
  }

  /** The settings as last held: once per update, and again by `tokenize()`, never per read (the form reads them on every keystroke). */
  #settings(): FormSettings {
    return (this.#held ??= this.#hold()).settings;
  }

  /** Every setting held to its row, as the properties are now; the same object while none has changed. */
  #hold(): Held {
    const values = Object.fromEntries(SETTING_NAMES.map((name) => [name, this[name]])) as SettingValues;
    return (this.#held = this.#checks.hold(values, {
      pageLang: this.#pageLang,
      disabled: this.#control.disabled,
      unavailable: !!this.#keyErrorSeen,
    }));
  }

  /** The card changed: a token belongs to the old card. (The surface cancels a tokenization in flight.) */
  #edited(): void {
    this.#control.setToken(null);
  }

  /** The key and base URL's error as of the last check; kept between updates that change neither. */
  #keyErrorSeen: Error | null = null;

  /**
   * Checks the key and base URL with the rules `tokenize` applies, so a
   * misconfigured page is found before anyone types a card. The message
   * names the setting, never its value.
   */
  #keyError(): Error | null {
    try {
      checkTokenizeConfig(this.publicKey, this.baseUrl, '<pay-card-form>');
      // Isolated, a frame address of its own must be one the card may go to as well.
      const frameUrl = this.#used('frameUrl');
      if (frameUrl && this.mode !== 'inline') checkBaseUrl(frameUrl, '<pay-card-form> frame-url', this.publicKey);
      return null;
    } catch (error) {
      return error as Error;
    }
  }

  /**
   * Tells the page, once, that the form cannot take a card: a warning in the
   * console with the fix, and a `tokenize-error` once the page's own scripts
   * have run, so a listener added after the element hears it. If it was fixed
   * meanwhile, nothing is fired; `error` and `ready` hold it either way.
   */
  #tell(error: Error, fix = ''): void {
    console.warn(`${error.message}${fix}`);
    afterPageScripts(() => {
      if (this.error === error) this.#emit(new TokenizeErrorEvent(error));
    });
  }

  /** Updates the form validity, and fires `change` when its detail differs from the last one. */
  #changed(report: CardReport): void {
    this.#report = report;
    const { detail, invalid, problem } = report;
    if (problem !== (this.#problem?.message ?? null)) {
      this.#problem = problem ? new ConfigurationError(problem) : null;
      if (this.#problem) this.#tell(this.#problem);
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
