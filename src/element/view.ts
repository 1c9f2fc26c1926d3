/**
 * The element's markup: one fixed form, built with {@link h}, and {@link renderView},
 * which writes a {@link ViewState} into it. Nothing here knows about form
 * association or the tokenize call, so the same view can run wherever the
 * card is typed.
 */
import type { Brand } from '../card/brands.js';
import { FIELDS, type FieldName } from '../card/card-fields.js';
import type { FieldErrors } from '../card/field-errors.js';
import { h } from '../dom/h.js';
import { setAttr, setText } from '../dom/write.js';
import { errorText, type Messages } from './messages.js';

/** Each input's autocomplete token, also its `name` so browsers recognise it for autofill. */
const AUTOCOMPLETE: Record<FieldName, string> = { number: 'cc-number', holderName: 'cc-name', expiry: 'cc-exp', cvv: 'cc-csc' };

/** The nodes an update writes to. */
export interface View {
  form: HTMLFormElement;
  labels: Record<FieldName, HTMLElement>;
  inputs: Record<FieldName, HTMLInputElement>;
  errors: Record<FieldName, HTMLElement>;
  brand: HTMLElement;
  failure: HTMLElement;
  success: HTMLElement;
  submit: HTMLButtonElement;
  busyExplanation: HTMLElement;
  status: HTMLElement;
}

/** Everything the view shows besides what the shopper typed (the inputs hold that themselves). */
export interface ViewState {
  /** A tokenization is in flight: inputs are read-only and the button explains why it waits. */
  busy: boolean;
  /** Disabled by an enclosing `<fieldset disabled>` or form. */
  disabled: boolean;
  brand: Brand | null;
  /** The errors the shopper has been shown (on blur or submit), not every current one. */
  shownErrors: FieldErrors;
  /** The element is misconfigured: it shows `failure` and takes no card (inputs read-only, button inert). */
  unavailable: boolean;
  /** Why the last tokenization failed (or why the form is unavailable), or ''. */
  failure: string;
  /** The visible confirmation of the last token ("Visa •••• 1111 saved"), or ''. */
  success: string;
  hideSubmit: boolean;
  /** The merchant's button text, or '' for the language's. */
  submitLabel: string;
  /** What the polite live region says. */
  announcement: string;
}

/**
 * Writes the state into the view, touching only what changed: a keystroke
 * that changes nothing visible writes nothing, so it costs no style update,
 * and the live region speaks only when its sentence changes.
 */
export function renderView(view: View, state: ViewState, messages: Messages): void {
  const { busy, disabled, brand, shownErrors } = state;
  const locked = busy || state.unavailable;
  setAttr(view.form, 'aria-busy', String(busy));
  for (const field of FIELDS) {
    const input = view.inputs[field];
    const shown = shownErrors[field];
    setText(view.labels[field], messages.labels[field]);
    setAttr(input, 'placeholder', messages.placeholders[field] ?? '');
    setAttr(input, 'aria-invalid', String(!!shown));
    setAttr(input, 'readonly', locked);
    setAttr(input, 'disabled', disabled);
    setText(view.errors[field], shown ? errorText(messages, field, shown) : '');
  }
  setAttr(view.brand, 'hidden', !brand);
  setText(view.brand, brand ? messages.brandNames[brand] : '');
  setText(view.failure, state.failure);
  setText(view.success, state.success);
  setAttr(view.submit, 'hidden', state.hideSubmit);
  setAttr(view.submit, 'disabled', disabled);
  setAttr(view.submit, 'aria-disabled', String(locked));
  setAttr(view.submit, 'aria-describedby', busy ? 'busy-explanation' : 'form-error');
  setText(view.submit, busy ? messages.busy : state.submitLabel || messages.submit);
  setText(view.busyExplanation, messages.busyExplanation);
  setText(view.status, state.announcement);
}

/** A new copy of the form, for one element's shadow root. */
export function buildView(): View {
  const view = { labels: {}, inputs: {}, errors: {} } as View;
  const fields = FIELDS.map((field) => {
    const text = field === 'holderName';
    const label = (view.labels[field] = h('label', { part: 'label', for: field }));
    if (field === 'number') view.brand = h('span', { part: 'brand', hidden: '' });
    return h(
      'div',
      { class: 'field', part: 'field' },
      h('div', { class: 'row' }, label, ...(field === 'number' ? [view.brand] : [])),
      (view.inputs[field] = h('input', {
        id: field,
        type: 'text',
        name: AUTOCOMPLETE[field],
        part: `input ${text ? 'holder-name' : field}-input`,
        autocomplete: AUTOCOMPLETE[field],
        inputmode: text ? 'text' : 'numeric',
        autocapitalize: text ? 'characters' : 'off',
        autocorrect: 'off',
        spellcheck: 'false',
        'aria-describedby': `${field}-error`,
      })),
      (view.errors[field] = h('div', { class: 'error', part: 'error', id: `${field}-error` })),
    );
  });
  view.form = h(
    'form',
    { part: 'form', novalidate: '' },
    fields[0]!,
    fields[1]!,
    // Expiry and CVV in a grid of their own, so aligning them never puts layout work on the other fields' keystrokes.
    h('div', { class: 'pair' }, fields[2]!, fields[3]!),
    (view.failure = h('div', { class: 'error wide', part: 'form-error', id: 'form-error' })),
    (view.success = h('div', { class: 'ok wide', part: 'success' })),
    (view.submit = h('button', { part: 'submit' })),
    (view.busyExplanation = h('span', { id: 'busy-explanation', hidden: '' })),
    (view.status = h('div', { class: 'sr', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' })),
  );
  return view;
}
