/**
 * The local network, for real in Chromium, on loopback alone: the shop's page
 * is served on 127.0.0.3 under a name (`shop.lan`, `shop.local`, mapped with
 * `--host-resolver-rules`), the sandbox on 127.0.0.1 or 127.0.0.2, and
 * `--ip-address-space-overrides` tells Chromium which network each of those
 * addresses stands for, as it would find for a page on the Wi-Fi or the
 * internet. So Chromium applies its own Local Network Access rules, and
 * nothing leaves the machine.
 *
 * - a page on a public address, its frame on loopback: Chromium blocks the
 *   frame and the probe (the same page under a plain mapping shows the form),
 *   and the element names it `local-network`, with what to do;
 * - a page on the local network whose frame is on loopback, where nothing
 *   answers (on a phone, 127.0.0.1 is the phone): `local-network`, not
 *   `unreachable`;
 * - a page and a sandbox both on the local network, a test key: the card is
 *   tokenized, inline through the element and isolated through the frame;
 *   a live key there is refused before anything is sent.
 *
 * The page's script is bundled from source here; the frame is `dist/card-frame`
 * (`npm run build:frame`).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH, payWithKeyboard, typeCard } from './chromium.js';
import { closedPort } from './closed-port.js';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { FRAME_PATH } from '../src/channel/protocol.js';

const TEST_KEY = MERCHANTS[0]!.publicKey;
const LIVE_KEY = 'pk_live_51LojaExemploActive0001';
/** Where the shop's pages are served: a loopback address that each browser below names and places. */
const SHOP_IP = '127.0.0.3';
/** Where the sandbox "on the local network" listens. */
const LAN_IP = '127.0.0.2';

/** Each page the shop serves, by path. */
const pages = new Map<string, string>();
let script = '';
let shop: Server;
let shopPort: number;
/** On loopback, as `npm run sandbox` runs by default; it lets the shop's named pages frame it, so only the address space is in the way. */
let sandbox: Sandbox;
/** On the "local network", as `HOST=0.0.0.0 npx pay-card-form-sandbox` runs, letting the shop's local page frame it. */
let lanSandbox: Sandbox;
/** Chromium that places every address by itself: 127.0.0.3 is loopback. */
let plain: Browser;
/** Chromium that takes the shop's address for a public one (a page on the internet, or a tunnel to it), and the LAN sandbox's for a local network one. */
let publicShop: Browser;
/** Chromium that takes the shop's address and the LAN sandbox's for local network ones (a laptop and a phone on one Wi-Fi). */
let lan: Browser;

const resolve = `--host-resolver-rules=MAP shop.lan ${SHOP_IP}, MAP shop.local ${SHOP_IP}, MAP devbox.local ${LAN_IP}`;
const launch = (...args: string[]) => chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, resolve, ...args] });

