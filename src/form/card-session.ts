import type { ReactiveControllerHost } from '@lit/reactive-element';
import { BRANDS, type Brand } from '../card/brand.js';
import type { FormFieldName } from './form-fields.js';
import { firstInvalid, type FieldErrors } from '../card/field-errors.js';
import type { TokenizeResult } from '../card/types.js';
import { requestToken } from '../tokenize/tokenize.js';
import { AbortableTask } from './abortable-task.js';
import { CardEntry } from './card-entry.js';
import { ValidationError } from '../tokenize/errors.js';
import { ConfigurationError } from '../shared/errors.js';
import type { FormSettings } from './form-settings.js';
import type { ChangeDetail } from './change-detail.js';
import { errorText, failureText, type Messages } from './messages.js';

/**
 * What the session shows and where it sends the card, read on each update:
 * the host's settings, with the language and overrides made into sentences
 * and `accepted-brands` into brands.
 */
export interface SessionSettings extends Omit<FormSettings, 'messages' | 'acceptedBrands' | 'theme'> {
  sentences: Messages;
  /** The brands the merchant takes, or null for every brand. */
  accepted: readonly Brand[] | null;
}

/** The card's validity as the host's form control and `change` event need it. */
export interface CardReport {
  detail: ChangeDetail;
  /** The first invalid field and its sentence, or null when the card is complete. */
  invalid: { field: FormFieldName; message: string } | null;
  /**
   * What is wrong with the settings, for the developer (the host warns and
   * fires `tokenize-error` with it), or null. Today: installments settings
   * `installmentOptions` refuses.
   */
  problem: string | null;
}

/** What the session tells the host it runs for. */
export interface SessionDelegate {
  settings(): SessionSettings;
  /** Validity, the brand or the errors shown may have changed. */
  changed(report: CardReport): void;
  /** What was typed changed: a token held for the old card no longer applies. */
  edited(): void;
  /** The shopper submitted the form (Enter or the pay button). */
  submitted(): void;
}

/**
 * The card form where the inputs are: the entry, the tokenize call, and the
 * busy, failure and success states the shopper sees. It fires no events and
 * knows no page form: the host does that. Inline, it runs on the element
 * itself; isolated, the same class runs inside the frame, so both modes are
 * one implementation.
 */
export class CardSession {
  readonly #host: ReactiveControllerHost;
  readonly #delegate: SessionDelegate;
  readonly #task: AbortableTask<TokenizeResult>;
  readonly #entry: CardEntry;
  /** Why the last tokenization failed, for the shopper; cleared by any edit. */
  #failure = '';
  /** The last token, for the visible confirmation; cleared by any edit. */
  #saved: TokenizeResult | null = null;
  /** The host was found misconfigured, as of the last update: the shopper is told once, when it happens. */
  #unavailable = false;

