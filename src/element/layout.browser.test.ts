import { expect } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import type { PayCardForm } from './pay-card-form.js';
import {
  type Snapshot,
  contrast,
  errorOf,
  focusField,
  formDocument,
  mount,
  onPage,
  part,
  press,
  snapAll,
  typeHere,
  typeInto,
} from './test-helpers.js';

/** The box of an element of the form. */
const box = async (el: PayCardForm, selector: string) => (await part(el, selector)).rect;

/**
 * Expiry and CVV, side by side, keep their inputs on one line and of one
 * height whatever sits above or below them; stacked (below 361 px), they do
 * not overlap and take the full width. The four boxes are read in one go:
 * isolated, the frame may still be catching up with its new size between two
 * reads, and a box read before and one read after would not compare.
 */
async function expectPairAligned(el: PayCardForm, state: string) {
  const boxes = await snapAll(el, 'label[for="expiry"], #expiry, label[for="cvv"], #cvv');
  expect(boxes.map((each) => each.attributes.for ?? each.attributes.id)).to.deep.equal(['expiry', 'expiry', 'cvv', 'cvv']);
  const [expiryLabel, expiry, cvvLabel, cvv] = boxes.map((each) => each.rect) as [Rect, Rect, Rect, Rect];
  if (Math.abs(expiry.left - cvv.left) < 1) {
    expect(cvv.top, `${state}: stacked`).to.be.at.least(expiry.bottom);
    expect(Math.abs(expiry.width - cvv.width), `${state}: stacked width`).to.be.below(1);
    return;
  }
  expect(Math.abs(expiry.top - cvv.top), `${state}: input tops ${expiry.top} / ${cvv.top}`).to.be.below(1);
  expect(Math.abs(expiry.height - cvv.height), `${state}: input heights`).to.be.below(1);
  expect(Math.abs(expiryLabel.top - cvvLabel.top), `${state}: label tops`).to.be.below(1);
}

type Rect = Snapshot['rect'];

describe('layout: paired fields stay aligned', () => {
  after(() => setViewport({ width: 800, height: 600 }));

  // 640 px is a 1280 px window at 200 % zoom.
  for (const width of [320, 375, 640, 1280]) {
    for (const locale of ['en', 'pt-BR']) {
      it(`${width} px, ${locale}: empty, a long brand, an error on one side, then on the other`, async () => {
        await setViewport({ width, height: 900 });
        const el = await mount({ locale });
        el.style.maxWidth = '480px';
        await expectPairAligned(el, 'empty');
        await typeInto(el, 'number', '378282246310005');
        await expectPairAligned(el, 'American Express');
        await typeInto(el, 'cvv', '1');
        await press(el, 'Tab');
        expect(await errorOf(el, 'cvv')).to.not.equal('');
        await expectPairAligned(el, 'CVV error');
        await typeInto(el, 'expiry', '01');
        await focusField(el, 'cvv');
        await typeHere(el, '234');
        expect(await errorOf(el, 'expiry')).to.not.equal('');
        await expectPairAligned(el, 'expiry error');
        expect(document.documentElement.scrollWidth, 'no sideways scroll').to.be.at.most(width);
        const form = await formDocument(el);
        expect(form.scrollWidth, 'no sideways scroll inside the form').to.be.at.most(form.clientWidth);
      });
    }
  }
});

describe('layout: themes and placeholders', () => {
  afterEach(() => emulateMedia({ colorScheme: 'light' }));

  for (const theme of ['light', 'dark', 'auto']) {
    it(`${theme}: the element pads its own background, and placeholders are lighter than text yet readable`, async () => {
      await emulateMedia({ colorScheme: 'dark' });
      const el = await mount({ theme });
      const host = el.getBoundingClientRect();
      const number = onPage(el, await box(el, '#number'));
      expect(number.left - host.left, 'inner padding').to.be.at.least(12);
      expect(onPage(el, await box(el, 'label[for="number"]')).top - host.top, 'inner padding on top').to.be.at.least(12);
      const { styles } = await part(el, '#number', ['color', 'background-color']);
      const placeholder = (await part(el, '#number', ['color'], '::placeholder')).styles.color!;
      const background = styles['background-color']!;
      expect(contrast(placeholder, background), 'placeholder contrast').to.be.at.least(4.5);
      // Typed text stands out from a placeholder by a clear step.
      expect(contrast(styles.color!, background) / contrast(placeholder, background), 'text vs placeholder').to.be.at.least(2);
    });
  }
});
