/**
 * The element's markup, built once with {@link h}. `PayPixQr.update()` fills
 * in texts and shows or hides parts through the references returned here.
 */
import { h } from '../dom/h.js';

/** The nodes an update writes to. */
export interface PixView {
  base: HTMLElement;
  summary: HTMLDListElement;
  amount: HTMLElement;
  amountLabel: HTMLElement;
  amountValue: HTMLElement;
  payeeLabel: HTMLElement;
  payeeValue: HTMLElement;
  qr: SVGSVGElement;
  qrPath: SVGPathElement;
  code: HTMLElement;
  codeLabel: HTMLLabelElement;
  codeText: HTMLTextAreaElement;
  copy: HTMLButtonElement;
  instructions: HTMLOListElement;
  countdown: HTMLElement;
  notice: HTMLElement;
  message: HTMLElement;
  status: HTMLElement;
}

const svg = (tag: string) => document.createElementNS('http://www.w3.org/2000/svg', tag);

/** A new copy of the markup, for one element's shadow root. */
export function buildPixView(): PixView {
  const view = {} as PixView;
  // Edges on whole device pixels: no anti-aliased grey between modules.
  view.qr = h(svg('svg'), { part: 'qr', role: 'img', 'shape-rendering': 'crispEdges' }, (view.qrPath = svg('path') as SVGPathElement));
  view.base = h(
    'div',
    { class: 'base', part: 'base' },
    (view.summary = h<HTMLDListElement>(
      'dl',
      { part: 'summary' },
      (view.amount = h('div', { class: 'amount', part: 'amount' }, (view.amountLabel = h('dt')), (view.amountValue = h('dd')))),
      h('div', { part: 'payee' }, (view.payeeLabel = h('dt')), (view.payeeValue = h('dd'))),
    )),
    view.qr,
    (view.code = h(
      'div',
      { class: 'code', part: 'code' },
      (view.codeLabel = h<HTMLLabelElement>('label', { for: 'code', part: 'code-label' })),
      (view.codeText = h<HTMLTextAreaElement>('textarea', { id: 'code', part: 'code-text', readonly: '', rows: '3', spellcheck: 'false' })),
      (view.copy = h<HTMLButtonElement>('button', { type: 'button', part: 'copy-button' })),
    )),
    (view.instructions = h<HTMLOListElement>('ol', { part: 'instructions' })),
    (view.countdown = h('p', { class: 'countdown', part: 'countdown', role: 'timer' })),
    (view.notice = h('p', { class: 'notice', part: 'notice' })),
    (view.message = h('p', { class: 'message', part: 'message' })),
    (view.status = h('div', { class: 'sr', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' })),
  );
  return view;
}
