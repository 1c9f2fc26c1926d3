/**
 * The element's markup: one fixed form, built with DOM calls (no HTML
 * parsing, so a Trusted Types policy is never needed). Nothing here depends
 * on properties or on what the shopper typed; `PayCardForm.update()` fills
 * in the texts and states through the references returned here.
 */
import type { FieldName } from './messages.js';

/** The inputs, in the order a person fills them (and the Tab order). */
export const FIELDS: readonly FieldName[] = ['number', 'holderName', 'expiry', 'cvv'];

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
  submit: HTMLButtonElement;
  busyExplanation: HTMLElement;
  status: HTMLElement;
}

function h<T extends HTMLElement = HTMLElement>(tag: string, attributes: Record<string, string>, ...children: Node[]): T {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element as T;
}

/** Writes a text only when it changed: rewriting a live region's text would announce it again. */
export function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

/** Sets an attribute (`true` for a present boolean one, `false` to remove it), touching the DOM only on a change. */
export function setAttr(element: Element, name: string, value: string | boolean): void {
  const next = value === true ? '' : value === false ? null : value;
  if (element.getAttribute(name) === next) return;
  if (next === null) element.removeAttribute(name);
  else element.setAttribute(name, next);
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
      { class: field === 'expiry' || field === 'cvv' ? 'field half' : 'field', part: 'field' },
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
    ...fields,
    (view.failure = h('div', { class: 'error wide', part: 'form-error', id: 'form-error' })),
    (view.submit = h('button', { part: 'submit' })),
    (view.busyExplanation = h('span', { id: 'busy-explanation', hidden: '' })),
    (view.status = h('div', { class: 'sr', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' })),
  );
  return view;
}
