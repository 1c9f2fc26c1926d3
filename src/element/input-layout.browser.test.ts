import { expect } from '@open-wc/testing';
import { errorOf, mount, part, press, settle, snapAll, typeInto } from './test-helpers.js';

/** The sizes an input's height is made of, as computed. */
const SIZES = ['line-height', 'padding-top', 'padding-bottom', 'border-top-width', 'border-bottom-width', 'min-height'];

/**
 * A keystroke changes the text inside one input. Each input is laid out on
 * its own (size and layout containment), in a box of its own that is the grid
 * item, so the browser does not lay the form's grids out again on every key
 * (docs/benchmarks.md has the figures). Containment must not change the look:
 * an input stays as tall as its line of text and its padding.
 */
describe('layout: each input is laid out on its own', () => {
  it('every input is contained, in a box of its own', async () => {
    const el = await mount();
    const inputs = await snapAll(el, '.field > div > input', ['contain']);
    expect(inputs.map((each) => each.attributes.id)).to.deep.equal(['number', 'holderName', 'expiry', 'cvv']);
    for (const input of inputs) expect(input.styles.contain!.split(' '), input.attributes.id).to.include.members(['size', 'layout']);
  });

  for (const fontSize of ['16px', '28px']) {
    it(`${fontSize} text: an input is as tall as its line, padding and border, and shows what is typed`, async () => {
      const el = await mount();
      el.style.setProperty('--pay-font-size', fontSize);
      await settle(el);
      await typeInto(el, 'number', '4111111111111111');
      const number = await part(el, '#number', SIZES);
      const [line, ...rest] = SIZES.slice(0, -1).map((name) => parseFloat(number.styles[name]!));
      const minimum = parseFloat(number.styles['min-height']!);
      expect(line, 'line height').to.be.above(parseFloat(fontSize));
      expect(number.rect.height).to.be.closeTo(Math.max(minimum, line! + rest.reduce((a, b) => a + b, 0)), 0.25);
      expect(number.value).to.equal('4111 1111 1111 1111');
    });
  }

  it("showing an error changes no input's size: its thicker border takes the padding", async () => {
    const el = await mount();
    await typeInto(el, 'number', '4111');
    const before = await snapAll(el, 'input');
    await press(el, 'Tab');
    expect(await errorOf(el, 'number')).to.not.equal('');
    const number = await part(el, '#number', ['border-top-width']);
    expect(number.styles['border-top-width']).to.equal('2px');
    const after = await snapAll(el, 'input');
    expect(after.map((each) => each.rect.height)).to.deep.equal(before.map((each) => each.rect.height));
  });
});
