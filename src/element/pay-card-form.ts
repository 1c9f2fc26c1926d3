import { LitElement, html, type PropertyValues } from 'lit';
import { brandInfo, detectBrand, type Brand } from '../card/brands.js';
import { digitsOnly, parseExpiry } from '../card/parsers.js';
import { preprocessCardNumber, preprocessCvv, preprocessExpiry, type EditState } from '../card/preprocessors.js';
import {
  validateCvv,
  validateExpiry,
  validateHolderName,
  validateNumber,
  type CardErrorCode,
} from '../card/validators.js';
import type { CardInput, TokenizeResult } from '../card/types.js';
import { tokenize } from '../tokenize/tokenize.js';
import { AuthenticationError, NetworkError, PayCardError, ValidationError } from '../tokenize/errors.js';
import { errorText, messagesFor, type FieldName, type Messages } from './messages.js';
import { styles } from './pay-card-form.styles.js';

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

const FIELDS: readonly FieldName[] = ['number', 'holderName', 'expiry', 'cvv'];

/** Which `card.*` path each input fills, for ValidationError. */
const CARD_FIELD = {
  number: 'card.number',
  holderName: 'card.holderName',
  expiry: 'card.expirationMonth',
  cvv: 'card.cvv',
} as const;

/**
 * Card entry that formats, detects the brand, validates, and tokenizes with your public key.
 * Card data stays inside the element's shadow root: it is never written to an
 * attribute, an event, the console or storage. Your page receives only the token.
 *
 * @summary Card form that hands your page a token, never the card.
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
export class PayCardForm extends LitElement {
  static override styles = styles;

  static override properties = {
    publicKey: { type: String, attribute: 'public-key' },
    baseUrl: { type: String, attribute: 'base-url' },
    locale: { type: String },
    submitLabel: { type: String, attribute: 'submit-label' },
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

  declare private _brand: Brand | null;
  declare private _shown: Partial<Record<FieldName, CardErrorCode>>;
  declare private _busy: boolean;
  declare private _failure: string;
  declare private _announcement: string;

  /** What each input holds. Kept off properties and attributes on purpose: it is card data. */
  #values: Record<FieldName, string> = { number: '', holderName: '', expiry: '', cvv: '' };
  #pending: Promise<TokenizeResult> | null = null;
  #lastChange = '';

  constructor() {
    super();
    this.publicKey = '';
    this.baseUrl = '';
    this.locale = '';
    this.submitLabel = '';
    this._brand = null;
    this._shown = {};
    this._busy = false;
    this._failure = '';
    this._announcement = '';
  }

  get #messages(): Messages {
    return messagesFor(this.locale || this.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang);
  }

  /** True while a tokenization is in flight. */
  get busy(): boolean {
    return this._busy;
  }

  /**
   * Validates and tokenizes what the shopper entered. For merchants with their
   * own pay button; the built-in button calls the same. Calls made while one is
   * in flight get the same promise, so a double click never tokenizes twice.
   * Also fires `tokenized` or `tokenize-error`.
   */
  tokenize(): Promise<TokenizeResult> {
    if (this.#pending) return this.#pending;
    const codes = this.#validate();
    this._shown = { ...codes };
    this._failure = '';
    const invalid = FIELDS.filter((f) => codes[f]);
    this.#emitChange();
    if (invalid.length) {
      const first = invalid[0]!;
      this.#announce(this.#messages.fixErrors(invalid.length) + ' ' + errorText(this.#messages, first, codes[first]!));
      void this.updateComplete.then(() => this.#input(first)?.focus());
      const error = new ValidationError(this.#cardField(first), codes[first]!);
      this.#emit('tokenize-error', { error });
      return Promise.reject(error);
    }
    this._busy = true;
    const pending = tokenize(this.#card(), { publicKey: this.publicKey, baseUrl: this.baseUrl })
      .then((result) => {
        this.#announce(this.#messages.tokenized(this.#messages.brandNames[result.brand], result.lastFourDigits));
        this.#emit('tokenized', result);
        return result;
      })
      .catch((error: unknown) => {
        const failure = this.#failureText(error);
        this._failure = failure;
        this.#announce(failure);
        this.#emit('tokenize-error', { error });
        throw error;
      })
      .finally(() => {
        this._busy = false;
        this.#pending = null;
      });
    this.#pending = pending;
    return pending;
  }

  /** Empties every field and forgets errors. */
  reset(): void {
    for (const field of FIELDS) {
      this.#values[field] = '';
      const input = this.#input(field);
      if (input) input.value = '';
    }
    this._brand = null;
    this._shown = {};
    this._failure = '';
    this.#emitChange();
  }

  /** Moves focus to the card-number input. */
  override focus(options?: FocusOptions): void {
    this.#input('number')?.focus(options);
  }

  protected override firstUpdated(): void {
    this.#emitChange();
  }

  protected override updated(changed: PropertyValues<this>): void {
    // A new language changes every visible error message, so the change event must say so too.
    if (changed.has('locale')) this.#emitChange();
  }

  override render() {
    const m = this.#messages;
    const brand = this._brand;
    return html`
      <form part="form" novalidate aria-busy=${this._busy ? 'true' : 'false'} @submit=${this.#onSubmit}>
        <div class="field" part="field">
          <div class="label-row">
            <label part="label" for="number">${m.labels.number}</label>
            <span part="brand" class="brand" ?hidden=${!brand}>${brand ? m.brandNames[brand] : ''}</span>
          </div>
          ${this.#renderInput('number', 'cc-number', 'numeric', 'number-input')}
          ${this.#renderError('number')}
        </div>
        <div class="field" part="field">
          <label part="label" for="holderName">${m.labels.holderName}</label>
          ${this.#renderInput('holderName', 'cc-name', 'text', 'holder-name-input')}
          ${this.#renderError('holderName')}
        </div>
        <div class="field half" part="field">
          <label part="label" for="expiry">${m.labels.expiry}</label>
          ${this.#renderInput('expiry', 'cc-exp', 'numeric', 'expiry-input')}
          ${this.#renderError('expiry')}
        </div>
        <div class="field half" part="field">
          <label part="label" for="cvv">${m.labels.cvv}</label>
          ${this.#renderInput('cvv', 'cc-csc', 'numeric', 'cvv-input')}
          ${this.#renderError('cvv')}
        </div>
        <div class="form-error" part="form-error" id="form-error">${this._failure}</div>
        <button part="submit" type="submit" aria-disabled=${this._busy ? 'true' : 'false'}>
          ${this._busy ? m.busy : this.submitLabel || m.submit}
        </button>
        <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this._announcement}</div>
      </form>
    `;
  }

  #renderInput(field: FieldName, autocomplete: string, inputmode: 'numeric' | 'text', part: string) {
    const invalid = Boolean(this._shown[field]);
    return html`<input
      id=${field}
      name=${autocomplete}
      part="input ${part}"
      type="text"
      autocomplete=${autocomplete}
      inputmode=${inputmode}
      autocapitalize=${field === 'holderName' ? 'characters' : 'off'}
      autocorrect="off"
      spellcheck="false"
      placeholder=${this.#messages.placeholders[field]}
      aria-invalid=${invalid ? 'true' : 'false'}
      aria-describedby="${field}-error"
      ?readonly=${this._busy}
      @input=${(e: InputEvent) => this.#onInput(field, e)}
      @blur=${() => this.#onBlur(field)}
    />`;
  }

  #renderError(field: FieldName) {
    const code = this._shown[field];
    return html`<div class="error" part="error" id="${field}-error">${code ? errorText(this.#messages, field, code) : ''}</div>`;
  }

  #onInput(field: FieldName, event: InputEvent): void {
    const input = event.target as HTMLInputElement;
    if (field !== 'holderName') {
      const edit: EditState = {
        caretIndex: input.selectionStart ?? input.value.length,
        prevViewValue: this.#values[field],
        inputType: event.inputType,
      };
      const cvvMax = this._brand ? brandInfo(this._brand).cvvLength : 4;
      const next =
        field === 'number'
          ? preprocessCardNumber(input.value, edit)
          : field === 'expiry'
            ? preprocessExpiry(input.value, edit)
            : preprocessCvv(input.value, edit, cvvMax);
      if (input.value !== next.viewValue) input.value = next.viewValue;
      // Autofill writes into fields that do not have focus; moving their caret would be pointless.
      if (this.shadowRoot?.activeElement === input) input.setSelectionRange(next.caretIndex, next.caretIndex);
    }
    this.#values[field] = input.value;
    if (field === 'number') this.#setBrand(detectBrand(input.value));
    this._failure = '';
    // While typing, an error can go away but never appear (it appears on blur or submit).
    if (this._shown[field] && !this.#validate()[field]) this._shown = { ...this._shown, [field]: undefined };
    // A field filled without focus (autofill) gets the blur treatment at once.
    if (this.shadowRoot?.activeElement !== input) this.#onBlur(field);
    this.#emitChange();
  }

  #onBlur(field: FieldName): void {
    if (this.#values[field] === '' && !this._shown[field]) return;
    const code = this.#validate()[field];
    if (code === this._shown[field]) return;
    this._shown = { ...this._shown, [field]: code };
    if (code) this.#announce(errorText(this.#messages, field, code));
    this.#emitChange();
  }

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    // Errors reach the page through `tokenize-error`; nothing more to do here.
    this.tokenize().catch(() => {});
  }

  #setBrand(brand: Brand | null): void {
    if (brand === this._brand) return;
    this._brand = brand;
    if (brand) this.#announce(this.#messages.brandDetected(this.#messages.brandNames[brand]));
  }

  /** Current error code per field, or undefined when valid. */
  #validate(): Partial<Record<FieldName, CardErrorCode>> {
    const v = this.#values;
    const expiryDigits = digitsOnly(v.expiry).length;
    const { month, year } = parseExpiry(v.expiry);
    return {
      number: validateNumber(v.number) ?? undefined,
      holderName: validateHolderName(v.holderName) ?? undefined,
      expiry:
        expiryDigits > 0 && expiryDigits < 4 ? 'too_short' : (validateExpiry(month, year)?.code ?? undefined),
      cvv: validateCvv(v.cvv, this._brand) ?? undefined,
    };
  }

  #card(): CardInput {
    const { month, year } = parseExpiry(this.#values.expiry);
    return {
      number: digitsOnly(this.#values.number),
      holderName: this.#values.holderName.trim(),
      expirationMonth: month,
      expirationYear: year,
      cvv: this.#values.cvv,
    };
  }

  #cardField(field: FieldName) {
    if (field !== 'expiry') return CARD_FIELD[field];
    const { month, year } = parseExpiry(this.#values.expiry);
    return validateExpiry(month, year)?.field ?? CARD_FIELD.expiry;
  }

  #failureText(error: unknown): string {
    const f = this.#messages.failure;
    if (error instanceof AuthenticationError) return f.authentication;
    if (error instanceof NetworkError) return f.network;
    return PayCardError.isPayCardError(error) ? f.api : f.network;
  }

  #emitChange(): void {
    const codes = this.#validate();
    const fields = Object.fromEntries(
      FIELDS.map((f) => {
        const shown = this._shown[f];
        return [f, { valid: !codes[f], error: shown ? errorText(this.#messages, f, shown) : null }];
      }),
    ) as Record<FieldName, FieldState>;
    const detail: ChangeDetail = {
      complete: FIELDS.every((f) => !codes[f]),
      empty: FIELDS.every((f) => this.#values[f] === ''),
      brand: this._brand,
      fields,
    };
    const key = JSON.stringify(detail);
    if (key === this.#lastChange) return;
    this.#lastChange = key;
    this.#emit('change', detail);
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
    return this.renderRoot?.querySelector<HTMLInputElement>(`#${field}`) ?? null;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pay-card-form': PayCardForm;
  }
}
