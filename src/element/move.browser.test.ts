/**
 * A `<pay-card-form>` moved with `moveBefore()` while the shopper types: the
 * frame (isolated) keeps its document, what was typed stays, and typing goes
 * on where it was. Both sequences run `MOVE_REPEAT` times (1 by default), so
 * the same file soaks them: `MOVE_REPEAT=100 BROWSER_TESTS=src/element/move.browser.test.ts npx web-test-runner`.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import type { PayCardForm } from './pay-card-form.js';
import { EXPIRY_TYPED, fillValidCard, isolated, mount, settle, typeInto, valueOf } from './test-helpers.js';

const repeat = Number(await executeServerCommand('move-repeat')) || 1;

/** Moves `el` into a new container at the end of its fixture's parent, with `moveBefore()`; the container is returned for cleanup. */
function move(el: PayCardForm): HTMLElement {
  const elsewhere = document.createElement('div');
  el.parentNode!.parentNode!.append(elsewhere);
  (elsewhere as unknown as { moveBefore(node: Node, child: Node | null): void }).moveBefore(el, null);
  return elsewhere;
}

/** Where focus is, on the page and (isolated) in the frame: printed with a failure, so its cause shows. */
async function focusState(el: PayCardForm): Promise<string> {
  const page = `page: ${document.activeElement?.localName ?? 'none'}, focused: ${document.hasFocus()}`;
  if (!isolated) return page;
  return `${page}; frame: ${JSON.stringify(await executeServerCommand('frame', { probe: el.dataset.probe, op: 'focus-state' }))}`;
}

describe('moved with moveBefore()', () => {
  for (let run = 1; run <= repeat; run++) {
    const suffix = repeat > 1 ? ` (${run}/${repeat})` : '';

    it(`keeps what was typed, and typing goes on where it was${suffix}`, async () => {
      const el = await mount();
      await typeInto(el, 'number', '4111 1111');
      const elsewhere = move(el);
      try {
        await settle(el);
        expect(await valueOf(el, 'number')).to.equal('4111 1111');
        await el.ready;
        const before = await focusState(el);
        await typeInto(el, 'number', '1111 1111');
        expect(await valueOf(el, 'number'), `${before} → ${await focusState(el)}`).to.equal('4111 1111 1111 1111');
        await typeInto(el, 'holderName', 'Ana Silva');
        await typeInto(el, 'expiry', EXPIRY_TYPED);
        await typeInto(el, 'cvv', '123');
        expect((await el.tokenize()).token).to.match(/^tok_/);
      } finally {
        elsewhere.remove();
      }
    });

    // Isolated, Chromium drops some keys typed into the frame in the moment after the move (about 3 runs in
    // 100 lost 1 to 3 keys before the frame put them back: src/frame/dropped-keys.ts); so no wait here.
    it(`keeps the keys typed the moment it moved${suffix}`, async () => {
      const el = await mount();
      await typeInto(el, 'number', '4111 1111');
      const elsewhere = move(el);
      try {
        await sendKeys({ type: ' 1111 1111' });
        await settle(el);
        expect(await valueOf(el, 'number'), await focusState(el)).to.equal('4111 1111 1111 1111');
      } finally {
        elsewhere.remove();
      }
    });

    it(`after reset(), takes a new card${suffix}`, async () => {
      const el = await mount();
      await typeInto(el, 'number', '4111 1111');
      const elsewhere = move(el);
      try {
        await settle(el);
        el.reset();
        await settle(el);
        expect(await valueOf(el, 'number')).to.equal('');
        const before = await focusState(el);
        await fillValidCard(el, '5555555555554444');
        expect(await valueOf(el, 'number'), `${before} → ${await focusState(el)}`).to.equal('5555 5555 5555 4444');
        expect((await el.tokenize()).token).to.match(/^tok_/);
      } finally {
        elsewhere.remove();
      }
    });
  }
});
