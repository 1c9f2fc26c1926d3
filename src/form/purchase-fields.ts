/**
 * What a Brazilian checkout asks besides the card: "Parcelas" (the
 * installment plans of `installmentOptions`) and the buyer's "CPF ou CNPJ"
 * (`parseTaxId`). A module of its own, loaded where the form runs only when
 * the merchant turns either on, so a form without them loads none of this
 * (docs/installments.md, docs/tax-id.md).
 */
import { planOptions } from '../card/installment-plans.js';
import type { InstallmentConfig, InstallmentOption } from '../card/installments.js';
import { formatTaxId, parseTaxId, taxIdProblem, type TaxId, type TaxIdProblem } from '../document/tax-id.js';
import type { h } from '../dom/h.js';
import type { setAttr, setText } from '../dom/write.js';
import type { FieldState } from './change-detail.js';
import type { FormSettings } from './form-settings.js';
import type { errorText, InstallmentSentences, Messages } from './messages.js';

/**
 * What these fields use of the form's own code, handed over by the form
 * rather than imported. In the frame the form's script is inline in the
 * page, where a module has no address: a chunk importing from it would load
 * and run the whole script a second time.
 */
export interface FormCode {
  h: typeof h;
  setAttr: typeof setAttr;
  setText: typeof setText;
  errorText: typeof errorText;
  /** Whether the form speaks Portuguese in `lang`, as it picks its sentences. */
  portuguese(lang: string): boolean;
}

/** The settings these fields read. */
export type PurchaseSettings = Pick<FormSettings, 'lang' | 'installments' | 'collectTaxId'>;

/** What the fields tell the form they sit in. */
export interface PurchaseDelegate {
  /** Asks the host for an update. */
  requestUpdate(): void;
  /** The plan chosen or the document changed: report the form again. */
  changed(): void;
  /** Says `text` in the form's live region. */
  announce(text: string): void;
}

/** What the change detail gets from these fields. */
export interface PurchaseDetail {
  plan: InstallmentOption | null;
  taxId: TaxId | null;
  /** The document field's state, when the form collects it. */
  field?: FieldState;
}

/** The plans' built-in sentences; a merchant's `messages.installments` lies over them. */
const PLAN_SENTENCES: { en: InstallmentSentences; ptBR: InstallmentSentences } = {
  en: {
    label: 'Installments',
    free: (count: string, each: string) => `${count} × ${each}, interest-free`,
    interest: (count: string, each: string, total: string) => `${count} × ${each} (total ${total})`,
    gone: (count: string, now: string) => `${count} installments are not offered for this amount. Now: ${now}.`,
    changed: (now: string) => `The amount changed. Installments: ${now}.`,
  },
  ptBR: {
    label: 'Parcelas',
    free: (count: string, each: string) => `${count}x de ${each} sem juros`,
    interest: (count: string, each: string, total: string) => `${count}x de ${each} (total ${total})`,
    gone: (count: string, now: string) => `${count}x não está disponível para este valor. Agora: ${now}.`,
    changed: (now: string) => `O valor mudou. Parcelas: ${now}.`,
  },
};

const ALPHANUMERIC = /[0-9A-Za-z]/;

/** Reais, as each language writes them; one formatter per language, made once. */
const BRL = { style: 'currency', currency: 'BRL' } as const;
const CURRENCY: Partial<Record<'pt-BR' | 'en', Intl.NumberFormat>> = {};

/**
 * The "CPF ou CNPJ" field and the "Parcelas" select, after the card's
 * fields. The document is masked as it is typed and its error is shown on
 * blur or submit, as the card's are. The plans follow the settings: a new
 * `amount` or policy lists new options, keeps the count chosen when it is
 * still offered, and says so when it is not.
 */
export class PurchaseFields {
  readonly #delegate: PurchaseDelegate;
  readonly #code: FormCode;
  readonly #taxField: HTMLElement;
  readonly #taxLabel: HTMLElement;
  readonly #taxError: HTMLElement;
  /** The document's input: where focus and the validation bubble go. */
  readonly input: HTMLInputElement;
  readonly #planField: HTMLElement;
  readonly #planLabel: HTMLElement;
  readonly #select: HTMLSelectElement;
  /** Under the select: what the live region said when a new amount dropped the count chosen, for sighted shoppers too. */
  readonly #note: HTMLElement;
  #noteText = '';
  #collect = false;
  #lang = '';
  /** The plan settings the options were computed from, as JSON ('' for none). */
  #key = '';
  #options: InstallmentOption[] = [];
  #count = 1;
  /**
   * The options' texts and what they were written from (the options, the
   * sentences, the language): worked out again only when one of those
   * changes, not on the update each keystroke brings; the list is rebuilt
   * only then.
   */
  #texts: { from: unknown[]; texts: string[] } | null = null;
  #shownTexts: string[] | null = null;
  /** The document's error shown (on blur or submit), or null. */
  #shown: TaxIdProblem | null = null;
  /** The sentences of the last render: an error said on blur is the one shown. */
  #sentences: Messages | null = null;
  /** What is wrong with the plan settings, for the developer; null when they are usable or absent. */
  problem: string | null = null;

