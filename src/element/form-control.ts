import type { ReactiveController, ReactiveControllerHost } from '@lit/reactive-element';
import type { ChangeDetail } from '../form/change-detail.js';

/** What the form control needs from the element it serves. */
export interface FormControlHost extends ReactiveControllerHost, HTMLElement {
  /** In a form: the form cannot be submitted until the card is complete. */
  readonly required: boolean;
  /** The name the value is submitted under. */
  readonly name: string;
}

/** How the control gets a token and learns whether it needs one. */
export interface FormControlDelegate {
  /** True when nothing has been entered: an optional card left empty submits without a token. */
  isEmpty(): boolean;
  /** True while a tokenization is in flight; a second submit waits for it instead of starting another. */
  isBusy(): boolean;
  /** Tokenizes the card; the control keeps the token through {@link FormControl.setToken}. */
  tokenize(): Promise<unknown>;
  /** The form's own validation found the control invalid: show why, as a failed submit would. */
  showErrors(): void;
}

/**
 * The element as a form control, through `ElementInternals`: its validity,
 * its `disabled` state from an enclosing fieldset or form, and its value,
 * which is the token (never the card). When the owner form is submitted
 * without a token, it holds the submit back, tokenizes, and submits again.
 *
 * The host class must set `static formAssociated = true` and forward the
 * form-associated callbacks to {@link associate}, {@link setDisabled} and its
 * own reset. A controller of its host: it lets go of the owner form when the
 * host leaves the page.
 */
export class FormControl implements ReactiveController {
  readonly #host: FormControlHost;
  readonly #delegate: FormControlDelegate;
  /** The host's internals: `form`, `validity`, `checkValidity()`… as native controls have them. Null where unsupported. */
  readonly internals: ElementInternals | null;
  #ownerForm: HTMLFormElement | null = null;
  /** The token for the card as it is now; cleared by any edit. */
  #token: string | null = null;
  /** What the form value carries beside the token: `[suffix, value]` of the plan and the document. */
  #extras: [string, string][] = [];
  #disabled = false;
  /** What was last given to `setValidity`, so a keystroke that changes nothing writes nothing. */
  #validity: [key: string, anchor?: HTMLElement] = ['unset'];

  constructor(host: FormControlHost, delegate: FormControlDelegate) {
    this.#host = host;
    this.#delegate = delegate;
    this.internals = typeof host.attachInternals === 'function' ? host.attachInternals() : null;
    // The form's own validation found the control invalid: show why, as a failed submit would.
    host.addEventListener('invalid', () => delegate.showErrors());
    host.addController(this);
  }

  hostConnected(): void {
    // A form taken out of the page with its controls, and put back, names no new owner: listen to it again.
    this.associate(this.internals?.form ?? null);
  }

  hostDisconnected(): void {
    this.associate(null);
  }

  /** True while an enclosing `<fieldset disabled>` or form disables the control. */
  get disabled(): boolean {
    return this.#disabled;
  }

  /** From `formDisabledCallback`. */
  setDisabled(disabled: boolean): void {
    this.#disabled = disabled;
    this.#host.requestUpdate();
  }

  /** From `formAssociatedCallback`: the browser calls it whenever the owner form changes (also on connect and disconnect). */
  associate(form: HTMLFormElement | null): void {
    this.#ownerForm?.removeEventListener('submit', this.#onOwnerSubmit, true);
    this.#ownerForm = form;
    // Capture runs before the page's own submit listeners, which must not see a submit without a token.
    form?.addEventListener('submit', this.#onOwnerSubmit, true);
  }

  /** The token becomes the form value; null (after an edit or reset) takes it out of the form data. */
  setToken(token: string | null): void {
    if (this.#token === token) return;
    this.#token = token;
    this.#writeValue();
  }

  /**
   * The installment plan and the buyer's document, submitted beside the
   * token as `{name}_installments`, `{name}_amount` (the plan's total, in
   * centavos) and `{name}_tax_id`: what a charge needs, with no page code.
   */
  setExtras({ plan, taxId }: Pick<ChangeDetail, 'plan' | 'taxId'>): void {
    const extras: [string, string][] = [];
    if (plan) extras.push(['_installments', String(plan.count)], ['_amount', String(plan.total)]);
    if (taxId) extras.push(['_tax_id', taxId.value]);
    if (extras.join() === this.#extras.join()) return;
    this.#extras = extras;
    this.#writeValue();
  }

  /** The token alone, or with the extras as form data; nothing without a token. */
  #writeValue(): void {
    const { name } = this.#host;
    let value: string | FormData | null = this.#token;
    if (value && name && this.#extras.length) {
      const data = new FormData();
      data.append(name, value);
      for (const [suffix, extra] of this.#extras) data.append(name + suffix, extra);
      value = data;
    }
    this.internals?.setFormValue(value);
  }

  /**
   * Tells the form whether it may submit: a partly typed card never may; an
   * empty one only when not required. `message` is the first problem of the
   * card as it is now ('' when it is complete), `anchor` the input it is about.
   */
  setValidity(message: string, anchor?: HTMLElement): void {
    const empty = this.#delegate.isEmpty();
    const flag = !message || (empty && !this.#host.required) ? '' : empty ? 'valueMissing' : 'badInput';
    const next: [string, HTMLElement?] = flag ? [flag + message, anchor] : [''];
    if (next[0] === this.#validity[0] && next[1] === this.#validity[1]) return;
    this.#validity = next;
    this.internals?.setValidity(flag ? { [flag]: true } : {}, flag && message, next[1]);
  }

  /** The owner form is being submitted: tokenize first, then submit again with the token. */
  #onOwnerSubmit = (event: SubmitEvent): void => {
    // Nothing to add: a token is ready, the control is disabled, or an optional card was left empty.
    if (this.#token || this.#disabled || (!this.#host.required && this.#delegate.isEmpty())) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // A second submit while tokenizing: the first one will resubmit; this one must not post too.
    if (this.#delegate.isBusy()) return;
    const form = event.target as HTMLFormElement;
    const submitter = event.submitter;
    this.#delegate
      .tokenize()
      .then(() => form.requestSubmit(submitter?.isConnected ? submitter : null))
      .catch(() => {});
  };
}
