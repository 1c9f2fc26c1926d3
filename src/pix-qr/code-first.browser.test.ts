/**
 * On a narrow or touch screen "Pix Copia e Cola" comes before the QR code,
 * in the markup itself: what is seen first is read first and reached first
 * with Tab (WCAG 1.3.2, 2.4.3). Real viewports (setViewport), real touch
 * emulation (Chromium's, through the 'touch' server command) and real Tab
 * presses.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
import type { PayPixQr } from './pay-pix-qr.js';
import { DYNAMIC_PAYLOAD, part } from './test-helpers.js';

const NARROW = { width: 375, height: 800 };
const WIDE = { width: 800, height: 600 };
/** The element's own query (pay-pix-qr.ts), to know when the browser has reported a change of it. */
const CODE_FIRST = '(max-width: 480px), (pointer: coarse)';

/** The page: a button before and after the element, so Tab enters and leaves it. */
async function mount(): Promise<PayPixQr> {
  const page = await fixture<HTMLElement>(html`
    <div>
      <button id="before">Before</button>
      <pay-pix-qr payload=${DYNAMIC_PAYLOAD} locale="pt-BR"></pay-pix-qr>
      <button id="after">After</button>
    </div>
  `);
  const el = page.querySelector('pay-pix-qr')!;
  await el.updateComplete;
  return el;
}

/** Which of the two comes first in the markup. */
function markupFirst(el: PayPixQr): 'code' | 'qr' {
  return part(el, 'code').compareDocumentPosition(part(el, 'qr')) & Node.DOCUMENT_POSITION_FOLLOWING ? 'code' : 'qr';
}

/** Which of the two is shown above the other. */
function shownFirst(el: PayPixQr): 'code' | 'qr' {
  return part(el, 'code').getBoundingClientRect().bottom <= part(el, 'qr').getBoundingClientRect().top ? 'code' : 'qr';
}

/** Where the focus is after each real Tab from the button before the element, and whether each stop is shown above the QR. */
async function tabStops(el: PayPixQr): Promise<string[]> {
  document.getElementById('before')!.focus();
  const stops: string[] = [];
  for (let i = 0; i < 3; i++) {
    await sendKeys({ press: 'Tab' });
    const inside = el.shadowRoot!.activeElement;
    if (!inside) {
      stops.push(document.activeElement!.id);
      continue;
    }
    const above = inside.getBoundingClientRect().bottom <= part(el, 'qr').getBoundingClientRect().top;
    stops.push(`${inside.getAttribute('part')} ${above ? 'above' : 'below'} the QR`);
  }
  return stops;
}

/** Resolves once the browser has reported the next change of the element's query to this page. */
function queryChange(): Promise<boolean> {
  return new Promise((resolve) => matchMedia(CODE_FIRST).addEventListener('change', (event) => resolve(event.matches), { once: true }));
}

describe('<pay-pix-qr>: Pix Copia e Cola first on a narrow or touch screen', () => {
  afterEach(async () => {
    await executeServerCommand('touch', { enabled: false });
    await setViewport(WIDE);
  });

  it('narrow: the code and its copy button come first, in the markup, on screen and for Tab', async () => {
    await setViewport(NARROW);
    const el = await mount();
    expect(markupFirst(el)).to.equal('code');
    expect(shownFirst(el)).to.equal('code');
    expect(await tabStops(el)).to.deep.equal(['code-text above the QR', 'copy-button above the QR', 'after']);
  });

  it('wide, with a mouse: the QR comes first', async () => {
    await setViewport(WIDE);
    const el = await mount();
    expect(markupFirst(el)).to.equal('qr');
    expect(shownFirst(el)).to.equal('qr');
    expect(await tabStops(el)).to.deep.equal(['code-text below the QR', 'copy-button below the QR', 'after']);
  });

  it('follows the viewport while shown, and the focused copy button keeps its focus', async () => {
    await setViewport(WIDE);
    const el = await mount();
    expect(markupFirst(el)).to.equal('qr');
    part(el, 'copy-button').focus();
    await setViewport(NARROW);
    await waitUntil(() => markupFirst(el) === 'code', 'the code moved first after the viewport narrowed');
    expect(shownFirst(el)).to.equal('code');
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'copy-button'));
    await setViewport(WIDE);
    await waitUntil(() => markupFirst(el) === 'qr', 'the QR moved first again after the viewport widened');
    expect(shownFirst(el)).to.equal('qr');
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'copy-button'));
    expect(await tabStops(el)).to.deep.equal(['code-text below the QR', 'copy-button below the QR', 'after']);
  });

  it('a wide touch screen (a phone in landscape, a tablet): the code comes first', async () => {
    await setViewport(WIDE);
    const el = await mount();
    expect(markupFirst(el)).to.equal('qr');
    const touched = queryChange();
    await executeServerCommand('touch', { enabled: true });
    expect(await touched, 'the touch screen matches (pointer: coarse)').to.equal(true);
    expect(markupFirst(el)).to.equal('code');
    expect(shownFirst(el)).to.equal('code');
    expect(await tabStops(el)).to.deep.equal(['code-text above the QR', 'copy-button above the QR', 'after']);
    const untouched = queryChange();
    await executeServerCommand('touch', { enabled: false });
    expect(await untouched).to.equal(false);
    expect(markupFirst(el)).to.equal('qr');
  });

  it('stops following the screen when it leaves the page, and places the code again when it comes back', async () => {
    await setViewport(WIDE);
    const el = await mount();
    const page = el.parentElement!;
    el.remove();
    const narrowed = queryChange();
    await setViewport(NARROW);
    expect(await narrowed).to.equal(true);
    // Every listener of the query heard the change in the same task as this one: a left-over one would have moved the QR.
    expect(markupFirst(el)).to.equal('qr');
    page.append(el);
    expect(markupFirst(el)).to.equal('code');
  });
});