  constructor(delegate: PurchaseDelegate, code: FormCode) {
    this.#delegate = delegate;
    this.#code = code;
    const { h } = code;
    this.#taxLabel = h('label', { part: 'label', for: 'taxId' });
    this.#taxError = h('div', { class: 'error', part: 'error', id: 'taxId-error' });
    this.input = h<HTMLInputElement>('input', {
      id: 'taxId',
      type: 'text',
      name: 'tax-id',
      part: 'input tax-id-input',
      // No autofill token names a CPF or CNPJ: the browser's own history of this field may help, nothing more.
      autocomplete: 'on',
      // Letters: the alphanumeric CNPJ.
      inputmode: 'text',
      autocapitalize: 'characters',
      autocorrect: 'off',
      spellcheck: 'false',
      'aria-describedby': 'taxId-error',
    });
    this.#taxField = h(
      'div',
      { class: 'field', part: 'field', hidden: '' },
      h('div', { class: 'row' }, this.#taxLabel),
      h('div', {}, this.input),
      this.#taxError,
    );
    this.#planLabel = h('label', { part: 'label', for: 'installments' });
    this.#select = h<HTMLSelectElement>('select', {
      id: 'installments',
      name: 'installments',
      part: 'installments',
      'aria-describedby': 'installments-note',
    });
    // Not a live region: the form's region already says the sentence once.
    this.#note = h('p', { id: 'installments-note', part: 'installments-note', hidden: '' });
    this.#planField = h(
      'div',
      { class: 'field', part: 'field', hidden: '' },
      h('div', { class: 'row' }, this.#planLabel),
      this.#select,
      this.#note,
    );
    this.input.addEventListener('input', () => this.#onInput());
    this.input.addEventListener('blur', () => this.#showError());
    this.#select.addEventListener('change', () => {
      this.#count = Number(this.#select.value);
      this.#noteText = '';
      delegate.requestUpdate();
      delegate.changed();
    });
  }

  /** Puts both fields in `form`, before `before`. */
  mount(form: HTMLFormElement, before: Node): void {
    form.insertBefore(this.#taxField, before);
    form.insertBefore(this.#planField, before);
  }

  /**
   * Takes the settings. New plan settings list new options; the count chosen
   * stays when it is still offered, otherwise 1× is chosen and the shopper is
   * told. Returns true when the options or the field shown changed, so the
   * form reports again.
   */
  sync(settings: PurchaseSettings): boolean {
    const collect = settings.collectTaxId;
    const shownChanged = collect !== this.#collect;
    this.#collect = collect;
    this.#lang = settings.lang;
    const { installments } = settings;
    const key = installments === null ? '' : JSON.stringify(installments);
    if (key === this.#key) return shownChanged;
    const before = this.#key && this.#chosen();
    this.#key = key;
    this.#options = [];
    this.problem = null;
    if (installments !== null) {
      const plans = planOptions(installments as unknown as InstallmentConfig);
      if ('problem' in plans) this.problem = `<pay-card-form> cannot offer installments: ${plans.problem}`;
      else this.#options = plans;
    }
    const kept = this.#options.some((option) => option.count === this.#count);
    if (!kept) this.#count = 1;
    const now = this.#chosen();
    this.#noteText = '';
    if (before && now) {
      const plans = this.#plans();
      if (!kept) this.#delegate.announce((this.#noteText = plans.gone(String(before.count), this.#text(now))));
      else if (this.#text(before) !== this.#text(now)) this.#delegate.announce(plans.changed(this.#text(now)));
    }
    return true;
  }

  /** Writes the state into both fields. `locked`: busy or unavailable; `disabled`: by an enclosing fieldset or form. */
  render(sentences: Messages, locked: boolean, disabled: boolean): void {
    const { h, setAttr, setText, errorText } = this.#code;
    this.#sentences = sentences;
    const shown = this.#shown;
    setAttr(this.#taxField, 'hidden', !this.#collect);
    setText(this.#taxLabel, sentences.labels.taxId);
    setAttr(this.input, 'placeholder', sentences.placeholders.taxId ?? '');
    setAttr(this.input, 'aria-invalid', String(!!shown));
    setAttr(this.input, 'readonly', locked);
    setAttr(this.input, 'disabled', disabled);
    setText(this.#taxError, shown ? errorText(sentences, 'taxId', { code: shown }) : '');
    setAttr(this.#planField, 'hidden', !this.#options.length);
    setText(this.#planLabel, this.#plans().label);
    setAttr(this.#select, 'disabled', disabled || locked);
    setText(this.#note, this.#noteText);
    setAttr(this.#note, 'hidden', !this.#noteText);
    const texts = this.#optionTexts();
    if (texts !== this.#shownTexts) {
      this.#select.replaceChildren(
        ...this.#options.map((option, i) => h('option', { value: String(option.count) }, document.createTextNode(texts[i]!))),
      );
      this.#shownTexts = texts;
    }
    if (this.#options.length) this.#select.value = String(this.#count);
  }

  /** What is wrong with the document as typed, or null (also when the form does not collect it). */
  taxIdProblem(): TaxIdProblem | null {
    return this.#collect ? taxIdProblem(this.input.value) : null;
  }

  /** Shows the document's error, as a submit does. */
  showErrors(): void {
    this.#shown = this.taxIdProblem();
    this.#delegate.requestUpdate();
  }

  /** Empties the document and chooses 1× again, as a form reset does. */
  reset(): void {
    this.input.value = '';
    this.#shown = null;
    this.#count = 1;
    this.#noteText = '';
    this.#delegate.requestUpdate();
  }

  detail(sentences: Messages): PurchaseDetail {
    const problem = this.taxIdProblem();
    const shown = this.#shown;
    return {
      plan: this.#chosen(),
      taxId: this.#collect ? parseTaxId(this.input.value) : null,
      ...(this.#collect && { field: { valid: !problem, error: shown ? this.#code.errorText(sentences, 'taxId', { code: shown }) : null } }),
    };
  }

  #chosen(): InstallmentOption | null {
    return this.#options.find((option) => option.count === this.#count) ?? null;
  }

  #plans(): InstallmentSentences {
    return { ...PLAN_SENTENCES[this.#pt() ? 'ptBR' : 'en'], ...this.#sentences?.installments };
  }

  #pt(): boolean {
    return this.#code.portuguese(this.#lang);
  }

  #optionTexts(): string[] {
    const from = [this.#options, this.#sentences, this.#pt()];
    if (!this.#texts || from.some((value, i) => value !== this.#texts!.from[i])) {
      const plans = this.#plans();
      this.#texts = { from, texts: this.#options.map((option) => this.#text(option, plans)) };
    }
    return this.#texts.texts;
  }

  /** An option as the select shows it: "3x de R$ 53,30 sem juros", "12x de R$ 15,11 (total R$ 181,32)". */
  #text({ count, installment, total, interestFree }: InstallmentOption, plans = this.#plans()): string {
    const lang = this.#pt() ? 'pt-BR' : 'en';
    const currency = (CURRENCY[lang] ??= new Intl.NumberFormat(lang, BRL));
    // Centavos as an exact decimal string: `format` takes one, so no amount ever passes through a float.
    const money = (centavos: number) =>
      currency.format(`${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}` as unknown as number);
    return interestFree ? plans.free(String(count), money(installment)) : plans.interest(String(count), money(installment), money(total));
  }

  /** Masks the document as typed, keeping the caret after the same character. */
  #onInput(): void {
    const { input } = this;
    const { value, selectionStart } = input;
    const formatted = formatTaxId(value);
    if (formatted !== value) {
      // Characters before the caret, punctuation aside: the caret goes after as many in the new text.
      let before = [...value.slice(0, selectionStart ?? value.length)].filter((c) => ALPHANUMERIC.test(c)).length;
      let caret = 0;
      while (caret < formatted.length && before > 0) if (ALPHANUMERIC.test(formatted[caret++]!)) before--;
      input.value = formatted;
      if ((input.getRootNode() as ShadowRoot).activeElement === input) input.setSelectionRange(caret, caret);
    }
    // While typing, an error can go away but never appear (it appears on blur or submit).
    if (this.#shown && !this.taxIdProblem()) this.#shown = null;
    this.#delegate.requestUpdate();
    this.#delegate.changed();
  }

  /** Shows (and says) the document's error, as on blur; an untouched empty field stays quiet. */
  #showError(): void {
    const problem = this.taxIdProblem();
    if ((this.input.value || this.#shown) && problem !== this.#shown) {
      this.#shown = problem;
      this.#delegate.requestUpdate();
      if (problem) this.#delegate.announce(this.#code.errorText(this.#sentences!, 'taxId', { code: problem }));
    }
    this.#delegate.changed();
  }
}
