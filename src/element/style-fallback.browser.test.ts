/**
 * Browsers without constructable stylesheets (Safari before 16.4, Firefox
 * before 101): Lit then puts `<style>` elements into the shadow root, and the
 * form must still be built next to them. This file gets its own page, so the
 * feature is removed before the element's module first loads.
 */
// Nothing is imported statically: Lit decides how to style shadow roots when
// it first loads, so the feature must be gone before any Lit module runs.
describe('without constructable stylesheets', () => {
  before(() => {
    delete (Document.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
  });

  it('renders the form beside the <style> Lit falls back to, styled', async () => {
    const { expect } = await import('@open-wc/testing');
    const { expectAccessible, isolated, mount, part } = await import('./test-helpers.js');
    const el = await mount();
    const root = el.shadowRoot!;
    // The element's own styles apply: the pay button takes the primary colour.
    const button = await part(el, '[part="submit"]', ['background-color']);
    expect(button.styles['background-color']).to.equal('rgb(11, 87, 208)');
    if (isolated) {
      // The host's shadow root holds the frame and the message shown when it cannot load; the form
      // itself is in the frame's document, another realm, whose stylesheets this page does not change.
      expect([...root.children].map((c) => c.localName)).to.have.members(['style', 'iframe', 'p']);
      const frame = getComputedStyle(root.querySelector('iframe')!);
      expect([frame.display, frame.borderTopStyle]).to.deep.equal(['block', 'none']);
      expect(root.querySelector<HTMLElement>('[part="form-error"]')!.hidden).to.equal(true);
    } else {
      expect([...root.children].map((c) => c.localName)).to.deep.equal(['style', 'form']);
      expect(root.querySelectorAll('input')).to.have.length(4);
    }
    await expectAccessible(el);
  });
});
