/**
 * Isolated: a key the browser drops on its way into the frame is put back
 * (src/frame/dropped-keys.ts). Chromium drops one now and then in the moment
 * after the page moves the frame with `moveBefore()`; no test can make it do
 * so on demand, so the frame probe gives the field what such a key leaves:
 * its `keydown` and `keypress`, and no text. Rarer, the move takes focus out
 * of the field while the frame keeps the keyboard; the probe does that with
 * `blur()`. The keys around them are real.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import type { PayCardForm } from './pay-card-form.js';
import { mount, settle, typeInto, valueOf } from './test-helpers.js';

const drop = (el: PayCardForm, key: string, options: { up?: boolean; composing?: boolean } = {}) =>
  executeServerCommand('frame', { probe: el.dataset.probe, op: 'drop-key', key, ...options });

describe('isolated: a key the browser dropped', () => {
  it('is put back, once, and the form formats it as a typed key', async () => {
    const el = await mount();
    await typeInto(el, 'number', '4111 1111');
    await drop(el, '2');
    await settle(el);
    expect(await valueOf(el, 'number')).to.equal('4111 1111 2');
    await sendKeys({ type: '345' });
    await settle(el);
    expect(await valueOf(el, 'number')).to.equal('4111 1111 2345');
  });

  it('keeps its place when the next key comes before its keyup', async () => {
    const el = await mount();
    await typeInto(el, 'number', '4111 1111');
    await drop(el, '2', { up: false });
    await sendKeys({ type: '3' });
    await settle(el);
    expect(await valueOf(el, 'number')).to.equal('4111 1111 23');
  });

  it('is left alone while composing: the input method owns that text', async () => {
    const el = await mount();
    await typeInto(el, 'number', '4111 1111');
    await drop(el, '2', { composing: true });
    await sendKeys({ type: '3' });
    await settle(el);
    expect(await valueOf(el, 'number')).to.equal('4111 1111 3');
  });

  it('typed after the field lost focus, with the frame still holding the keyboard, go back to that field', async () => {
    const el = await mount();
    await typeInto(el, 'number', '4111 1111');
    expect(await executeServerCommand('frame', { probe: el.dataset.probe, op: 'blur-field' })).to.equal(true);
    await sendKeys({ type: ' 2345' });
    await settle(el);
    expect(await valueOf(el, 'number')).to.equal('4111 1111 2345');
  });

  it('typed while that field still refuses focus, are written into it, at its caret', async () => {
    const el = await mount();
    await typeInto(el, 'number', '4111 1111');
    expect(await executeServerCommand('frame', { probe: el.dataset.probe, op: 'blur-field', refuse: true })).to.equal(true);
    try {
      await sendKeys({ type: ' 2345' });
      await settle(el);
      expect(await valueOf(el, 'number')).to.equal('4111 1111 2345');
    } finally {
      await executeServerCommand('frame', { probe: el.dataset.probe, op: 'thaw-field', selector: '#number' });
    }
  });
});
