/**
 * Browsers without constructable stylesheets (Safari before 16.4, Firefox
 * before 101): Lit then puts `<style>` elements into the shadow root, and the
 * form must still be built next to them. This file gets its own page, so the
 * feature is removed before the element's module first loads.
 */
// Nothing is imported statically: Lit decides how to style shadow roots when
// it first loads, so the feature must be gone before any Lit module runs.
describe('without constructable stylesheets', () => {
  it('renders the form beside the <style> Lit falls back to, styled', async () => {
    delete (Document.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    const { expect } = await import('@open-wc/testing');
    await import('../index.js');
    const el = document.createElement('pay-card-form');
    document.body.append(el);
    try {
      await el.updateComplete;
      const root = el.shadowRoot!;
      expect([...root.children].map((c) => c.localName)).to.deep.equal(['style', 'form']);
      expect(root.querySelectorAll('input')).to.have.length(4);
      // The element's own styles apply: the pay button takes the primary colour.
      expect(getComputedStyle(root.querySelector('button')!).backgroundColor).to.equal('rgb(11, 87, 208)');
      await expect(el).to.be.accessible();
    } finally {
      el.remove();
    }
  });
});
