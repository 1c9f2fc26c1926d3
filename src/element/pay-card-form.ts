import { ReactiveElement, type PropertyValues } from '@lit/reactive-element';
import { brandInfo, detectBrand, type Brand } from '../card/brands.js';
import { digitsOnly, parseExpiry } from '../card/parsers.js';
import { preprocessCardNumber, preprocessCvv, preprocessExpiry, type EditState } from '../card/preprocessors.js';
import { validateCard, type CardErrorCode } from '../card/validators.js';
import type { CardField, CardInput, TokenizeResult } from '../card/types.js';
import { tokenize } from '../tokenize/tokenize.js';
import { AuthenticationError, ConfigurationError, NetworkError, PayCardError, ValidationError } from '../tokenize/errors.js';
import { errorText, mergeMessages, messagesFor, type FieldName, type MessageOverrides, type Messages } from './messages.js';
import { styles } from './pay-card-form.styles.js';
import { buildView, FIELDS, setAttr, setText, type View } from './view.js';

/** One field's state in the `change` event. `error` is the message shown to the shopper, or null. */
export interface FieldState {
  valid: boolean;
  error: string | null;
}

/** `detail` of the `change` event. */
export interface ChangeDetail {
  complete: boolean;
  empty: boolean;
  brand: Brand | null;
  fields: Record<FieldName, FieldState>;
}

/** `detail` of the `tokenize-error` event. */
export interface TokenizeErrorDetail {
  error: Error;
}

/**
 * Events of the inner inputs that carry what was typed (a key, the inserted
 * text, the clipboard). They are composed, so without this they would reach
 * every listener on the page, analytics included. The page learns what it
 * needs from `change`, `tokenized` and `tokenize-error`.
 */
const CONTAINED_EVENTS = [
  'keydown',
  'keyup',
  'keypress',
  'beforeinput',
  'input',
  'paste',
  'copy',
  'cut',
  'compositionstart',
  'compositionupdate',
  'compositionend',
] as const;
const stopAtShadowRoot = (event: Event) => event.stopPropagation();


/** Error code per field; absent or undefined when the field is valid. */
type Codes = Partial<Record<FieldName, CardErrorCode>>;

/**
 * Card entry that formats, detects the brand, validates, and tokenizes with your public key.
 * Card data stays inside the element's shadow root: it is never written to an
 * attribute, an event, the console or storage. Your page receives only the token.
 *
 * @summary Card form that hands your page a token, never the card.
 *
 * Inside a `<form>` it is a form control: it reports validity, honours
 * `required` and `disabled`, clears on form reset, tokenizes when the form is
 * submitted, and contributes the token (never the card) under its `name`.
 *
 * @fires change - `CustomEvent<ChangeDetail>`: completeness, brand and per-field validity changed.
 * @fires tokenized - `CustomEvent<TokenizeResult>`: the card was tokenized; `detail` is the TokenizeResult.
 * @fires tokenize-error - `CustomEvent<{ error }>`: validation, key, API or network failure; `error` is typed.
 *
 * @csspart form - The inner form.
 * @csspart field - Each label + input + error group.
 * @csspart label - Each label.
 * @csspart input - Each input.
 * @csspart number-input - The card-number input.
 * @csspart holder-name-input - The holder-name input.
 * @csspart expiry-input - The expiry input.
 * @csspart cvv-input - The security-code input.
 * @csspart brand - The detected brand's name.
 * @csspart error - Each field's error message.
 * @csspart form-error - The message shown when tokenization fails.
 * @csspart submit - The pay button.
 *
 * @cssprop [--pay-color-primary=#0b57d0] - Button background and focus ring.
 * @cssprop [--pay-color-on-primary=#ffffff] - Button text.
 * @cssprop [--pay-color-text=#1f1f1f] - Text.
 * @cssprop [--pay-color-muted=#4a4a4a] - Placeholders and the brand name.
 * @cssprop [--pay-color-background=#ffffff] - Background of the form and inputs.
 * @cssprop [--pay-color-border=#6b6b6b] - Input borders.
 * @cssprop [--pay-color-error=#b3261e] - Error text and invalid borders.
 * @cssprop [--pay-font-family=system-ui, sans-serif] - Font.
 * @cssprop [--pay-font-size=16px] - Base font size.
 * @cssprop [--pay-radius=6px] - Corner radius of inputs and button.
 * @cssprop [--pay-spacing=12px] - Gap between fields.
 */
