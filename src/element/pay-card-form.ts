import { ReactiveElement, type PropertyValues } from '@lit/reactive-element';
import { parseAcceptedBrands } from '../card/accepted-brands.js';
import type { FieldName } from '../card/card-fields.js';
import { firstInvalid, type FieldErrors } from '../card/field-errors.js';
import type { TokenizeResult } from '../card/types.js';
import { pageLang } from '../dom/page-lang.js';
import { checkTokenizeConfig } from '../tokenize/config.js';
import { tokenize } from '../tokenize/tokenize.js';
import { AbortableTask } from './abortable-task.js';
import { CardEntry } from './card-entry.js';
import { containTypedEvents } from './contained-events.js';
import { ValidationError } from './errors.js';
import { CardChangeEvent } from './events/change-event.js';
import { TokenizeErrorEvent } from './events/tokenize-error-event.js';
import { TokenizedEvent } from './events/tokenized-event.js';
import { FormControl } from './form-control.js';
import { errorText, failureText, messagesMemo, type MessageOverrides, type Messages } from './messages.js';
import { styles } from './pay-card-form.styles.js';

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
 * It checks `public-key` and `base-url` as it connects: when either is
 * missing or malformed it warns once in the console with the fix, fires
 * `tokenize-error`, and shows the shopper that card payment is unavailable
 * instead of letting them type a card for nothing.
 *
 * @fires {CustomEvent<ChangeDetail>} change - Completeness, brand or a field's validity changed ({@link CardChangeEvent}).
 * @fires {CustomEvent<TokenizeResult>} tokenized - The card was tokenized; `detail` is the TokenizeResult ({@link TokenizedEvent}).
 * @fires {CustomEvent<TokenizeErrorDetail>} tokenize-error - Validation, key, API or network failure, or a missing or malformed `public-key` or `base-url` found on connect; `detail.error` is typed ({@link TokenizeErrorEvent}).
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
 * @csspart form-error - The message shown when tokenization fails, or when the form is unavailable.
 * @csspart success - The confirmation shown after tokenizing ("Visa •••• 1111 saved").
 * @csspart submit - The pay button.
 *
 * @cssprop [--pay-color-primary=#0b57d0] - Button background and focus ring.
 * @cssprop [--pay-color-on-primary=#ffffff] - Button text.
 * @cssprop [--pay-color-text=#1f1f1f] - Text.
 * @cssprop [--pay-color-muted=#4a4a4a] - The brand name and disabled text.
 * @cssprop [--pay-color-placeholder=#707070] - Placeholders: lighter than text, still 4.5:1 (dark theme #969ba1).
 * @cssprop [--pay-color-background=#ffffff] - Background of the form and inputs.
 * @cssprop [--pay-color-border=#6b6b6b] - Input borders.
 * @cssprop [--pay-color-error=#b3261e] - Error text and invalid borders.
 * @cssprop [--pay-font-family=system-ui, sans-serif] - Font.
 * @cssprop [--pay-font-size=16px] - Base font size.
 * @cssprop [--pay-radius=6px] - Corner radius of inputs and button.
 * @cssprop [--pay-spacing=12px] - Gap between fields.
 * @cssprop [--pay-padding=16px] - Space between the element's edge and its fields, in both themes.
 */
export class PayCardForm extends ReactiveElement {
  static override styles = styles;
  /** Makes the element a form control (ElementInternals). */
  static formAssociated = true;
  /** Clicking the element or focusing it from a label lands in the first input. */
  static override shadowRootOptions: ShadowRootInit = { ...ReactiveElement.shadowRootOptions, delegatesFocus: true };

  static override properties = {
    publicKey: { attribute: 'public-key' },
    baseUrl: { attribute: 'base-url' },
    locale: {},
    submitLabel: { attribute: 'submit-label' },
    theme: { reflect: true },
    name: { reflect: true },
    required: { type: Boolean, reflect: true },
    hideSubmit: { type: Boolean, attribute: 'hide-submit', reflect: true },
    hideSuccess: { type: Boolean, attribute: 'hide-success', reflect: true },
    acceptedBrands: { attribute: 'accepted-brands' },
    messages: { attribute: false },
    failure: { state: true },
    saved: { state: true },
    configError: { state: true },
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
  /** Hides the confirmation shown after tokenizing, for pages that show their own. */
  hideSuccess = false;
  /**
   * The brands the form takes, e.g. `"visa mastercard elo"` (spaces or commas); empty takes every brand.
   * Any other brand is refused as soon as it is detected, with a sentence that names it.
   */
  acceptedBrands = '';
  /**
   * Replaces any built-in sentence, e.g. `{ submit: 'Pagar agora', labels: { cvv: 'CVC' } }`.
   * Error sentences are per problem and get the field's noun: `{ errors: { required: (noun) => 'Falta ' + noun + '.' } }`.
   */
  messages: MessageOverrides | null = null;

  /** Why the last tokenization failed, for the shopper; cleared by any edit. */
  private failure = '';
  /** The last token's brand and last four digits, for the visible confirmation; cleared by any edit. */
  private saved: TokenizeResult | null = null;
  /** Why `public-key` or `base-url` cannot work, found on connect; the form is unavailable while set. */
  private configError: Error | null = null;

  /** The last `change` detail, as JSON: the event fires only when it differs. */
  #lastChange = '';
  /** The language of the page around the element, looked up on connect and before each update. */
  #pageLang = '';
  readonly #messagesFor = messagesMemo();
  readonly #task = new AbortableTask<TokenizeResult>(this);
  readonly #entry: CardEntry = new CardEntry(this, {
    sentences: () => this.#sentences,
    accepted: () => parseAcceptedBrands(this.acceptedBrands),
    edited: () => this.#edited(),
    changed: (errors) => this.#changed(errors),
    // Inside a page form, Enter or the pay button submits that form; it tokenizes on the way.
    // Otherwise errors reach the page through `tokenize-error`; nothing more to do here.
    submitted: () => (this.form ? this.form.requestSubmit() : this.tokenize().catch(() => {})),
  });
  readonly #control = new FormControl(this, {
    isEmpty: () => this.#entry.isEmpty(),
    isBusy: () => this.busy,
    tokenize: () => this.tokenize(),
    showErrors: () => this.#showErrors(this.#entry.errors()),
  });

  /** The sentences in use: the language's, with the merchant's overrides laid over them. */
  get #sentences(): Messages {
    return this.#messagesFor(this.locale || this.#pageLang, this.messages);
  }

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

  /** True while a tokenization is in flight. */
  get busy(): boolean {
    return !!this.#task.pending;
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
    const pending = this.#task.pending;
    if (pending) return pending;
    const { configError } = this;
    if (configError) {
      this.#emit(new TokenizeErrorEvent(configError));
      return Promise.reject(configError);
    }
    const errors = this.#entry.errors();
    this.failure = '';
    this.#showErrors(errors);
    const first = firstInvalid(errors);
    if (first) return this.#refuse(first, errors);
    const { publicKey, baseUrl } = this;
    this.#entry.announce(this.#sentences.busyExplanation);
    return this.#task.run((signal) =>
      tokenize(this.#entry.card(), { publicKey, baseUrl, signal }).then(
        (result) => {
          signal.throwIfAborted();
          this.#control.setToken(result.token);
          this.saved = result;
          const sentences = this.#sentences;
          this.#entry.announce(sentences.tokenized(sentences.brandNames[result.brand], result.lastFourDigits));
          this.#emit(new TokenizedEvent(result));
          return result;
        },
        (error: unknown) => {
          if (signal.aborted) throw signal.reason;
          this.failure = failureText(this.#sentences, error);
          this.#entry.announce(this.failure);
          this.#emit(new TokenizeErrorEvent(error as Error));
          throw error;
        },
      ),
    );
  }

  /** Empties every field and forgets errors. */
  reset(): void {
    this.#entry.reset();
  }

  protected override createRenderRoot() {
    const root = super.createRenderRoot();
    containTypedEvents(root);
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

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#pageLang = pageLang(this);
    // The first update has both (the constructor sets them): that is the check on connect.
    // Here rather than in `updated`, so what the checks change renders in this same update.
    if (changed.has('publicKey') || changed.has('baseUrl')) this.#checkConfig();
    if (changed.has('acceptedBrands')) this.#entry.syncNotAccepted();
  }

  protected override updated(changed: PropertyValues<this>): void {
    // A new language changes every visible error message, so the change event must say so too;
    // `required` changes the validity. The first update has all three (the constructor sets them),
    // so it sets the first validity and fires the first `change`.
    if (changed.has('locale') || changed.has('messages') || changed.has('required') || changed.has('acceptedBrands'))
      this.#changed(this.#entry.errors());
  }

  /**
   * Lit's reactive update, without a template engine: the card entry builds
   * the fixed form once, then each update writes only what changed.
   */
  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    this.#entry.mount(this.renderRoot);
    const { hideSubmit, submitLabel, saved, configError } = this;
    const sentences = this.#sentences;
    const success = saved && !this.hideSuccess ? sentences.saved(sentences.brandNames[saved.brand], saved.lastFourDigits) : '';
    const failure = configError ? sentences.unavailable : this.failure;
    const unavailable = !!configError;
    this.#entry.render({ busy: this.busy, disabled: this.#control.disabled, unavailable, failure, success, hideSubmit, submitLabel });
  }

  /** Submit found errors: say what to fix, focus the first, and reject with its `ValidationError`. */
  #refuse(first: FieldName, errors: FieldErrors): Promise<never> {
    const sentences = this.#sentences;
    const { code, path } = errors[first]!;
    const count = Object.values(errors).filter(Boolean).length;
    this.#entry.announce(`${sentences.fixErrors(count)} ${errorText(sentences, first, errors[first]!)}`);
    void this.updateComplete.then(() => this.#entry.input(first)?.focus());
    const error = new ValidationError(path, code);
    this.#emit(new TokenizeErrorEvent(error));
    return Promise.reject(error);
  }

  #showErrors(errors: FieldErrors): void {
    this.#entry.showErrors(errors);
    this.#changed(errors);
  }

  /** The card changed: a token, a failure or a tokenization in flight belongs to the old card. */
  #edited(): void {
    this.#control.setToken(null);
    // Every keystroke comes here: a reactive property is set only when it changes.
    if (this.failure) this.failure = '';
    if (this.saved) this.saved = null;
    if (this.#task.pending) this.#task.abort(new DOMException('The card changed.', 'AbortError'));
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
      checkTokenizeConfig(this.publicKey, this.baseUrl, '<pay-card-form>');
      this.configError = null;
    } catch (error) {
      this.configError = error as Error;
      // The same problem found again (e.g. the other attribute changed) is not reported twice.
      if (was?.message === (error as Error).message) return;
      console.warn(`${(error as Error).message} Set the public-key and base-url attributes.`);
      this.#entry.announce(this.#sentences.unavailable);
      this.#emit(new TokenizeErrorEvent(error as Error));
    }
  }

  /** Updates the form validity, and fires `change` when its detail differs from the last one. */
  #changed(errors: FieldErrors): void {
    const first = firstInvalid(errors);
    this.#control.setValidity(first ? errorText(this.#sentences, first, errors[first]!) : '', first && this.#entry.input(first));
    const detail = this.#entry.changeDetail(errors);
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
