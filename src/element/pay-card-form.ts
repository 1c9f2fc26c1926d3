import { ReactiveElement, type PropertyValues } from '@lit/reactive-element';
import { detectBrand, type Brand } from '../card/brands.js';
import { emptyFields, FIELDS, isEmpty, toCardInput, type FieldName } from '../card/card-fields.js';
import { fieldErrors, firstInvalid, type FieldError, type FieldErrors } from '../card/field-errors.js';
import { preprocessField } from '../card/field-preprocessor.js';
import type { TokenizeResult } from '../card/types.js';
import { tokenize } from '../tokenize/tokenize.js';
import { ValidationError } from './errors.js';
import { CardChangeEvent, type ChangeDetail, type FieldState } from './events/change-event.js';
import { TokenizeErrorEvent } from './events/tokenize-error-event.js';
import { TokenizedEvent } from './events/tokenized-event.js';
import { FormControl } from './form-control.js';
import { errorText, failureText, messagesMemo, type MessageOverrides, type Messages } from './messages.js';
import { styles } from './pay-card-form.styles.js';
import { buildView, renderView, type View } from './view.js';

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

/** `lang` of the nearest ancestor that has one, else the document's. */
const pageLang = (element: Element) => element.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang;

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
 * @fires {CustomEvent<ChangeDetail>} change - Completeness, brand or a field's validity changed ({@link CardChangeEvent}).
 * @fires {CustomEvent<TokenizeResult>} tokenized - The card was tokenized; `detail` is the TokenizeResult ({@link TokenizedEvent}).
 * @fires {CustomEvent<TokenizeErrorDetail>} tokenize-error - Validation, key, API or network failure; `detail.error` is typed ({@link TokenizeErrorEvent}).
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
    brand: { state: true },
    shownErrors: { state: true },
    tokenizing: { state: true },
    failure: { state: true },
    announcement: { state: true },
  };

  // With `useDefineForClassFields: false` these initialisers are assignments
  // in the constructor, which go through the accessors `properties` creates.
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
  /**
   * Replaces any built-in sentence, e.g. `{ submit: 'Pagar agora', labels: { cvv: 'CVC' } }`.
   * Error sentences are per problem and get the field's noun: `{ errors: { required: (noun) => 'Falta ' + noun + '.' } }`.
   */
  messages: MessageOverrides | null = null;

  private brand: Brand | null = null;
  /** The errors shown so far: a field's error appears on blur or submit, never while typing. */
  private shownErrors: FieldErrors = {};
  private tokenizing = false;
  /** Why the last tokenization failed, for the shopper. */
  private failure = '';
  /** What the live region says. */
  private announcement = '';

  /** What each input holds. Kept off properties and attributes on purpose: it is card data. */
  #values = emptyFields();
  #pending: Promise<TokenizeResult> | null = null;
  /** Aborts the tokenization in flight when the card it was sent for changes. */
  #abort: AbortController | null = null;
  /** The last `change` detail, as JSON: the event fires only when it differs. */
  #lastChange = '';
  /** The language of the page around the element, looked up on connect and before each update. */
  #pageLang = '';
  /** The form's nodes, once the first update has built them. */
  #view: View | null = null;
  readonly #messagesFor = messagesMemo();
  readonly #control = new FormControl(this, {
    isEmpty: () => isEmpty(this.#values),
    isBusy: () => this.#pending !== null,
    tokenize: () => this.tokenize(),
    showErrors: () => {
      const errors = this.#errors();
      this.shownErrors = errors;
      this.#emitChange(errors);
    },
  });

  /** The sentences in use: the language's, with the merchant's overrides laid over them. */
  get #sentences(): Messages {
    return this.#messagesFor(this.locale || this.#pageLang, this.messages);
  }

  /** The form this element belongs to, if any. */
  get form(): HTMLFormElement | null {
    return this.#control.form;
  }

  /** Constraint validation, as on native inputs. */
  get validity(): ValidityState | undefined {
    return this.#control.validity;
  }

  get validationMessage(): string {
    return this.#control.validationMessage;
  }

  checkValidity(): boolean {
    return this.#control.checkValidity();
  }

  reportValidity(): boolean {
    return this.#control.reportValidity();
  }

  /** True while a tokenization is in flight. */
  get busy(): boolean {
    return this.tokenizing;
  }

  /**
   * Validates and tokenizes what the shopper entered. For merchants with their
   * own pay button; the built-in button calls the same. Calls made while one is
   * in flight get the same promise, so a double click never tokenizes twice.
   * Also fires `tokenized` or `tokenize-error`. If the card is edited or reset
   * before the service answers, the request is aborted, the promise rejects
   * with an `AbortError` and no token is kept.
   */
  tokenize(): Promise<TokenizeResult> {
    if (this.#pending) return this.#pending;
    const errors = this.#errors();
    this.shownErrors = errors;
    this.failure = '';
    this.#emitChange(errors);
    const first = firstInvalid(errors);
    if (first) return this.#refuse(first, errors);
    const abort = (this.#abort = new AbortController());
    this.tokenizing = true;
    const pending = tokenize(toCardInput(this.#values), { publicKey: this.publicKey, baseUrl: this.baseUrl, signal: abort.signal })
      .then((result) => {
        // An answer that lands as the card changes belongs to the old card.
        abort.signal.throwIfAborted();
        this.#control.setToken(result.token);
        const sentences = this.#sentences;
        this.#announce(sentences.tokenized(sentences.brandNames[result.brand], result.lastFourDigits));
        this.dispatchEvent(new TokenizedEvent(result));
        return result;
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) throw abort.signal.reason;
        this.failure = failureText(this.#sentences, error);
        this.#announce(this.failure);
        this.dispatchEvent(new TokenizeErrorEvent(error as Error));
        throw error;
      })
      .finally(() => {
        // An abort has already let go of this call, and a newer one may be running.
        if (this.#pending === pending) this.#settle();
      });
    return (this.#pending = pending);
  }

  /** Empties every field and forgets errors. */
  reset(): void {
    this.#values = emptyFields();
    if (this.#view) for (const field of FIELDS) this.#view.inputs[field].value = '';
    this.brand = null;
    this.shownErrors = {};
    this.#cardChanged();
    this.#emitChange();
  }

  protected override createRenderRoot() {
    const root = super.createRenderRoot();
    for (const type of CONTAINED_EVENTS) root.addEventListener(type, stopAtShadowRoot);
    return root;
  }

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

  protected override willUpdate(): void {
    this.#pageLang = pageLang(this);
  }

  protected override firstUpdated(): void {
    this.#emitChange();
  }

  protected override updated(changed: PropertyValues<this>): void {
    // A new language changes every visible error message, so the change event must say so too;
    // `required` changes the validity.
    if (changed.has('locale') || changed.has('messages') || changed.has('required')) this.#emitChange();
  }

  /**
   * Lit's reactive update, without a template engine: the form is fixed, so
   * it is built once (see {@link buildView}) and each update writes only what
   * changed (see {@link renderView}).
   */
  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    this.#view ??= this.#mountView();
    const { tokenizing: busy, brand, shownErrors, failure, hideSubmit, submitLabel, announcement } = this;
    renderView(this.#view, { busy, disabled: this.#control.disabled, brand, shownErrors, failure, hideSubmit, submitLabel, announcement }, this.#sentences);
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
    const edit = { caretIndex: input.selectionStart ?? input.value.length, prevViewValue: this.#values[field], inputType: event.inputType };
    const { viewValue, caretIndex } = preprocessField(field, input.value, edit, this.brand);
    if (input.value !== viewValue) input.value = viewValue;
    // Autofill writes into fields that do not have focus; moving their caret would be pointless.
    if (focused && (input.selectionStart !== caretIndex || input.selectionEnd !== caretIndex)) input.setSelectionRange(caretIndex, caretIndex);
    this.#values[field] = viewValue;
    this.#cardChanged();
    if (field === 'number') this.#setBrand(detectBrand(viewValue));
    const errors = this.#errors();
    // A field filled without focus (autofill) gets the blur treatment at once.
    if (!focused) return this.#showError(field, errors);
    // While typing, an error can go away but never appear (it appears on blur or submit).
    if (this.shownErrors[field] && !errors[field]) this.shownErrors = { ...this.shownErrors, [field]: undefined };
    this.#emitChange(errors);
  }

  /** Shows (and announces) the field's current error, as on blur; an untouched empty field stays quiet. */
  #showError(field: FieldName, errors = this.#errors()): void {
    const error = errors[field];
    const shown = this.shownErrors[field];
    if ((this.#values[field] || shown) && error?.code !== shown?.code) {
      this.shownErrors = { ...this.shownErrors, [field]: error };
      if (error) this.#announce(errorText(this.#sentences, field, error.code));
    }
    this.#emitChange(errors);
  }

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    // Inside a page form, Enter or the pay button submits that form; it tokenizes on the way.
    // Otherwise errors reach the page through `tokenize-error`; nothing more to do here.
    if (this.form) this.form.requestSubmit();
    else this.tokenize().catch(() => {});
  }

  /** Submit found errors: say what to fix, focus the first, and reject with its `ValidationError`. */
  #refuse(first: FieldName, errors: FieldErrors): Promise<never> {
    const sentences = this.#sentences;
    const { code, path } = errors[first] as FieldError;
    const count = FIELDS.filter((field) => errors[field]).length;
    this.#announce(`${sentences.fixErrors(count)} ${errorText(sentences, first, code)}`);
    void this.updateComplete.then(() => this.#view?.inputs[first].focus());
    const error = new ValidationError(path, code);
    this.dispatchEvent(new TokenizeErrorEvent(error));
    return Promise.reject(error);
  }

  /** The card changed: a token, a failure or a tokenization in flight belongs to the old card. */
  #cardChanged(): void {
    this.#control.setToken(null);
    this.failure = '';
    this.#abort?.abort(new DOMException('The card changed while it was being tokenized.', 'AbortError'));
    if (this.#pending) this.#settle();
  }

  /** No tokenization in flight any more. */
  #settle(): void {
    this.tokenizing = false;
    this.#pending = null;
    this.#abort = null;
  }

  #setBrand(brand: Brand | null): void {
    const sentences = this.#sentences;
    if (brand && brand !== this.brand) this.#announce(sentences.brandDetected(sentences.brandNames[brand]));
    this.brand = brand;
  }

  /** The error of each invalid field, for the card as it is now: the one validation each event runs. */
  #errors(): FieldErrors {
    return fieldErrors(this.#values);
  }

  /** Updates the form validity and fires `change` if its detail differs from the last one. */
  #emitChange(errors = this.#errors()): void {
    const sentences = this.#sentences;
    const first = firstInvalid(errors);
    this.#control.setValidity(first ? { message: errorText(sentences, first, errors[first]!.code), anchor: this.#view?.inputs[first] } : null);
    const fields = {} as Record<FieldName, FieldState>;
    for (const field of FIELDS) {
      const shown = this.shownErrors[field];
      fields[field] = { valid: !errors[field], error: shown ? errorText(sentences, field, shown.code) : null };
    }
    const detail: ChangeDetail = { complete: !first, empty: isEmpty(this.#values), brand: this.brand, fields };
    const key = JSON.stringify(detail);
    if (key !== this.#lastChange) this.dispatchEvent(new CardChangeEvent(detail));
    this.#lastChange = key;
  }

  #announce(text: string): void {
    // Clear first, so the same sentence said twice is announced twice.
    this.announcement = '';
    void this.updateComplete.then(() => {
      this.announcement = text;
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pay-card-form': PayCardForm;
  }
}