export class PayCardForm extends ReactiveElement {
  static override styles = styles;
  /** Makes the element a form control (ElementInternals). */
  static formAssociated = true;
  /** Clicking the element or focusing it from a label lands in the first input. */
  static override shadowRootOptions: ShadowRootInit = { ...ReactiveElement.shadowRootOptions, delegatesFocus: true };

  static override properties = {
    publicKey: { type: String, attribute: 'public-key' },
    baseUrl: { type: String, attribute: 'base-url' },
    locale: { type: String },
    submitLabel: { type: String, attribute: 'submit-label' },
    theme: { type: String, reflect: true },
    name: { type: String, reflect: true },
    required: { type: Boolean, reflect: true },
    hideSubmit: { type: Boolean, attribute: 'hide-submit', reflect: true },
    messages: { attribute: false },
    _disabled: { state: true },
    _brand: { state: true },
    _shown: { state: true },
    _busy: { state: true },
    _failure: { state: true },
    _announcement: { state: true },
  };

  /** Your public key (`pk_test_…` or `pk_live_…`). */
  declare publicKey: string;
  /** Base address of the tokenization service. */
  declare baseUrl: string;
  /** Language of labels and messages ("en", "pt-BR"); defaults to the document's `lang`. */
  declare locale: string;
  /** Text of the built-in pay button; defaults to the locale's "Pay". */
  declare submitLabel: string;
  /** `light` (default), `dark`, or `auto` to follow the shopper's `prefers-color-scheme`. */
  declare theme: 'light' | 'dark' | 'auto';
  /** Name under which the token is submitted with an enclosing form. */
  declare name: string;
  /** In a form: the form cannot be submitted until the card is complete. */
  declare required: boolean;
  /** Hides the built-in pay button, for pages that submit with their own button or form. */
  declare hideSubmit: boolean;
  /**
   * Replaces any built-in sentence, e.g. `{ submit: 'Pagar agora', labels: { cvv: 'CVC' } }`.
   * Error sentences are per problem and get the field's noun: `{ errors: { required: (noun) => 'Falta ' + noun + '.' } }`.
   */
  declare messages: MessageOverrides | null;

  declare private _disabled: boolean;
  declare private _brand: Brand | null;
  declare private _shown: Codes;
  declare private _busy: boolean;
  declare private _failure: string;
  declare private _announcement: string;

  /** What each input holds. Kept off properties and attributes on purpose: it is card data. */
  #values: Record<FieldName, string> = { number: '', holderName: '', expiry: '', cvv: '' };
  #pending: Promise<TokenizeResult> | null = null;
  #lastChange = '';
  /** The token for the card as it is now; cleared by any edit. */
  #token: string | null = null;
  #ownerForm: HTMLFormElement | null = null;
  /** The merged sentences, kept until the language or the overrides change. */
  #messagesCache: { lang: string; overrides: MessageOverrides | null; value: Messages } | null = null;
  /** The language of the page around the element, looked up on connect and before each update. */
  #lang = '';
  /** Bumped by every edit and reset, so a tokenization that finishes late cannot attach its token to another card. */
  #generation = 0;
  /** The form's nodes, once the first update has built them. */
  #view: View | null = null;
  readonly #internals: ElementInternals | null = typeof this.attachInternals === 'function' ? this.attachInternals() : null;

  constructor() {
    super();
    this.publicKey = '';
    this.baseUrl = '';
    this.locale = '';
    this.submitLabel = '';
    this.theme = 'light';
    this.name = '';
    this.required = false;
    this.hideSubmit = false;
    this.messages = null;
    this._disabled = false;
    this._brand = null;
    this._shown = {};
    this._busy = false;
    this._failure = '';
    this._announcement = '';
  }

