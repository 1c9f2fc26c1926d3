import { expect, fixture, html } from '@open-wc/testing';
import { BRANDS, type Brand } from '../card/brand.js';
import { brandMark } from '../dom/brand-marks.js';
import { en, ptBR, type Messages } from '../form/messages.js';
import { styles } from '../form/form.styles.js';
import { contrast } from './test-helpers.js';
import { buildView, renderView, type View, type ViewState } from '../form/view.js';

/** The view alone, in a shadow root with the element's styles, rendered from `state`. */
async function mountView(theme: 'light' | 'dark', state: Partial<ViewState> = {}, messages: Messages = en) {
  const host = await fixture<HTMLElement>(html`<div theme=${theme}></div>`);
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [styles.styleSheet!];
  const view = buildView();
  root.append(view.form);
  const render = (next: Partial<ViewState> = {}, sentences = messages) => renderView(view, viewState({ ...state, ...next }), sentences);
  render();
  return { host, view, render };
}

function viewState(state: Partial<ViewState>): ViewState {
  return {
    busy: false,
    disabled: false,
    marks: brandMark,
    brand: null,
    shownErrors: {},
    unavailable: false,
    failure: '',
    success: '',
    hideSubmit: false,
    submitLabel: '',
    announcement: '',
    ...state,
  };
}

const brandPart = (view: View) => view.form.querySelector<HTMLElement>('[part="brand"]')!;
const row = (view: View) => view.form.querySelector<HTMLElement>('[part="brands"]')!;
const rowMarks = (view: View) => [...row(view).querySelectorAll('li > svg')];
const opacities = (view: View) => [...row(view).children].map((item) => getComputedStyle(item).opacity);

describe('brand marks', () => {
  it('shows a mark of its own for each brand in the number field, with the name as text', async () => {
    const { view, render } = await mountView('light');
    const drawings = new Set<string>();
    for (const brand of BRANDS) {
      render({ brand });
      const part = brandPart(view);
      const mark = part.querySelector('svg')!;
      expect(part.hidden, brand).to.equal(false);
      // The name is read as words; the picture is not read a second time.
      expect(part.textContent, brand).to.equal(en.brandNames[brand]);
      expect(mark.getAttribute('aria-hidden'), brand).to.equal('true');
      expect(mark.getBoundingClientRect().width, brand).to.be.above(20);
      drawings.add(mark.innerHTML);
    }
    expect(drawings.size).to.equal(BRANDS.length);
    render({ brand: null });
    expect(brandPart(view).hidden).to.equal(true);
    expect(brandPart(view).textContent).to.equal('');
    expect(brandPart(view).querySelector('svg')).to.equal(null);
  });

  it('swaps the mark only when the brand changes, and moves nothing as it appears', async () => {
    const { view, render } = await mountView('light');
    const labelRow = view.labels.number.parentElement!;
    const height = labelRow.getBoundingClientRect().height;
    render({ brand: 'visa' });
    const mark = brandPart(view).querySelector('svg');
    expect(labelRow.getBoundingClientRect().height).to.equal(height);
    const writes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => writes.push(...records));
    observer.observe(view.form, { subtree: true, childList: true, attributes: true, characterData: true });
    // Another keystroke in the same brand: nothing in the marks is written.
    render({ brand: 'visa', brandRow: null });
    expect(observer.takeRecords()).to.deep.equal([]);
    render({ brand: 'elo' });
    expect(observer.takeRecords().length).to.be.above(0);
    observer.disconnect();
    expect(brandPart(view).querySelector('svg')).to.not.equal(mark);
    expect(brandPart(view).textContent).to.equal('Elo');
  });

  it('shows no row of accepted brands unless asked', async () => {
    const { view } = await mountView('light', { brand: 'visa' });
    expect(row(view).hidden).to.equal(true);
    expect(rowMarks(view)).to.have.length(0);
  });

  it('names the row and each accepted brand in the current language', async () => {
    const accepted: Brand[] = ['visa', 'mastercard', 'elo'];
    const { view, render } = await mountView('light', { brandRow: accepted });
    const list = row(view);
    expect(list.hidden).to.equal(false);
    expect(list.getAttribute('role')).to.equal('list');
    expect(list.getAttribute('aria-label')).to.equal('Accepted cards');
    expect(rowMarks(view).map((mark) => [mark.getAttribute('role'), mark.getAttribute('aria-label')])).to.deep.equal([
      ['img', 'Visa'],
      ['img', 'Mastercard'],
      ['img', 'Elo'],
    ]);
    render({}, { ...ptBR, brandNames: { ...ptBR.brandNames, amex: 'Amex' } });
    expect(list.getAttribute('aria-label')).to.equal('Cartões aceitos');
    render({ brandRow: ['amex', 'elo'] }, { ...ptBR, brandNames: { ...ptBR.brandNames, amex: 'Amex' } });
    expect(rowMarks(view).map((mark) => mark.getAttribute('aria-label'))).to.deep.equal(['Amex', 'Elo']);
  });

  it("holds the row in its place while the marks load, out of the screen reader's way", async () => {
    const { view, render } = await mountView('light', { brandRow: ['visa', 'mastercard', 'elo'], marks: null });
    const list = row(view);
    const number = view.labels.number.getBoundingClientRect().top;
    expect(list.hidden).to.equal(false);
    expect(list.getAttribute('aria-hidden')).to.equal('true');
    expect(rowMarks(view)).to.have.length(0);
    render({ marks: brandMark });
    expect(rowMarks(view)).to.have.length(3);
    expect(list.hasAttribute('aria-hidden')).to.equal(false);
    expect(view.labels.number.getBoundingClientRect().top, 'the fields below have not moved').to.equal(number);
  });

  it('dims every accepted brand but the detected one, and none before a brand is detected', async () => {
    const { view, render } = await mountView('light', { brandRow: ['visa', 'mastercard', 'elo'] });
    expect(opacities(view)).to.deep.equal(['1', '1', '1']);
    render({ brand: 'mastercard' });
    expect(opacities(view)).to.deep.equal(['0.4', '1', '0.4']);
    render({ brand: 'elo' });
    expect(opacities(view)).to.deep.equal(['0.4', '0.4', '1']);
    // A brand outside the row (refused) leaves no mark standing out.
    render({ brand: 'amex' });
    expect(opacities(view)).to.deep.equal(['0.4', '0.4', '0.4']);
    render({ brand: null });
    expect(opacities(view)).to.deep.equal(['1', '1', '1']);
  });

  for (const [theme, border] of [
    ['light', 'rgb(107, 107, 107)'],
    ['dark', 'rgb(154, 160, 166)'],
  ] as const) {
    it(`gives every badge an edge that shows on the ${theme} background (3:1)`, async () => {
      const { host, view } = await mountView(theme, { brand: 'elo', brandRow: BRANDS });
      const background = getComputedStyle(host).backgroundColor;
      for (const badge of view.form.querySelectorAll('rect')) {
        const style = getComputedStyle(badge);
        expect(style.stroke).to.equal(border);
        expect(style.strokeWidth).to.equal('1px');
        expect(contrast(style.stroke, background)).to.be.at.least(3);
      }
      expect(view.form.querySelectorAll('rect')).to.have.length(BRANDS.length + 1);
    });

    it(`passes axe with the row and a detected brand, ${theme} theme`, async () => {
      const { host } = await mountView(theme, { brand: 'visa', brandRow: BRANDS });
      await expect(host).to.be.accessible();
    });
  }
});