  constructor(host: ReactiveControllerHost, delegate: SessionDelegate) {
    this.#host = host;
    this.#delegate = delegate;
    this.#task = new AbortableTask(host);
    this.#entry = new CardEntry(host, {
      sentences: () => this.#sentences,
      accepted: () => delegate.settings().accepted,
      edited: () => this.#edited(),
      changed: (errors) => this.#changed(errors),
      submitted: () => delegate.submitted(),
      purchase: () => delegate.settings(),
    });
  }

  get #sentences(): Messages {
    return this.#delegate.settings().sentences;
  }

  /** True while a tokenization is in flight. */
  get busy(): boolean {
    return !!this.#task.pending;
  }

  /** While Parcelas or the document, turned on, are loading: settles once they are in the form, or could not be loaded. Otherwise null. */
  get loading(): Promise<void> | null {
    return this.#entry.purchaseLoading;
  }

  /** The input of a field, once mounted. */
  input(field: FormFieldName): HTMLInputElement | undefined {
    return this.#entry.input(field);
  }

  /**
   * Validates and tokenizes. Invalid fields are shown and announced, the first
   * gets focus, and the promise rejects with its `ValidationError`. An edit or
   * reset while the service works aborts the request (`AbortError`).
   */
  tokenize(): Promise<TokenizeResult> {
    const pending = this.#task.pending;
    if (pending) return pending;
    // Parcelas or the document are still loading: this submit checks them too, once they are in the form.
    const loading = this.loading;
    if (loading) {
      const next = () => this.#host.updateComplete.then(() => this.tokenize());
      // A module that failed to load is the entry's problem to report: this submit then finds it.
      return loading.then(next, next);
    }
    const problem = this.#entry.problem();
    if (problem) return Promise.reject(new ConfigurationError(problem));
    // The one validation of this submit: its errors are shown, its card is sent.
    const { errors, card } = this.#entry.check();
    this.#failure = '';
    this.showErrors(errors);
    const first = firstInvalid(errors) ?? (this.#entry.taxIdProblem() ? 'taxId' : undefined);
    if (first) return this.#refuse(first, errors);
    const { publicKey, baseUrl, hideSuccess } = this.#delegate.settings();
    this.#entry.announce(this.#sentences.busyExplanation);
    return this.#task.run((signal) =>
      requestToken(card, { publicKey, baseUrl, signal }).then(
        (result) => {
          signal.throwIfAborted();
          this.#saved = result;
          const sentences = this.#sentences;
          // Hidden, the outcome is the page's to say: a card the issuer then declines was never "accepted".
          if (!hideSuccess) this.#entry.announce(sentences.tokenized(sentences.brandNames[result.brand], result.lastFourDigits));
          return result;
        },
        (error: unknown) => {
          if (signal.aborted) throw signal.reason;
          this.#failure = failureText(this.#sentences, error);
          this.#entry.announce(this.#failure);
          this.#host.requestUpdate();
          throw error;
        },
      ),
    );
  }

  /** Empties every field and forgets errors, failure and success. */
  reset(): void {
    this.#entry.reset();
  }

  /** Shows every current error, as a submit does. */
  showErrors(errors: FieldErrors = this.#entry.errors()): void {
    this.#entry.showErrors(errors);
    this.#changed(errors);
  }

  /**
   * Renders `root` with the host's settings. `refresh` says the language, the
   * messages or the accepted brands changed: every sentence shown may differ,
   * so the card is reported again (the first update reports it first).
   */
  update(root: ParentNode, refresh: boolean): void {
    // Before rendering, so a brand that became refused shows in this same update.
    if (refresh) this.#entry.syncNotAccepted();
    const purchaseChanged = this.#entry.syncPurchase();
    const unavailable = this.#unavailableNow();
    // Said after this update, not during it: an announcement asks for updates of its own.
    if (unavailable && !this.#unavailable) void this.#host.updateComplete.then(() => this.#entry.announce(this.#sentences.unavailable));
    this.#unavailable = unavailable;
    this.#render(root);
    if (refresh || purchaseChanged) this.#changed(this.#entry.errors());
  }

  /** The host found its settings unusable, or the plan settings are: the form takes no card. */
  #unavailableNow(): boolean {
    return this.#delegate.settings().unavailable || !!this.#entry.problem();
  }

  /** Says `text` in the form's live region. */
  announce(text: string): void {
    this.#entry.announce(text);
  }

  /** Builds the form into `root` (once) and writes the current state into it. */
  #render(root: ParentNode): void {
    this.#entry.mount(root);
    const settings = this.#delegate.settings();
    const { sentences, hideSubmit, submitLabel, disabled } = settings;
    const unavailable = this.#unavailableNow();
    const saved = this.#saved;
    const success = saved && !settings.hideSuccess ? sentences.saved(sentences.brandNames[saved.brand], saved.lastFourDigits) : '';
    const failure = unavailable ? sentences.unavailable : this.#failure;
    const brandRow = settings.showBrands ? (settings.accepted ?? BRANDS) : null;
    this.#entry.render({ busy: this.busy, disabled, unavailable, failure, success, hideSubmit, submitLabel, brandRow });
  }

  /** Submit found errors: say what to fix, focus the first, and reject with its `ValidationError`. */
  #refuse(first: FormFieldName, errors: FieldErrors): Promise<never> {
    const sentences = this.#sentences;
    const taxId = this.#entry.taxIdProblem();
    const { code, path } = first === 'taxId' ? { code: taxId!, path: 'customer.tax_id' as const } : errors[first]!;
    const count = Object.values(errors).filter(Boolean).length + (taxId ? 1 : 0);
    this.#entry.announce(`${sentences.fixErrors(count)} ${errorText(sentences, first, { code })}`);
    void this.#host.updateComplete.then(() => this.#entry.input(first)?.focus());
    return Promise.reject(new ValidationError(path, code));
  }

  /** The card changed: a failure, a confirmation or a tokenization in flight belongs to the old card. */
  #edited(): void {
    // Every keystroke comes here: the host updates only when something was shown.
    if (this.#failure || this.#saved) {
      this.#failure = '';
      this.#saved = null;
      this.#host.requestUpdate();
    }
    if (this.#task.pending) this.#task.abort(new DOMException('The card changed.', 'AbortError'));
    this.#delegate.edited();
  }

  #changed(errors: FieldErrors): void {
    const first = firstInvalid(errors);
    const taxId = this.#entry.taxIdProblem();
    const invalid = first
      ? { field: first, message: errorText(this.#sentences, first, errors[first]!) }
      : taxId
        ? { field: 'taxId' as const, message: errorText(this.#sentences, 'taxId', { code: taxId }) }
        : null;
    this.#delegate.changed({ detail: this.#entry.changeDetail(errors), invalid, problem: this.#entry.problem() });
  }
}