/** A checkout page: `<pay-card-form>` with these attributes, and a record of what it tells the page. */
const checkout = (attributes: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Checkout</title>
    <script type="module" src="/pay-card-form.js"></script>
  </head>
  <body>
    <pay-card-form ${attributes}></pay-card-form>
    <script type="module">
      const form = document.querySelector('pay-card-form');
      window.errors = [];
      form.addEventListener('tokenize-error', ({ detail: { error } }) => window.errors.push([error.name, error.reason, error.message]));
      form.addEventListener('tokenized', ({ detail }) => (window.tokenized = detail));
      window.readiness = customElements.whenDefined('pay-card-form').then(() => form.ready).then(
        () => 'ready',
        (error) => [error.name, error.reason, error.message],
      );
    </script>
  </body>
</html>`;

before(async () => {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('../src/script-tag.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  script = bundle.outputFiles[0]!.text;
  pages.set('/harness.js', await readFile(new URL('./frame-harness.js', import.meta.url), 'utf8'));
  // The harness does not size the frame from its reports, as the element does: room for the whole form.
  pages.set(
    '/blank.html',
    '<!doctype html><title>Shop</title><style>iframe { width: 480px; height: 720px; border: 0 }</style><script src="/harness.js"></script>',
  );
  shop = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://shop').pathname;
    if (path === '/pay-card-form.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    const body = pages.get(path);
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': `text/${path.endsWith('.js') ? 'javascript' : 'html'}; charset=utf-8` }).end(body);
  });
  await new Promise<void>((done) => shop.listen(0, SHOP_IP, done));
  shopPort = (shop.address() as { port: number }).port;
  [sandbox, lanSandbox] = await Promise.all([
    createSandbox({ frameAncestors: ['http://shop.lan:*', 'http://shop.local:*'] }),
    createSandbox({ host: LAN_IP, frameAncestors: ['http://shop.local:*'] }),
  ]);
  const shopAt = `${SHOP_IP}:${shopPort}`;
  [plain, publicShop, lan] = await Promise.all([
    launch(),
    launch(`--ip-address-space-overrides=${shopAt}=public,${LAN_IP}:${lanSandbox.port}=local`),
    launch(`--ip-address-space-overrides=${shopAt}=local,${LAN_IP}:${lanSandbox.port}=local`),
  ]);
});

after(async () => {
  await Promise.all([plain?.close(), publicShop?.close(), lan?.close()]);
  await Promise.all([sandbox?.close(), lanSandbox?.close()]);
  await new Promise((done) => shop?.close(done));
});

interface Seen {
  console: string[];
  /** Requests that failed, with Chromium's own error: `url error`. */
  failed: string[];
}

/** A fresh page of `browser` at `url`, with its console and failed requests recorded; closed when `use` ends. */
async function visit<T>(browser: Browser, url: string, use: (page: Page, seen: Seen) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const seen: Seen = { console: [], failed: [] };
  // The page's own warnings, in order and complete by the time a call returns (console events reach the test later).
  await page.addInitScript(`if (window.top === window) {
    window.warnings = [];
    const warn = console.warn.bind(console);
    console.warn = (...args) => (window.warnings.push(args.join(' ')), warn(...args));
  }`);
  page.on('console', (message) => seen.console.push(message.text()));
  page.on('requestfailed', (request) => seen.failed.push(`${request.url()} ${request.failure()?.errorText}`));
  try {
    await page.goto(url);
    return await use(page, seen);
  } finally {
    await context.close();
  }
}

/** What `ready` settled with: `'ready'`, or the error's `[name, reason, message]`. The element settles it within 30 s. */
const readiness = (page: Page) => page.evaluate<string | string[]>('window.readiness');

/** The element's message for a frame on loopback more private than the page, as the page's developer reads it in the console. */
const localNetworkMessage = (page: string, frame: string, loopback = true) =>
  `<pay-card-form> cannot show its secure card form: this page, at ${page}, got no answer from ${frame}, an address more private than the page's: ` +
  `browsers block such a frame${loopback ? `, and on a phone ${new URL(frame).origin} is the phone` : ''}. ` +
  'Open the page at localhost on the machine that runs the service; ' +
  'or, for a phone, run the sandbox with HOST=0.0.0.0 and set base-url to the network address it prints, with a pk_test_ key.';

describe('a frame more private than the page: FrameError reason local-network', { concurrency: true }, () => {
  test('a page on a public address, the sandbox on loopback: Chromium blocks the frame and the probe, and the element names it, with what to do', async () => {
    pages.set('/checkout.html', checkout(`public-key="${TEST_KEY}" base-url="${sandbox.url}"`));
    const url = `http://shop.lan:${shopPort}/checkout.html`;
    const frame = `${sandbox.url}/${FRAME_PATH}`;

    // What made it so: the same page, served from the same address, shows the form when Chromium places that address itself (loopback).
    await visit(plain, url, async (page) => {
      assert.equal(await readiness(page), 'ready');
      assert.ok(page.frames().some((f) => f.url().startsWith(frame)));
    });

    await visit(publicShop, url, async (page, seen) => {
      const message = localNetworkMessage(`http://shop.lan:${shopPort}`, frame);
      assert.deepEqual(await readiness(page), ['FrameError', 'local-network', message]);
      assert.deepEqual(await page.evaluate('window.errors'), [['FrameError', 'local-network', message]]);
      assert.equal(await page.evaluate('isSecureContext'), false);
      // Chromium's own words: it blocked each attempt at the frame (no request reached the sandbox) for its address space,
      // and refused the probe's two requests for the same reason.
      const failed = seen.failed.filter((line) => line.startsWith(`${frame} `)).map((line) => line.slice(frame.length + 1));
      const lna = 'net::ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS';
      assert.ok(failed.includes(lna), failed.join('\n'));
      assert.deepEqual(
        failed.filter((error) => error !== lna),
        ['net::ERR_FAILED', 'net::ERR_FAILED'],
      );
      assert.equal(
        seen.console.filter((line) =>
          line.endsWith(
            'has been blocked by CORS policy: The request client is not a secure context and the resource is in more-private address space `loopback`.',
          ),
        ).length,
        2,
        seen.console.join('\n'),
      );
      assert.ok(!page.frames().some((f) => f.url().startsWith(sandbox.url)));
      assert.deepEqual(await page.evaluate('window.warnings'), [message]);
      const error = await page.evaluate(
        `document.querySelector('pay-card-form').tokenize().then(() => 'resolved', (error) => error.reason)`,
      );
      assert.equal(error, 'local-network');
    });
  });

  test('a page on a public address, the sandbox on the local network: local-network too, without the words for a phone', async () => {
    const base = `http://devbox.local:${lanSandbox.port}`;
    const frame = `${base}/${FRAME_PATH}`;
    pages.set('/staging.html', checkout(`public-key="${TEST_KEY}" base-url="${base}"`));
    await visit(publicShop, `http://shop.lan:${shopPort}/staging.html`, async (page, seen) => {
      const message = localNetworkMessage(`http://shop.lan:${shopPort}`, frame, false);
      assert.deepEqual(await readiness(page), ['FrameError', 'local-network', message]);
      assert.ok(
        seen.console.some((line) => line.endsWith('the resource is in more-private address space `local`.')),
        seen.console.join('\n'),
      );
    });
  });

  test("a page on the local network, the frame on loopback where nothing answers (on a phone, 127.0.0.1 is the phone): local-network, where a loopback page hears 'unreachable'", async () => {
    const nothing = `http://127.0.0.1:${await closedPort()}`;
    const frame = `${nothing}/${FRAME_PATH}`;
    pages.set('/phone.html', checkout(`public-key="${TEST_KEY}" base-url="${nothing}"`));

    // The same page opened on this machine (a loopback address): nothing answers, and that is all there is to say.
    await visit(plain, `http://${SHOP_IP}:${shopPort}/phone.html`, async (page) => {
      const outcome = await readiness(page);
      assert.deepEqual(outcome.slice(0, 2), ['FrameError', 'unreachable']);
      assert.match(outcome[2]!, /nothing answers at .*the service must be running/);
    });

    await visit(lan, `http://shop.local:${shopPort}/phone.html`, async (page) => {
      const message = localNetworkMessage(`http://shop.local:${shopPort}`, frame);
      assert.deepEqual(await readiness(page), ['FrameError', 'local-network', message]);
      assert.deepEqual(await page.evaluate('window.errors'), [['FrameError', 'local-network', message]]);
    });
  });
});

describe('the checkout from a phone: the sandbox and the page on the local network, with a test key', () => {
  const lanBase = () => `http://devbox.local:${lanSandbox.port}`;

  test('inline: the element takes the card and the sandbox on the local network tokenizes it', async () => {
    pages.set('/lan-inline.html', checkout(`mode="inline" public-key="${TEST_KEY}" base-url="${lanBase()}"`));
    await visit(lan, `http://shop.local:${shopPort}/lan-inline.html`, async (page) => {
      assert.equal(await readiness(page), 'ready');
      await payWithKeyboard(page, page.locator('pay-card-form'), '4111111111111111');
      await page.waitForFunction('window.tokenized !== undefined');
      const result = await page.evaluate<{ token: string; lastFourDigits: string }>('window.tokenized');
      assert.match(result.token, /^tok_/);
      assert.equal(result.lastFourDigits, '1111');
      assert.deepEqual(await page.evaluate('window.errors'), []);
    });
  });

  test('isolated: the frame served on the local network shows the form to a local page and tokenizes there', async () => {
    const origin = `http://shop.local:${shopPort}`;
    await visit(lan, `${origin}/blank.html`, async (page) => {
      await page.evaluate(`harness.embed('card', ${JSON.stringify(`${lanBase()}/${FRAME_PATH}`)}, ${JSON.stringify(origin)})`);
      await page.evaluate(`harness.connect('card', ${JSON.stringify(lanBase())})`);
      await page.waitForFunction(`harness.replies.some((reply) => reply.data.type === 'ready')`);
      const settings = {
        lang: 'en',
        messages: null,
        acceptedBrands: '',
        installments: null,
        collectTaxId: false,
        publicKey: TEST_KEY,
        disabled: false,
        unavailable: false,
        hideSubmit: false,
        hideSuccess: false,
        showBrands: false,
        submitLabel: '',
        theme: 'light',
        variables: {},
      };
      await page.evaluate(`harness.send(0, [{ v: 1, type: 'settings', settings: ${JSON.stringify(settings)} }])`);
      const form = page.frameLocator('iframe[name="card"]');
      await typeCard(page, form);
      await page.evaluate(`harness.send(0, [{ v: 1, type: 'tokenize', id: 1 }])`);
      await page.waitForFunction(`harness.replies.some((reply) => reply.data.id === 1)`);
      const reply = await page.evaluate<{ type: string; result?: { token: string } }>(
        `harness.replies.find((reply) => reply.data.id === 1).data`,
      );
      assert.equal(reply.type, 'result', JSON.stringify(reply));
      assert.match(reply.result!.token, /^tok_/);
    });
  });

  test('isolated, through the element: the form shows from the local network, and the card is tokenized there', async () => {
    pages.set('/lan-isolated.html', checkout(`public-key="${TEST_KEY}" base-url="${lanBase()}"`));
    await visit(lan, `http://shop.local:${shopPort}/lan-isolated.html`, async (page) => {
      assert.equal(await readiness(page), 'ready');
      assert.ok(page.frames().some((frame) => frame.url().startsWith(`${lanBase()}/${FRAME_PATH}`)));
      await payWithKeyboard(page, page.frameLocator('pay-card-form iframe'), '4111111111111111');
      await page.waitForFunction('window.tokenized !== undefined');
      assert.match(await page.evaluate<string>('window.tokenized.token'), /^tok_/);
      assert.deepEqual(await page.evaluate('window.errors'), []);
    });
  });

  test('a live key with plain http to the local network is refused before anything is sent, saying a live key needs https', async () => {
    pages.set('/lan-live.html', checkout(`mode="inline" public-key="${LIVE_KEY}" base-url="${lanBase()}"`));
    const logged = lanSandbox.context.log.summaries().length;
    await visit(lan, `http://shop.local:${shopPort}/lan-live.html`, async (page, seen) => {
      const message =
        '<pay-card-form>: baseUrl must use https: with a live key (plain http: only to this machine, or with a test key to a local network address).';
      await payWithKeyboard(page, page.locator('pay-card-form'), '4111111111111111');
      const refused = await page.evaluate(
        `document.querySelector('pay-card-form').tokenize().then(() => 'resolved', (error) => [error.name, error.message])`,
      );
      assert.deepEqual(refused, ['ConfigurationError', message]);
      // Said on connect, once, with the fix; and to each listener that heard it (a listener added after connect may not have).
      assert.deepEqual(await page.evaluate('window.warnings'), [`${message} Set the public-key and base-url attributes.`]);
      for (const error of await page.evaluate<unknown[]>('window.errors'))
        assert.deepEqual(error, ['ConfigurationError', undefined, message]);
      assert.ok(!seen.console.some((line) => line.includes(LIVE_KEY)), 'the key is never echoed');
      assert.equal(await page.evaluate('window.tokenized'), undefined);
    });
    assert.equal(lanSandbox.context.log.summaries().length, logged, 'nothing reached the sandbox');
  });
});