  /** The sentences in use: the language's, with the merchant's overrides laid over them. */
  get #m(): Messages {
    const lang = this.locale || this.#lang;
    const cached = this.#messagesCache;
    if (cached?.lang === lang && cached.overrides === this.messages) return cached.value;
    const value = mergeMessages(messagesFor(lang), this.messages);
    this.#messagesCache = { lang, overrides: this.messages, value };
    return value;
  }

  /** The form this element belongs to, if any. */
  get form(): HTMLFormElement | null {
    return this.#internals?.form ?? null;
  }

  /** Constraint validation, as on native inputs. */
  get validity(): ValidityState | undefined {
    return this.#internals?.validity;
  }

  get validationMessage(): string {
    return this.#internals?.validationMessage ?? '';
  }

  checkValidity(): boolean {
    return this.#internals?.checkValidity() ?? true;
  }

  reportValidity(): boolean {
    return this.#internals?.reportValidity() ?? true;
  }

  /** True while a tokenization is in flight. */
  get busy(): boolean {
    return this._busy;
  }

  /**
   * Validates and tokenizes what the shopper entered. For merchants with their
   * own pay button; the built-in button calls the same. Calls made while one is
   * in flight get the same promise, so a double click never tokenizes twice.
   * Also fires `tokenized` or `tokenize-error`. If the card is edited or reset
   * before the service answers, the promise rejects with an `AbortError` and
   * the token is not kept.
   */
  tokenize(): Promise<TokenizeResult> {
    if (this.#pending) return this.#pending;
    const m = this.#m;
    const codes = this.#validate();
    const invalid = FIELDS.filter((f) => codes[f]);
    this._shown = codes;
    this._failure = '';
    this.#emitChange(codes);
    if (invalid.length) {
      const first = invalid[0]!;
      this.#announce(`${m.fixErrors(invalid.length)} ${errorText(m, first, codes[first]!)}`);
      void this.updateComplete.then(() => this.#input(first)?.focus());
      // The card field at fault: for the expiry input, its month or its year.
      const { errors } = validateCard(this.#card());
      const field: CardField =
        first === 'expiry' ? (errors['card.expirationMonth'] ? 'card.expirationMonth' : 'card.expirationYear') : `card.${first}`;
      const error = new ValidationError(field, codes[first]!);
      this.#emit('tokenize-error', { error });
      return Promise.reject(error);
    }
    this._busy = true;
    const generation = this.#generation;
    const pending = tokenize(this.#card(), { publicKey: this.publicKey, baseUrl: this.baseUrl })
      .then((result) => {
        if (generation !== this.#generation) throw new DOMException('The card changed while it was being tokenized.', 'AbortError');
        this.#token = result.token;
        this.#internals?.setFormValue(result.token);
        this.#announce(this.#m.tokenized(this.#m.brandNames[result.brand], result.lastFourDigits));
        this.#emit('tokenized', result);
        return result;
      })
      .catch((error: unknown) => {
        if ((error as Error)?.name !== 'AbortError') {
          const f = this.#m.failure;
          // A wrong key or base URL is the store's to fix, not the shopper's.
          this._failure =
            error instanceof AuthenticationError || error instanceof ConfigurationError
              ? f.authentication
              : error instanceof PayCardError && !(error instanceof NetworkError)
                ? f.api
                : f.network;
          this.#announce(this._failure);
          this.#emit('tokenize-error', { error });
        }
        throw error;
      })
      .finally(() => {
        this._busy = false;
        this.#pending = null;
      });
    return (this.#pending = pending);
  }

  /** Empties every field and forgets errors. */
  reset(): void {
    this.#generation++;
    for (const field of FIELDS) {
      this.#values[field] = '';
      const input = this.#input(field);
      if (input) input.value = '';
    }
    this._brand = null;
    this._shown = {};
    this._failure = '';
    this.#forgetToken();
    this.#emitChange();
  }

  protected override createRenderRoot() {
    const root = super.createRenderRoot();
    for (const type of CONTAINED_EVENTS) root.addEventListener(type, stopAtShadowRoot);
    return root;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#lang = this.#pageLang();
    this.addEventListener('invalid', this.#onInvalid);
  }

  /** `lang` of the nearest ancestor that has one, else the document's. */
  #pageLang(): string {
    return this.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('invalid', this.#onInvalid);
  }

  /** @internal The browser tells us whenever our form changes (also on connect and disconnect). */
  formAssociatedCallback(form: HTMLFormElement | null): void {
    this.#ownerForm?.removeEventListener('submit', this.#onOwnerSubmit, true);
    this.#ownerForm = form;
    // Capture runs before the page's own submit listeners, which must not see a submit without a token.
    form?.addEventListener('submit', this.#onOwnerSubmit, true);
  }

  /** @internal */
  formResetCallback(): void {
    this.reset();
  }

  /** @internal */
  formDisabledCallback(disabled: boolean): void {
    this._disabled = disabled;
  }

  protected override willUpdate(): void {
    this.#lang = this.#pageLang();
  }

  protected override firstUpdated(): void {
    this.#emitChange();
  }

  protected override updated(changed: PropertyValues<this>): void {
    // A new language changes every visible error message, so the change event must say so too.
    if (changed.has('locale') || changed.has('messages')) this.#emitChange();
    else if (changed.has('required')) this.#updateValidity(this.#validate());
  }

  /**
   * Lit's reactive update, without a template engine: the form is fixed, so
   * it is built once (see {@link buildView}) and each update writes only the
   * texts and states that depend on properties, and only where they changed,
   * so the live region speaks only when its sentence changes.
   */
  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    const view = (this.#view ??= this.#mountView());
    const m = this.#m;
    const busy = this._busy;
    setAttr(view.form, 'aria-busy', String(busy));
    for (const field of FIELDS) {
      const input = view.inputs[field];
      const shown = this._shown[field];
      setText(view.labels[field], m.labels[field]);
      setAttr(input, 'placeholder', m.placeholders[field] ?? '');
      setAttr(input, 'aria-invalid', String(!!shown));
      setAttr(input, 'readonly', busy);
      setAttr(input, 'disabled', this._disabled);
      setText(view.errors[field], shown ? errorText(m, field, shown) : '');
    }
    setAttr(view.brand, 'hidden', !this._brand);
    setText(view.brand, this._brand ? m.brandNames[this._brand] : '');
    setText(view.failure, this._failure);
    setAttr(view.submit, 'hidden', this.hideSubmit);
    setAttr(view.submit, 'disabled', this._disabled);
    setAttr(view.submit, 'aria-disabled', String(busy));
    setAttr(view.submit, 'aria-describedby', busy ? 'busy-explanation' : 'form-error');
    setText(view.submit, busy ? m.busy : this.submitLabel || m.submit);
    setText(view.busyExplanation, m.busyExplanation);
    setText(view.status, this._announcement);
  }

  /** Builds the form into the render root, once, and listens to it. */
  #mountView(): View {
    const view = buildView();
    view.form.addEventListener('submit', (event) => this.#onSubmit(event));
    for (const field of FIELDS) {
      view.inputs[field].addEventListener('input', (event) => this.#onInput(field, event as InputEvent));
      view.inputs[field].addEventListener('blur', () => this.#showError(field));
    }
    this.renderRoot.append(view.form);
    return view;
  }

  #onInput(field: FieldName, event: InputEvent): void {
    const input = event.target as HTMLInputElement;
    const focused = this.shadowRoot!.activeElement === input;
    if (field !== 'holderName') {
      const edit: EditState = {
        caretIndex: input.selectionStart ?? input.value.length,
        prevViewValue: this.#values[field],
        inputType: event.inputType,
      };
      const next =
        field === 'number'
          ? preprocessCardNumber(input.value, edit)
          : field === 'expiry'
            ? preprocessExpiry(input.value, edit)
            : preprocessCvv(input.value, edit, this._brand ? brandInfo(this._brand).cvvLength : 4);
      if (input.value !== next.viewValue) input.value = next.viewValue;
      // Autofill writes into fields that do not have focus; moving their caret would be pointless.
      if (focused) input.setSelectionRange(next.caretIndex, next.caretIndex);
    }
    this.#values[field] = input.value;
    this.#generation++;
    this.#forgetToken();
    this._failure = '';
    if (field === 'number') {
      const brand = detectBrand(input.value);
      if (brand && brand !== this._brand) this.#announce(this.#m.brandDetected(this.#m.brandNames[brand]));
      this._brand = brand;
    }
    const codes = this.#validate();
    // A field filled without focus (autofill) gets the blur treatment at once.
    if (!focused) return this.#showError(field, codes);
    // While typing, an error can go away but never appear (it appears on blur or submit).
    if (this._shown[field] && !codes[field]) this._shown = { ...this._shown, [field]: undefined };
    this.#emitChange(codes);
  }

  /** Shows (and announces) the field's current error, as on blur; an untouched empty field stays quiet. */
  #showError(field: FieldName, codes = this.#validate()): void {
    const code = codes[field];
    if ((this.#values[field] || this._shown[field]) && code !== this._shown[field]) {
      this._shown = { ...this._shown, [field]: code };
      if (code) this.#announce(errorText(this.#m, field, code));
    }
    this.#emitChange(codes);
  }

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    // Inside a page form, Enter or the pay button submits that form; it tokenizes on the way.
    // Otherwise errors reach the page through `tokenize-error`; nothing more to do here.
    if (this.form) this.form.requestSubmit();
    else this.tokenize().catch(() => {});
  }

  /** The enclosing form is being submitted: tokenize first, then submit again with the token. */
  #onOwnerSubmit = (event: SubmitEvent): void => {
    // Nothing to add: a token is ready, the control is disabled, or an optional card was left empty.
    if (this.#token || this._disabled || (!this.required && this.#empty())) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // A second submit while tokenizing: the first one will resubmit; this one must not post too.
    if (this.#pending) return;
    const form = event.target as HTMLFormElement;
    const submitter = event.submitter;
    this.tokenize()
      .then(() => form.requestSubmit(submitter?.isConnected ? submitter : null))
      .catch(() => {});
  };

  /** The form's own validation found this control invalid: show why, as a failed submit would. */
  #onInvalid = (): void => {
    this._shown = this.#validate();
    this.#emitChange();
  };

  #forgetToken(): void {
    if (this.#token === null) return;
    this.#token = null;
    this.#internals?.setFormValue(null);
  }

  #empty(): boolean {
    return FIELDS.every((f) => !this.#values[f]);
  }

  /** Tells the form whether it may submit: a partly typed card never may; an empty one only when not required. */
  #updateValidity(codes: Codes): void {
    const empty = this.#empty();
    const first = FIELDS.find((f) => codes[f]);
    if (!first || (empty && !this.required)) this.#internals?.setValidity({});
    else this.#internals?.setValidity(empty ? { valueMissing: true } : { badInput: true }, errorText(this.#m, first, codes[first]!), this.#input(first) ?? undefined);
  }

  /** Current error code per field, or undefined when valid. */
  #validate(): Codes {
    const { errors } = validateCard(this.#card());
    const typed = digitsOnly(this.#values.expiry).length;
    return {
      number: errors['card.number'],
      holderName: errors['card.holderName'],
      // One to three digits is a date still being typed.
      expiry: typed && typed < 4 ? 'too_short' : (errors['card.expirationMonth'] ?? errors['card.expirationYear']),
      cvv: errors['card.cvv'],
    };
  }

  #card(): CardInput {
    const { number, holderName, expiry, cvv } = this.#values;
    const { month, year } = parseExpiry(expiry);
    return { number, holderName, expirationMonth: month, expirationYear: year, cvv };
  }

  #emitChange(codes = this.#validate()): void {
    this.#updateValidity(codes);
    const fields = {} as Record<FieldName, FieldState>;
    for (const f of FIELDS) {
      const shown = this._shown[f];
      fields[f] = { valid: !codes[f], error: shown ? errorText(this.#m, f, shown) : null };
    }
    const detail: ChangeDetail = {
      complete: FIELDS.every((f) => !codes[f]),
      empty: this.#empty(),
      brand: this._brand,
      fields,
    };
    const key = JSON.stringify(detail);
    if (key !== this.#lastChange) this.#emit('change', detail);
    this.#lastChange = key;
  }

  #announce(text: string): void {
    // Clear first, so the same sentence said twice is announced twice.
    this._announcement = '';
    void this.updateComplete.then(() => {
      this._announcement = text;
    });
  }

  #emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #input(field: FieldName): HTMLInputElement | null {
    return this.#view?.inputs[field] ?? null;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pay-card-form': PayCardForm;
  }
}
