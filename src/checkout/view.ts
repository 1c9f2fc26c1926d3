/**
 * `<pay-checkout>`'s markup, built once with {@link h}; the element writes
 * texts and shows or hides parts through the references returned here. The
 * card form and the Pix code are appended into their panels when their code
 * has loaded.
 */
import { h } from '../dom/h.js';
import { PAYMENT_METHODS, type PaymentMethod } from './methods.js';

export interface CheckoutView {
  base: HTMLElement;
  /** The method choice: a native radio group, so arrows, Space and Tab work as a screen reader announces them. */
  choice: HTMLFieldSetElement;
  legend: HTMLLegendElement;
  options: Record<PaymentMethod, { label: HTMLLabelElement; radio: HTMLInputElement; text: HTMLElement }>;
  panels: Record<PaymentMethod, HTMLElement>;
  /** Where the card form and the Pix code go. */
  holders: Record<PaymentMethod, HTMLElement>;
  /** Each panel's own state: loading, paying, generating, an outcome. */
  notes: Record<PaymentMethod, HTMLElement>;
  /** Each panel's action: try again (card), generate a new code (Pix). */
  actions: Record<PaymentMethod, HTMLButtonElement>;
  status: HTMLElement;
}

export function buildCheckoutView(): CheckoutView {
  const view = { options: {}, panels: {}, holders: {}, notes: {}, actions: {} } as CheckoutView;
  view.choice = h<HTMLFieldSetElement>('fieldset', { part: 'methods' }, (view.legend = h<HTMLLegendElement>('legend', { part: 'legend' })));
  const panels: HTMLElement[] = [];
  for (const method of PAYMENT_METHODS) {
    const radio = h<HTMLInputElement>('input', { type: 'radio', name: 'method', value: method, id: `method-${method}` });
    const text = h('span');
    view.options[method] = {
      radio,
      text,
      label: h<HTMLLabelElement>('label', { part: `method method-${method}`, for: radio.id }, radio, text),
    };
    view.holders[method] = h('div', { class: 'holder' });
    view.notes[method] = h('p', { part: 'note', class: 'note' });
    view.actions[method] = h<HTMLButtonElement>('button', { type: 'button', part: 'action' });
    panels.push(
      (view.panels[method] = h(
        'div',
        { part: `panel ${method}-panel`, role: 'group', id: `panel-${method}` },
        view.holders[method],
        view.notes[method],
        view.actions[method],
      )),
    );
  }
  view.status = h('div', { class: 'sr', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  view.base = h('div', { part: 'base', class: 'base' }, view.choice, ...panels, view.status);
  return view;
}
