import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { encodeBrCode } from './br-code.js';
import { QUIET_ZONE, qrPath } from './qr-path.js';

/** Paints the path's rectangles at `scale` pixels per module, black on white, and reads it with jsQR. */
function decode({ size, d }: { size: number; d: string }, scale = 4): string | null {
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py++)
      for (let px = Number(x) * scale; px < (Number(x) + Number(w)) * scale; px++)
        pixels.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
  }
  return jsQR(pixels, width, width)?.data ?? null;
}

describe('qrPath', () => {
  const payload = encodeBrCode({
    pointOfInitiation: '12',
    location: 'qr.sandbox.example/v2/cobv/9d36b84fc70b478fb95c12729b90ca25',
    amount: '1234.56',
    merchantName: 'LOJA EXEMPLO LTDA',
    merchantCity: 'SÃO PAULO',
    txid: 'PEDIDO42',
  });

  it('traces a symbol that a real decoder reads back to the exact text', () => {
    assert.equal(decode(qrPath(payload)), payload);
    assert.equal(decode(qrPath('hello')), 'hello');
  });

  it('leaves a quiet zone of four light modules on every side', () => {
    const { size, d } = qrPath(payload);
    const rects = [...d.matchAll(/M(\d+) (\d+)h(\d+)/g)].map(([, x, y, w]) => [Number(x), Number(y), Number(w)] as const);
    assert.ok(rects.length > 100);
    assert.equal(Math.min(...rects.map(([x]) => x)), QUIET_ZONE);
    assert.equal(Math.min(...rects.map(([, y]) => y)), QUIET_ZONE);
    assert.equal(Math.max(...rects.map(([x, , w]) => x + w)), size - QUIET_ZONE);
    assert.equal(Math.max(...rects.map(([, y]) => y + 1)), size - QUIET_ZONE);
  });

  it('uses error correction M or better: text that level L fits in version 1 takes version 2', () => {
    // Version 1 (21 modules) holds 152 data bits at L, 128 at M. Byte mode with the UTF-8 ECI header
    // costs 24 bits plus 8 per byte: 13 bytes fit at M, 14 to 16 fit only at L.
    assert.equal(qrPath('x'.repeat(13)).size, 21 + 2 * QUIET_ZONE);
    assert.equal(qrPath('x'.repeat(14)).size, 25 + 2 * QUIET_ZONE);
  });
});
