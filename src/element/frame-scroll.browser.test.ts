/**
 * Isolated, the frame's document never scrolls. When the form grows (an
 * error appears as focus leaves a field), the frame is taller than its
 * iframe until the host applies the height it reports; a browser keeping
 * the focused pay button in view would scroll the frame's document for that
 * moment, and the form would jump. In the inline group there is nothing
 * here to run: the page's document is the page's to scroll.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import type { PayCardForm } from './pay-card-form.js';
import { errorOf, focusedIn, formDocument, isolated, mount, part, press, probeOf, settle, typeInto } from './test-helpers.js';

const scrollProbe = <T>(el: PayCardForm, op: 'watch-scroll' | 'scrolled') =>
  executeServerCommand('frame', { probe: probeOf(el), op }) as Promise<T>;

/** The iframe is as tall as the frame's document needs: the frame's height has reached the host. */
async function fitted(el: PayCardForm): Promise<boolean> {
  const inside = await formDocument(el);
  const form = (await part(el, 'form')).rect;
  return Math.abs(inside.clientHeight - form.bottom - form.top) < 1;
}

describe('isolated mode: the frame document never scrolls', () => {
  if (!isolated) return;
  after(() => setViewport({ width: 800, height: 600 }));

  // The sequence that showed it: 640 px (a 1280 px window at 200 % zoom), Portuguese, a CVV error
  // appearing as Tab takes focus to the pay button, the last thing in the frame.
  it('as an error appears and Tab takes focus to the pay button, again and again', async () => {
    await setViewport({ width: 640, height: 900 });
    const el = await mount({ locale: 'pt-BR' });
    el.style.maxWidth = '480px';
    await scrollProbe(el, 'watch-scroll');
    // One round does not always show it: the host may apply the new height before the frame's next frame.
    for (let round = 1; round <= 6; round++) {
      await typeInto(el, 'number', '378282246310005');
      await typeInto(el, 'cvv', '1');
      await press(el, 'Tab');
      expect(await errorOf(el, 'cvv'), `round ${round}: the CVV error`).to.not.equal('');
      expect(await focusedIn(el), `round ${round}: focus on the pay button`).to.equal('submit');
      await waitUntil(() => fitted(el), `round ${round}: the frame fits its form with the error`);
      const scrolled = await scrollProbe<{ scrolls: number; farthest: number; x: number; y: number }>(el, 'scrolled');
      expect(scrolled, `round ${round}: no scroll`).to.deep.equal({ scrolls: 0, farthest: 0, x: 0, y: 0 });
      el.reset();
      await settle(el);
      await waitUntil(() => fitted(el), `round ${round}: the frame fits its empty form`);
    }
  });
});
