/**
 * The PIX entry imported where there is no DOM (server-side rendering, a
 * Node build step): it must load, define nothing, and still parse codes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';

test('importing the PIX entry in Node does not throw, and its parser works there', async () => {
  assert.equal(typeof (globalThis as { customElements?: unknown }).customElements, 'undefined');
  // Through a variable: the Node type check has no DOM library, and the element's source needs one.
  const entry: string = '../src/pix.js';
  const pix = (await import(entry)) as {
    PayPixQr: unknown;
    parseBrCode: (payload: string) => { merchantCity: string };
    BrCodeError: typeof Error;
  };
  assert.equal(typeof pix.PayPixQr, 'function');
  const code = pix.parseBrCode(
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
  );
  assert.equal(code.merchantCity, 'BRASILIA');
  assert.throws(() => pix.parseBrCode('nope'), pix.BrCodeError);
});
