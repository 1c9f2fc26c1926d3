/**
 * The element's markup: one fixed form, built with {@link h}, and {@link renderView},
 * which writes a {@link ViewState} into it. Nothing here knows about form
 * association or the tokenize call, so the same view can run wherever the
 * card is typed.
 */
import type { Brand } from '../card/brand.js';
import { FIELDS, type CardFieldName } from '../card/field-names.js';
import type { FieldErrors } from '../card/field-errors.js';
import type { brandMark } from '../dom/brand-marks.js';
import { h } from '../dom/h.js';
import { setAttr, setText } from '../dom/write.js';
import { errorText, type Messages } from './messages.js';

/** Each input's autocomplete token, also its `name` so browsers recognise it for autofill. */
const AUTOCOMPLETE: Record<CardFieldName, string> = { number: 'cc-number', holderName: 'cc-name', expiry: 'cc-exp', cvv: 'cc-csc' };

/** The nodes an update writes to. */
export interface View {
  form: HTMLFormElement;
  labels: Record<CardFieldName, HTMLElement>;
  inputs: Record<CardFieldName, HTMLInputElement>;
  errors: Record<CardFieldName, HTMLElement>;
  /** The detected brand: its mark, then its name as text for screen readers. */
  brand: HTMLElement;
  brandName: HTMLElement;
  /** The list of accepted-brand marks above the number. */
  brandRow: HTMLElement;
  /** What the marks show, so they are rebuilt only when it changes rather than on every keystroke. */
  shown: { brand: Brand | null; row: string; marks: boolean };
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
  /**
   * The accepted brands to show as a row of marks above the number (the
   * detected one stands out, the others dim), or null (or left out) for no row.
   */
  brandRow?: readonly Brand[] | null;
  /** Draws the brand marks, once their module has loaded; until then the brand's name is shown as text. */
  marks?: typeof brandMark | null;
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
  const { busy, disabled, shownErrors } = state;
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
  renderBrands(view, state, messages);
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

/**
 * The marks change only with the brand (or the row's brands), so a keystroke
 * that keeps the brand adds no node, and no style or layout work.
 */
function renderBrands(view: View, { brand, brandRow, marks }: ViewState, messages: Messages): void {
  const { shown } = view;
  if (shown.brand !== brand || shown.marks !== !!marks) {
    // The mark is hidden from screen readers: the name beside it is read as plain words ("Visa"),
    // not as a picture, and it is the same text the live region says when the brand is detected.
    view.brand.replaceChildren(...(brand && marks ? [marks(brand)] : []), view.brandName);
    // Until the marks have loaded, the name is shown as text instead.
    setAttr(view.brandName, 'class', marks ? 'sr' : false);
    shown.brand = brand;
  }
  setAttr(view.brand, 'hidden', !brand);
  setText(view.brandName, brand ? messages.brandNames[brand] : '');
  const row = marks ? (brandRow ?? []) : [];
  if (shown.row !== row.join() || shown.marks !== !!marks) {
    // In the row each mark is an image named by its brand: there is no text beside it to read.
    view.brandRow.replaceChildren(...row.map((each) => h('li', {}, marks!(each, messages.brandNames[each]))));
    shown.row = row.join();
  }
  shown.marks = !!marks;
  // The row takes its place as the form is built, marks or not: they arrive a moment later, and move nothing when they do.
  // Until then it is an empty list, which is not read.
  setAttr(view.brandRow, 'hidden', !brandRow);
  setAttr(view.brandRow, 'aria-hidden', !marks && 'true');
  setAttr(view.brandRow, 'aria-label', messages.acceptedBrands);
  row.forEach((each, index) => {
    const item = view.brandRow.children[index]!;
    setAttr(item.firstElementChild!, 'aria-label', messages.brandNames[each]);
    setAttr(item, 'class', !!brand && each !== brand && 'dim');
  });
}

/** A new copy of the form, for one element's shadow root. */
export function buildView(): View {
  const view = { labels: {}, inputs: {}, errors: {}, shown: { brand: null, row: '', marks: false } } as View;
  const fields = FIELDS.map((field) => {
    const text = field === 'holderName';
    const label = (view.labels[field] = h('label', { part: 'label', for: field }));
    if (field === 'number') view.brand = h('span', { part: 'brand', hidden: '' }, (view.brandName = h('span', { class: 'sr' })));
    return h(
      'div',
      { class: 'field', part: 'field' },
      h('div', { class: 'row' }, label, ...(field === 'number' ? [view.brand] : [])),
      // The input's own box in the field's grid: a grid item is laid out with its grid, and the input
      // inside can be laid out alone (pay-card-form.styles.ts), which is what each keystroke needs.
      h(
        'div',
        {},
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
      ),
      (view.errors[field] = h('div', { class: 'error', part: 'error', id: `${field}-error` })),
    );
  });
  view.form = h(
    'form',
    { part: 'form', novalidate: '' },
    // An explicit list role: WebKit drops the list's semantics once its bullets are styled away.
    (view.brandRow = h('ul', { part: 'brands', role: 'list', hidden: '' })),
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
