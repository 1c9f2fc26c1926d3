import type { ReactiveControllerHost } from '@lit/reactive-element';
import { isAccepted } from '../card/accepted-brands.js';
import { detectBrand } from '../card/brand-detection.js';
import { type Brand } from '../card/brand.js';
import { emptyFields, isEmpty } from '../card/field-values.js';
import { FIELDS, type CardFieldName } from '../card/field-names.js';
import { checkFields, firstInvalid, type CheckedFields, type FieldErrors } from '../card/field-errors.js';
import { Announcer } from '../dom/announcer.js';
import { h } from '../dom/h.js';
import { setAttr, setText } from '../dom/write.js';
import { preprocessField } from '../card/field-preprocessor.js';
import type { TaxIdProblem } from '../document/tax-id.js';
import type { ChangeDetail, FieldState } from './change-detail.js';
import type { FormFieldName } from './form-fields.js';
import { HOST_SENTENCES, hostSentences } from './host-sentences.js';
import { importAgain } from '../shared/import-again.js';
import { retried } from '../shared/retry-schedule.js';
import type { FormCode, PurchaseFields, PurchaseSettings } from './purchase-fields.js';
import { errorText, type Messages } from './messages.js';
import { buildView, renderView, type View, type ViewState } from './view.js';

/** What the card entry tells the element it lives in. */
export interface CardEntryDelegate {
  /** The sentences in the shopper's language. */
  sentences(): Messages;
  /** The brands the merchant takes, or null for every brand. */
  accepted(): readonly Brand[] | null;
  /** What was typed changed: any token or tokenization belongs to the old card. */
  edited(): void;
  /** Validity or the errors shown may have changed; `errors` is the card as it is now. */
  changed(errors: FieldErrors): void;
  /** The shopper submitted the inner form (Enter or the pay button). */
  submitted(): void;
  /** Whether the form offers installments or collects the buyer's document, and with what settings. */
  purchase(): PurchaseSettings;
}

/** What the view shows that the card entry does not own. */
export type HostViewState = Omit<ViewState, 'brand' | 'shownErrors' | 'announcement' | 'marks'>;

const NOT_ACCEPTED = 'brand_not_accepted';

/** The module of Parcelas and the document, fetched anew after a failure: one per page, as the browser's module map is. */
const loadPurchaseFields = importAgain(() => import('./purchase-fields.js'));

/** What Parcelas and the document use of the form's code (purchase-fields.ts says why it is handed over). */
const FORM_CODE: FormCode = { h, setAttr, setText, errorText, portuguese: (lang) => hostSentences(lang) === HOST_SENTENCES.ptBR };

/**
 * The card as the shopper types it: the view, what each input holds, the
 * detected brand, the errors shown and the live region. It formats each
 * keystroke, shows an error on blur (never while typing), and knows nothing of
 * form association or of the tokenize call, so it can run wherever the
 * inputs are.
 */
export class CardEntry {
  readonly #host: ReactiveControllerHost;
  readonly #delegate: CardEntryDelegate;
  /** What each input holds. Kept off properties and attributes on purpose: it is card data. */
  #values = emptyFields();
  #brand: Brand | null = null;
  /** The errors shown so far: a field's error appears on blur or submit, never while typing. */
  #shownErrors: FieldErrors = {};
  readonly #announcer: Announcer;
  /** The form's nodes, once {@link mount} has built them. */
  #view: View | null = null;
  /** The brand marks' drawing, loaded after the form is built: no shopper waits for pictures to type. */
  #marks: ViewState['marks'] = null;
  /** Parcelas and the document, once their module has loaded: only forms that turn either on load it. */
  #purchase: PurchaseFields | null = null;
  #purchaseLoad: Promise<void> | null = null;
  /** Their module could not be loaded: the problem said to the developer. */
  #loadProblem: string | null = null;

  constructor(host: ReactiveControllerHost, delegate: CardEntryDelegate) {
    this.#host = host;
    this.#delegate = delegate;
    this.#announcer = new Announcer(host);
  }

