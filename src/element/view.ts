/**
 * The element's markup: one fixed form, built with DOM calls (no HTML
 * parsing, so a Trusted Types policy is never needed). Nothing here depends
 * on properties or on what the shopper typed; `PayCardForm.update()` fills
 * in the texts and states by the ids set here.
 */
import type { FieldName } from './messages.js';

/** The inputs, in the order a person fills them (and the Tab order). */
export const FIELDS: readonly FieldName[] = ['number', 'holderName', 'expiry', 'cvv'];

/** Each input's autocomplete token, also its `name` so browsers recognise it for autofill. */
const AUTOCOMPLETE: Record<FieldName, string> = { number: 'cc-number', holderName: 'cc-name', expiry: 'cc-exp', cvv: 'cc-csc' };

function h(tag: string, attributes: Record<string, string>, ...children: Node[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** Writes a text only when it changed: rewriting a live region's text would announce it again. */
export function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

/** A new copy of the form, for one element's shadow root. */
export function buildView(): HTMLFormElement {
  const fields = FIELDS.map((field) => {
    const text = field === 'holderName';
    return h(
      'div',
      { class: field === 'expiry' || field === 'cvv' ? 'field half' : 'field', part: 'field' },
      h(
        'div',
        { class: 'row' },
        h('label', { part: 'label', for: field }),
        ...(field === 'number' ? [h('span', { part: 'brand', id: 'brand', hidden: '' })] : []),
      ),
      h('input', {
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
      }),
      h('div', { class: 'error', part: 'error', id: `${field}-error` }),
    );
  });
  return h(
    'form',
    { part: 'form', novalidate: '' },
    ...fields,
    h('div', { class: 'error wide', part: 'form-error', id: 'form-error' }),
    h('button', { part: 'submit', id: 'submit' }),
    h('span', { id: 'busy-explanation', hidden: '' }),
    h('div', { class: 'sr', id: 'status', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' }),
  ) as HTMLFormElement;
}
