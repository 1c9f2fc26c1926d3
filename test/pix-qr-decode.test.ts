/**
 * The QR that `<pay-pix-qr>` draws scans back to the exact payload: the
 * element's entry is bundled as a page would load it, Chromium renders it in
 * each theme, and a real QR decoder (jsQR) reads a screenshot of it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright';
import { launchChromium } from './chromium.js';
import { encodeBrCode } from '../src/pix/br-code.js';
import { DYNAMIC_QR_HOST, V3_QR_PAYLOADS } from '../src/sandbox/v3/fixtures.js';

/** Payloads as the sandbox generates them: its fixtures, and a dynamic code shaped like §4.5's answers. */
const PAYLOADS = {
  'static with amount': V3_QR_PAYLOADS.activeWithAmount,
  dynamic: encodeBrCode({
    pointOfInitiation: '12',
    location: `${DYNAMIC_QR_HOST}qr_01JDZ8M4W6K3N5P7R9T1V3X5Z7`,
    amount: '1234.56',
    merchantName: 'LOJA EXEMPLO LTDA',
    merchantCity: 'SAO PAULO',
    txid: 'A1B2C3D4E5F6A7B8C9D0E1F2A',
  }),
};

/** A merchant page: the entry, and `show()` to put one element on it, as the page's own script would. */
const PAGE = `<!doctype html>
<html lang="en">
  <body>
    <script type="module" src="/pix.js"></script>
    <script>
      async function show(payload, theme) {
        await customElements.whenDefined('pay-pix-qr');
        document.body.style.background = theme === 'dark' ? '#000' : '#fff';
        const el = document.createElement('pay-pix-qr');
        el.setAttribute('theme', theme);
        el.setAttribute('payload', payload);
        document.querySelector('pay-pix-qr')?.remove();
        document.body.append(el);
        await el.updateComplete;
      }
    </script>
  </body>
</html>`;

let server: Server;
let url: string;
let browser: Browser;

before(async () => {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('../src/pix.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text;
  server = createServer((req, res) => {
    if (req.url === '/pix.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** Renders one element and returns the decoded text of a screenshot of its QR, or null. */
async function scan(page: Page, payload: string, theme: 'light' | 'dark'): Promise<string | null> {
  await page.evaluate(`show(${JSON.stringify(payload)}, ${JSON.stringify(theme)})`);
  // The whole element, not just the SVG: the decoder must find the code among the element's own colours.
  const png = PNG.sync.read(await page.locator('pay-pix-qr').screenshot());
  return (
    jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height, {
      // Bank apps expect dark modules on light: an inverted code must fail here too.
      inversionAttempts: 'dontInvert',
    })?.data ?? null
  );
}

describe('the rendered QR decodes to the exact payload', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const [name, payload] of Object.entries(PAYLOADS)) {
      it(`${theme} theme, ${name} code`, async () => {
        const page = await browser.newPage({ viewport: { width: 480, height: 900 } });
        try {
          await page.goto(url);
          assert.equal(await scan(page, payload, theme), payload);
        } finally {
          await page.close();
        }
      });
    }
  }

  it('a tampered payload draws no QR at all', async () => {
    const page = await browser.newPage({ viewport: { width: 480, height: 900 } });
    try {
      await page.goto(url);
      const tampered = PAYLOADS.dynamic.replace('1234.56', '0001.00');
      assert.equal(await scan(page, tampered, 'light'), null);
      assert.equal(await page.locator('pay-pix-qr svg').isVisible(), false);
    } finally {
      await page.close();
    }
  });
});
