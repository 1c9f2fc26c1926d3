/**
 * Nothing on the page moves when the form appears. Isolated: the `<iframe>`
 * is as tall as the form will be before the frame says so; the host's
 * figures (`formHeight`) are held here to the height the frame reports, at
 * each side of the form's breakpoint, in both languages, with each setting
 * that adds or removes a row. Inline: the element takes the same height
 * while the form's module loads, held here to the height the form then has.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../index.js';
import { formHeight, type HeightSettings } from '../form/form-height.js';
import type { PayCardForm } from './pay-card-form.js';
import { inlineFormLoader } from './inline-form.js';
import { setInlineFormLoader } from './inline-mode.js';
import { ACTIVE_KEY, isolated, sandboxUrl } from './test-helpers.js';

const POLICY = { maxInstallments: 12, interestFree: 3, monthlyRate: '1.99', minInstallment: 500 };

/** Each setting that changes the form's rows, alone and together. */
const FORMS: Record<string, Partial<PayCardForm>> = {
  'the card alone': {},
  'with the CPF/CNPJ field': { collectTaxId: true },
  'with Parcelas': { amount: 15990, installments: POLICY },
  'with the CPF/CNPJ field and Parcelas': { collectTaxId: true, amount: 15990, installments: POLICY },
  "with the accepted brands' row": { showBrands: true },
  'without the pay button': { hideSubmit: true },
  'all of them': { collectTaxId: true, amount: 15990, installments: POLICY, showBrands: true, hideSubmit: true },
};

/** What {@link formHeight} reads of a form set up with `settings`. */
const heightSettings = (settings: Partial<PayCardForm>): HeightSettings => ({
  collectTaxId: !!settings.collectTaxId,
  installments: settings.installments ? {} : null,
  showBrands: !!settings.showBrands,
  hideSubmit: !!settings.hideSubmit,
});

/**
 * A form `width` px wide, set up before it joins the page, with every height
 * the host gives its `<iframe>` from the first on (written in its `style`).
 */
async function place(baseUrl: string, width: number, locale: string, settings: Partial<PayCardForm>) {
  const box = document.body.appendChild(document.createElement('div'));
  box.style.width = `${width}px`;
  const el = document.createElement('pay-card-form') as PayCardForm;
  Object.assign(el, settings);
  el.setAttribute('public-key', ACTIVE_KEY);
  el.setAttribute('base-url', baseUrl);
  el.setAttribute('locale', locale);
  el.setAttribute('theme', 'light');
  const heights: string[] = [];
  const watch = new MutationObserver(() => {
    const iframe = el.shadowRoot?.querySelector('iframe');
    if (iframe?.style.height && heights.at(-1) !== iframe.style.height) heights.push(iframe.style.height);
  });
  box.append(el);
  watch.observe(el.shadowRoot!, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
  await el.updateComplete;
  return { el, heights, iframe: () => el.shadowRoot!.querySelector('iframe')!, done: () => (watch.disconnect(), box.remove()) };
}

describe('isolated mode: the height reserved for the frame', () => {
  if (!isolated) return;

  for (const [locale, widths] of [
    ['en', [320, 360, 361, 800]],
    ['pt-BR', [320, 800]],
  ] as const) {
    for (const width of widths) {
      it(`${locale}, ${width} px: the frame loads at the height it then reports, for every set of rows`, async function () {
        this.timeout(20_000);
        const baseUrl = await sandboxUrl();
        for (const [name, settings] of Object.entries(FORMS)) {
          const expected = formHeight(width, heightSettings(settings));
          const form = await place(baseUrl, width, locale, settings);
          try {
            await form.el.ready;
            expect(form.heights[0], `${name}: the first height the frame had`).to.equal(`${expected}px`);
            // The frame reports its height rounded up, and the accepted brands' row is not a whole number of pixels.
            expect(parseFloat(form.iframe().style.height), `${name}: the height the frame reported`).to.be.closeTo(expected, 1);
            expect(form.heights.length, `${name}: no height in between (${form.heights.join(', ')})`).to.be.at.most(2);
          } finally {
            form.done();
          }
        }
      });
    }
  }

  it('follows the settings until the frame reports; the width is read as the frame starts loading', async () => {
    // A frame that never loads: the reserved height is all the page has, until the host gives up (24 s).
    const form = await place((await executeServerCommand('hanging-url')) as string, 320, 'en', {});
    try {
      const height = () => parseFloat(form.iframe().style.height);
      expect(height(), 'narrow: expiry and CVV stacked').to.equal(formHeight(320, heightSettings({})));
      form.el.collectTaxId = true;
      await form.el.updateComplete;
      expect(height(), 'with the document').to.equal(formHeight(320, heightSettings({ collectTaxId: true })));
      form.el.amount = 15990;
      form.el.installments = POLICY;
      await form.el.updateComplete;
      expect(height(), 'and Parcelas').to.equal(formHeight(320, heightSettings({ collectTaxId: true, installments: POLICY })));
    } finally {
      form.done();
    }
  });
});

describe('inline mode: the height held while the form loads', () => {
  if (isolated) return;

  it('the element is as tall while its module loads as the form then is, for every set of rows, both languages and both sides of the breakpoint', async function () {
    this.timeout(20_000);
    const load = () => import('./inline-surface.js');
    const baseUrl = await sandboxUrl();
    try {
      // Not Portuguese in a narrow element: with expiry and CVV side by side (a wide viewport), "Código de segurança"
      // wraps below about 385 px, and the form is 20 px taller than held (the README says so).
      for (const [locale, width] of [
        ['en', 320],
        ['en', 800],
        ['pt-BR', 400],
        ['pt-BR', 800],
      ] as const) {
        for (const [name, settings] of Object.entries(FORMS)) {
          // The module arrives only when the test lets it: the height is read while it is on its way.
          let release!: () => void;
          const arrival = new Promise<void>((resolve) => (release = resolve));
          setInlineFormLoader(inlineFormLoader(() => arrival.then(load)));
          const box = document.body.appendChild(document.createElement('div'));
          box.style.width = `${width}px`;
          const el = document.createElement('pay-card-form') as PayCardForm;
          Object.assign(el, settings, { mode: 'inline', publicKey: ACTIVE_KEY, baseUrl, locale, theme: 'light' });
          try {
            box.append(el);
            await new Promise(requestAnimationFrame);
            // Inline, the form's breakpoint reads the page's viewport, not the element's width.
            const expected = formHeight(innerWidth, heightSettings(settings));
            const where = `${locale}, ${width} px, ${name}`;
            expect(el.shadowRoot!.querySelector('#number'), `${where}: the form is not there yet`).to.equal(null);
            expect(el.getBoundingClientRect().height, `${where}: while the module loads`).to.equal(expected);
            release();
            await el.ready;
            expect(el.shadowRoot!.querySelector('#number'), `${where}: the form`).to.not.equal(null);
            // The figures are the frame's heights, which it reports rounded up to whole pixels; the form's own height is
            // not a whole number of pixels (the accepted brands' row least of all): the page moves by less than 2 px.
            expect(el.getBoundingClientRect().height, `${where}: the form`).to.be.within(expected - 1.5, expected);
          } finally {
            box.remove();
          }
        }
      }
    } finally {
      setInlineFormLoader(inlineFormLoader(load));
    }
  });
});