  isEmpty(): boolean {
    return isEmpty(this.#values);
  }

  /** The card as it is now, validated once: each invalid field's error, and the card as it is sent. */
  check(): CheckedFields {
    return checkFields(this.#values, { accepted: this.#delegate.accepted() });
  }

  /** The error of each invalid field, for the card as it is now: the one validation each event runs. */
  errors(): FieldErrors {
    return this.check().errors;
  }

  /** The input of a field, once mounted: where focus and the browser's validation bubble go. */
  input(field: FormFieldName): HTMLInputElement | undefined {
    return field === 'taxId' ? this.#purchase?.input : this.#view?.inputs[field];
  }

  /**
   * Takes the settings of Parcelas and the document, loading their module
   * the first time either is on. Returns true when what they show changed,
   * so the form reports again. Called before each render.
   */
  syncPurchase(): boolean {
    const settings = this.#delegate.purchase();
    if (!this.#purchaseLoad && (settings.installments !== null || settings.collectTaxId)) {
      this.#purchaseLoad = retried(loadPurchaseFields).then(({ PurchaseFields }) => {
        this.#purchase = new PurchaseFields(
          {
            requestUpdate: () => this.#host.requestUpdate(),
            changed: () => this.#delegate.changed(this.errors()),
            // Said once the update under way is done (a new amount is taken during one): an announcement asks for updates of its own.
            announce: (text) => void this.#host.updateComplete.then(() => this.announce(text)),
          },
          FORM_CODE,
        );
        if (this.#view) this.#purchase.mount(this.#view.form, this.#view.failure);
        // The next update syncs, renders and reports them.
        this.#host.requestUpdate();
      });
      // Without them the form cannot take what the merchant asked for: after three attempts it says so, and takes no card.
      this.#purchaseLoad.catch(() => {
        this.#loadProblem =
          '<pay-card-form> could not load its Parcelas and CPF/CNPJ fields: the file the form imports for them did not arrive in three attempts. Check the network, and serve every file of the build beside the script (and, isolated, the frame); then reload the page.';
        this.#purchaseLoad = Promise.resolve();
        this.#host.requestUpdate();
        this.#delegate.changed(this.errors());
      });
    }
    return this.#purchase?.sync(settings) ?? false;
  }

  /** While the fields the settings ask for are loading: resolves once they are in the form. Otherwise null. */
  get purchaseLoading(): Promise<void> | null {
    return this.#purchase || this.#loadProblem ? null : this.#purchaseLoad;
  }

  /** What is wrong with the plan settings, for the developer, or null. */
  problem(): string | null {
    return this.#loadProblem ?? this.#purchase?.problem ?? null;
  }

  /** What is wrong with the buyer's document, or null when it is valid or not collected. */
  taxIdProblem(): TaxIdProblem | null {
    // Asked for, not yet loaded: nothing typed yet.
    return this.#purchase ? this.#purchase.taxIdProblem() : this.#delegate.purchase().collectTaxId ? 'required' : null;
  }

  /** Builds the form into `root`, once, and listens to it. */
  mount(root: ParentNode): void {
    if (this.#view) return;
    const view = (this.#view = buildView());
    view.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.#delegate.submitted();
    });
    for (const field of FIELDS) {
      view.inputs[field].addEventListener('input', (event) => this.#onInput(field, event as InputEvent));
      view.inputs[field].addEventListener('blur', () => this.#showError(field));
    }
    root.append(view.form);
    this.#purchase?.mount(view.form, view.failure);
    void import('../dom/brand-marks.js').then(({ brandMark }) => {
      this.#marks = brandMark;
      this.#host.requestUpdate();
    });
  }

  /** Writes the state into the view; called from the host's update. */
  render(state: HostViewState): void {
    if (!this.#view) return;
    renderView(
      this.#view,
      { ...state, brand: this.#brand, shownErrors: this.#shownErrors, announcement: this.#announcer.text, marks: this.#marks },
      this.#delegate.sentences(),
    );
    this.#purchase?.render(this.#delegate.sentences(), state.busy || state.unavailable, state.disabled);
  }

  /** Shows every current error, as a submit does. */
  showErrors(errors: FieldErrors): void {
    this.#shownErrors = errors;
    this.#purchase?.showErrors();
    this.#host.requestUpdate();
  }

  /** Empties every field and forgets errors. */
  reset(): void {
    this.#values = emptyFields();
    if (this.#view) for (const field of FIELDS) this.#view.inputs[field].value = '';
    this.#brand = null;
    this.#shownErrors = {};
    this.#purchase?.reset();
    this.#host.requestUpdate();
    this.#delegate.edited();
    this.#delegate.changed(this.errors());
  }

  /**
   * A brand the merchant does not take is shown (and said, once) as soon as
   * it is detected, not on blur: the shopper should not type the rest of that
   * card. It goes away as soon as the brand changes. Also called from the
   * host's update, before it renders, when the accepted brands may have
   * changed.
   *
   * It asks for no update: a refusal comes and goes with a new brand, whose
   * own update shows it, or with new accepted brands, in the update under
   * way. It is said once that update is done: an announcement asks for
   * updates of its own, and one asked for from inside an update is one too
   * many.
   */
  syncNotAccepted(errors = this.errors()): void {
    const now = errors.number?.code === NOT_ACCEPTED ? errors.number : undefined;
    const shown = this.#shownErrors.number;
    // Any other error shown stays until its own rule clears it.
    if (now?.brand === (shown?.code === NOT_ACCEPTED ? shown.brand : undefined)) return;
    this.#shownErrors = { ...this.#shownErrors, number: now };
    if (now) void this.#host.updateComplete.then(() => this.announce(errorText(this.#delegate.sentences(), 'number', now)));
  }

  /** Says `text` in the polite live region. */
  announce(text: string): void {
    this.#announcer.say(text);
  }

  /** The `change` detail: validity from `errors`, and the sentence of each error shown. */
  changeDetail(errors: FieldErrors): ChangeDetail {
    const sentences = this.#delegate.sentences();
    const fields: ChangeDetail['fields'] = {} as Record<CardFieldName, FieldState>;
    for (const field of FIELDS) {
      const shown = this.#shownErrors[field];
      fields[field] = { valid: !errors[field], error: shown ? errorText(sentences, field, shown) : null };
    }
    const { plan = null, taxId = null, field } = this.#purchase?.detail(sentences) ?? {};
    if (field) fields.taxId = field;
    const complete = !firstInvalid(errors) && !this.taxIdProblem();
    return { complete, empty: this.isEmpty(), brand: this.#brand, fields, plan, taxId };
  }

  #onInput(field: CardFieldName, event: InputEvent): void {
    const input = event.target as HTMLInputElement;
    const focused = (input.getRootNode() as ShadowRoot).activeElement === input;
    const { selectionStart, selectionEnd, value } = input;
    const edit = { caretIndex: selectionStart ?? value.length, prevViewValue: this.#values[field], inputType: event.inputType };
    const { viewValue, caretIndex } = preprocessField(field, value, edit, this.#brand);
    // Writing the value moves the caret to the end. Nothing is read back after a write (that would
    // force a layout), and nothing is written that is already so.
    const rewritten = value !== viewValue;
    if (rewritten) input.value = viewValue;
    const caretNow = rewritten ? viewValue.length : selectionStart === selectionEnd ? selectionStart : -1;
    // Autofill writes into fields that do not have focus; moving their caret would be pointless.
    if (focused && caretNow !== caretIndex) input.setSelectionRange(caretIndex, caretIndex);
    this.#values[field] = viewValue;
    this.#delegate.edited();
    if (field === 'number') this.#setBrand(detectBrand(viewValue));
    const errors = this.errors();
    if (field === 'number') this.syncNotAccepted(errors);
    // A field filled without focus (autofill) gets the blur treatment at once.
    if (!focused) return this.#showError(field, errors);
    // While typing, an error can go away but never appear (it appears on blur or submit).
    if (this.#shownErrors[field] && !errors[field]) this.#setShown(field, errors);
    this.#delegate.changed(errors);
  }

  /** Shows (and announces) the field's current error, as on blur; an untouched empty field stays quiet. */
  #showError(field: CardFieldName, errors = this.errors()): void {
    const error = errors[field];
    if ((this.#values[field] || this.#shownErrors[field]) && error?.code !== this.#shownErrors[field]?.code) {
      this.#setShown(field, errors);
      if (error) this.announce(errorText(this.#delegate.sentences(), field, error));
    }
    this.#delegate.changed(errors);
  }

  #setShown(field: CardFieldName, errors: FieldErrors): void {
    this.#shownErrors = { ...this.#shownErrors, [field]: errors[field] };
    this.#host.requestUpdate();
  }

  #setBrand(brand: Brand | null): void {
    if (brand === this.#brand) return;
    // A refused brand is said by syncNotAccepted instead: one sentence, not two.
    if (brand && isAccepted(brand, this.#delegate.accepted())) {
      const sentences = this.#delegate.sentences();
      this.announce(sentences.brandDetected(sentences.brandNames[brand]));
    }
    this.#brand = brand;
    this.#host.requestUpdate();
  }
}
