/**
 * Cross-origin for real (issue 11, must-have 7): the merchant's pages are
 * served from `http://localhost:PORT` (or `http://127.0.0.1:PORT`), the
 * sandbox and its card frame from `http://127.0.0.1:OTHER`, and Chromium
 * applies its own rules between them. A page the frame does not trust gets no
 * frame, no channel and no answer; the frame ignores what its protocol does
 * not describe; and the frame's document is served with its policy, under
 * which it works. Run `npm run build` first.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { readFile } from 'node:fs/promises';
import { chromium, type Browser, type Frame, type Page, type Response as PageResponse } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH, cardFrame as elementFrame, launchChromium, payWithKeyboard } from './chromium.js';
import { closedPort } from './closed-port.js';
import { checkoutPage, startMerchantSite, type LoopbackHost, type MerchantSite } from './merchant-site.js';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { FRAME_ANCESTORS_HEADER, FRAME_PATH } from '../src/channel/protocol.js';
import type { FrameSettings } from '../src/channel/to-frame.js';
import { hostSentences } from '../src/form/host-sentences.js';

/** What the frame recorder (below) keeps in a card frame's `window.recorded`. */
interface Recorded {
  messages: { origin: string; fromParent: boolean; type: unknown; ports: number }[];
  violations: string[];
  errors: string[];
}
type Reply = { port: number; data: { type: string; id?: number; error?: { name: string; field?: string }; report?: unknown } };

/**
 * Runs in each card frame before its own script: what reached its window,
 * every CSP violation it reports, and every error it throws. (Playwright's
 * init scripts run in every frame; this one acts in the card frame alone.)
 */
const FRAME_RECORDER = `if (window.top !== window && location.pathname.endsWith('/${FRAME_PATH}')) {
  const recorded = (window.recorded = { messages: [], violations: [], errors: [] });
  addEventListener('message', (e) => recorded.messages.push({ origin: e.origin, fromParent: e.source === parent, type: e.data && e.data.type, ports: e.ports.length }), true);
  addEventListener('securitypolicyviolation', (e) => recorded.violations.push(e.effectiveDirective + ' ' + e.blockedURI), true);
  addEventListener('error', (e) => recorded.errors.push(String(e.message)));
  addEventListener('unhandledrejection', (e) => recorded.errors.push(String(e.reason)));
}`;

const SIBLING_PAGE = `<!doctype html>
<title>Beside the card frame</title>
<script>
  // A window of the parent's own origin, but not the card frame's parent: it tries to open the channel itself.
  addEventListener('message', (event) => {
    if (event.source !== parent) return;
    const channel = new MessageChannel();
    channel.port1.onmessage = (reply) => parent.postMessage({ fromSibling: reply.data }, location.origin);
    parent.frames[event.data.target].postMessage({ v: 1, type: 'connect' }, event.data.targetOrigin, [channel.port2]);
  });
</script>`;

const elementPage = (baseUrl: string) =>
  checkoutPage(`    <pay-card-form public-key="${MERCHANTS[0]!.publicKey}" base-url="${baseUrl}"></pay-card-form>
    <script type="module">
      const form = document.querySelector('pay-card-form');
      form.addEventListener('tokenized', (event) => (window.tokenized = event.detail));
      window.errors = [];
      form.addEventListener('tokenize-error', ({ detail: { error } }) => window.errors.push([error.name, error.reason, error.message]));
      customElements.whenDefined('pay-card-form').then(() => form.ready).then(() => (window.formReady = true));
    </script>`);

/** Settings as `<pay-card-form>` sends them: what the frame needs before it shows the form. */
const SETTINGS: FrameSettings = {
  lang: 'en',
  messages: null,
  acceptedBrands: '',
  installments: null,
  collectTaxId: false,
  publicKey: MERCHANTS[0]!.publicKey,
  disabled: false,
  unavailable: false,
  hideSubmit: false,
  hideSuccess: false,
  showBrands: false,
  submitLabel: '',
  theme: 'light',
  variables: {},
};

/**
 * Run in the page once `ready` has settled, which it does (isolated) within 30 s: every
 * `tokenize-error` so far, what `ready` rejected with, and whether the shopper reads "unavailable".
 */
const FAILURE = `customElements.whenDefined('pay-card-form').then(() => document.querySelector('pay-card-form').ready).then(
  () => 'resolved',
  (error) => ({
    errors: window.errors,
    readiness: [error.name, error.reason, error.message],
    unavailable: !document.querySelector('pay-card-form').shadowRoot.querySelector('[part="form-error"]').hidden,
  }),
)`;

let browser: Browser;
/**
 * Chromium with every site in one process. Under site isolation, the default,
 * Chromium checks a `postMessage` target origin in the receiving frame's
 * process and reports a mismatch there, out of the page's console; here the
 * page's console gets it, so a test can see that there is none.
 */
let oneProcess: Browser;
let sandbox: Sandbox;
let site: MerchantSite;
let frameUrl: string;

before(async () => {
  [browser, oneProcess, site] = await Promise.all([
    launchChromium(),
    chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--disable-site-isolation-trials', '--disable-features=IsolateOrigins,site-per-process'],
    }),
    startMerchantSite(),
  ]);
  sandbox = await createSandbox();
  frameUrl = `${sandbox.url}/${FRAME_PATH}`;
  site.files.set('/harness.js', await readFile(new URL('./frame-harness.js', import.meta.url), 'utf8'));
  site.files.set('/blank.html', '<!doctype html><title>Merchant</title><script src="/harness.js"></script>');
  site.files.set('/sibling.html', SIBLING_PAGE);
  site.files.set('/checkout.html', elementPage(sandbox.url));
});

after(async () => {
  await browser?.close();
  await oneProcess?.close();
  await Promise.all([sandbox?.close(), site?.close()]);
});

/** A fresh page with the frame recorder, at `path` on the merchant site under `host`; closed when `use` ends. */
async function withPage<T>(
  host: LoopbackHost,
  path: string,
  use: (page: Page) => Promise<T>,
  before?: (page: Page) => Promise<void>,
  via: Browser = browser,
): Promise<T> {
  const context = await via.newContext();
  const page = await context.newPage();
  try {
    await page.addInitScript(FRAME_RECORDER);
    await before?.(page);
    await page.goto(`${site.origin(host)}${path}`);
    return await use(page);
  } finally {
    await context.close();
  }
}

/** `found()`'s first truthy answer, asked every 50 ms for up to 5 s. */
async function until<T>(found: () => T | undefined, what: string): Promise<T> {
  for (let tries = 0; tries < 100; tries++) {
    const value = found();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Never found ${what}.`);
}

/** The first frame of `page` that `match` accepts, once there is one. */
const frameWhere = (page: Page, match: (frame: Frame) => boolean) => until(() => page.frames().find(match), 'the frame');

const cardFrame = (page: Page, name: string): Frame => page.frame({ name })!;
const recorded = (frame: Frame) => frame.evaluate<Recorded>('window.recorded');
const replies = (page: Page, quietMs = 400) => page.evaluate<Reply[]>(`harness.quiet(${quietMs})`);
const types = (list: Reply[]) => list.map((reply) => reply.data.type);

test('a sandbox that lets only another origin embed its frame is refused by the browser, and the element names the cause once: the origin and the setting', async () => {
  const merchant = site.origin('127.0.0.1');
  const strict = await createSandbox({ frameAncestors: [merchant] });
  try {
    const page = `/strict.html`;
    const consoleLines: { type: string; text: string }[] = [];
    const served: PageResponse[] = [];
    site.files.set(page, elementPage(strict.url));
    // The origin it names embeds it: the frame answers.
    await withPage('127.0.0.1', page, async (tab) => {
      await tab.waitForFunction('window.formReady === true');
      assert.ok(tab.frames().some((frame) => frame.url().startsWith(`${strict.url}/${FRAME_PATH}`)));
    });

    // Any other origin (here the same server under `localhost`) does not.
    const other = site.origin('localhost');
    await withPage(
      'localhost',
      page,
      async (tab) => {
        // The sandbox served the frame, with its policy; Chromium refused to show it and put its error page there instead.
        const refused = await frameWhere(tab, (frame) => frame.url().startsWith('chrome-error:'));
        await refused.waitForLoadState('load');
        const [response] = served;
        assert.equal(response?.status(), 200);
        assert.match((await response!.allHeaders())['content-security-policy'] ?? '', new RegExp(`frame-ancestors ${merchant}$`));
        assert.ok(!tab.frames().some((frame) => frame.url().startsWith(strict.url)));
        // Three attempts, then the probe: the page hears why, once.
        const outcome = await tab.evaluate(FAILURE);
        const message =
          `<pay-card-form> cannot show its secure card form: the sandbox at ${strict.url} does not let pages of ${other} frame it. ` +
          `Add ${other} to SANDBOX_FRAME_ANCESTORS (or createSandbox({ frameAncestors })).`;
        assert.deepEqual(outcome, {
          errors: [['FrameError', 'refused', message]],
          readiness: ['FrameError', 'refused', message],
          unavailable: true,
        });
        assert.deepEqual(
          consoleLines.filter((line) => line.type === 'warning'),
          [{ type: 'warning', text: message }],
        );
        assert.ok(consoleLines.some((line) => line.text.includes(`Content Security Policy directive: "frame-ancestors ${merchant}"`)));
        // The host posts `connect` only to a frame that said hello: none to the error page, so no origin mismatch.
        assert.deepEqual(
          consoleLines.filter((line) => line.text.includes('postMessage')),
          [],
        );
        const alert = tab.locator('pay-card-form [part="form-error"]');
        assert.equal(await alert.textContent(), hostSentences('en').unavailable);
        assert.equal(await alert.getAttribute('role'), 'alert');
        const error = await tab.evaluate(
          `document.querySelector('pay-card-form').tokenize().then(() => 'resolved', (error) => error.reason)`,
        );
        assert.equal(error, 'refused');
      },
      async (tab) => {
        tab.on('console', (message) => consoleLines.push({ type: message.type(), text: message.text() }));
        tab.on('response', (response) => response.url().startsWith(`${strict.url}/${FRAME_PATH}`) && served.push(response));
      },
      oneProcess,
    );
  } finally {
    await strict.close();
  }
});

test('nothing at base-url: the element names the address, once, and the console shows no postMessage error', async () => {
  const nowhere = `http://127.0.0.1:${await closedPort()}`;
  const page = '/nowhere.html';
  site.files.set(page, elementPage(nowhere));
  const consoleLines: { type: string; text: string }[] = [];
  await withPage(
    'localhost',
    page,
    async (tab) => {
      const message =
        `<pay-card-form> cannot show its secure card form: nothing answers at ${nowhere}/${FRAME_PATH}. ` +
        `Check base-url (or frame-url): it must be the tokenization service's address, and the service must be running.`;
      assert.deepEqual(await tab.evaluate(FAILURE), {
        errors: [['FrameError', 'unreachable', message]],
        readiness: ['FrameError', 'unreachable', message],
        unavailable: true,
      });
      assert.deepEqual(
        consoleLines.filter((line) => line.type === 'warning'),
        [{ type: 'warning', text: message }],
      );
      assert.deepEqual(
        consoleLines.filter((line) => line.text.includes('postMessage')),
        [],
      );
    },
    async (tab) => {
      tab.on('console', (message) => consoleLines.push({ type: message.type(), text: message.text() }));
    },
    oneProcess,
  );
});

test('a frame whose address declares another origin than its real parent never answers that parent', async () => {
  await withPage('localhost', '/blank.html', async (page) => {
    const parent = site.origin('localhost');
    const liars = {
      'other-host': site.origin('127.0.0.1'),
      'other-scheme': `https://localhost:${site.port}`,
      'other-port': 'http://localhost:1',
    };
    for (const [name, declared] of Object.entries(liars)) {
      await page.evaluate(`harness.embed(${JSON.stringify(name)}, ${JSON.stringify(frameUrl)}, ${JSON.stringify(declared)})`);
      await page.evaluate(`harness.connect(${JSON.stringify(name)}, ${JSON.stringify(sandbox.url)})`);
    }
    assert.deepEqual(await replies(page, 500), []);
    for (const name of Object.keys(liars)) {
      // The message did reach the frame, from its parent, with a port: the frame chose not to answer.
      assert.deepEqual(
        (await recorded(cardFrame(page, name))).messages,
        [{ origin: parent, fromParent: true, type: 'connect', ports: 1 }],
        name,
      );
    }
    // The same page, declaring itself truly, gets its answer on its own port.
    await page.evaluate(`harness.embed('honest', ${JSON.stringify(frameUrl)}, ${JSON.stringify(parent)})`);
    const port = await page.evaluate<number>(`harness.connect('honest', ${JSON.stringify(sandbox.url)})`);
    const answered = await replies(page);
    assert.ok(answered.length > 0 && answered.every((reply) => reply.port === port));
    assert.equal(answered[0]!.data.type, 'ready');
  });
});

test("a connect from a window that is not the frame's parent is ignored, even from the parent's own origin", async () => {
  await withPage('localhost', '/blank.html', async (page) => {
    const parent = site.origin('localhost');
    await page.evaluate(`harness.embed('card', ${JSON.stringify(frameUrl)}, ${JSON.stringify(parent)})`);
    await page.evaluate(`harness.sibling('beside')`);
    await page.evaluate(`harness.siblingConnect('beside', 'card', ${JSON.stringify(sandbox.url)})`);
    const frame = cardFrame(page, 'card');
    await frame.waitForFunction('window.recorded.messages.length > 0');
    // Same origin as the parent, a port, a well-formed `connect`: only the sender's window is wrong.
    assert.deepEqual((await recorded(frame)).messages, [{ origin: parent, fromParent: false, type: 'connect', ports: 1 }]);
    await page.waitForTimeout(500);
    assert.deepEqual(await page.evaluate('harness.siblingReplies'), []);
    // The frame is still waiting for its parent, and answers it.
    await page.evaluate(`harness.connect('card', ${JSON.stringify(sandbox.url)})`);
    assert.equal((await replies(page))[0]?.data.type, 'ready');
    assert.deepEqual(await page.evaluate('harness.siblingReplies'), []);
  });
});

/** Messages no version of the protocol describes, as JavaScript the page evaluates (`S` is good settings). */
const GARBAGE = [
  'null',
  'undefined',
  '42',
  'NaN',
  '"tokenize"',
  '"x".repeat(1e6)',
  '[]',
  '[{ v: 1, type: "tokenize", id: 1 }]',
  '{}',
  'new Date()',
  '/tokenize/',
  'new Map([["v", 1], ["type", "tokenize"], ["id", 1]])',
  'new Uint8Array(64)',
  // Wrong version, or no version.
  '{ type: "tokenize", id: 1 }',
  '{ v: 0, type: "tokenize", id: 1 }',
  '{ v: 2, type: "tokenize", id: 1 }',
  '{ v: "1", type: "tokenize", id: 1 }',
  '{ v: 2, type: "show-errors" }',
  '{ v: 2, type: "settings", settings: { ...S, lang: "pt-BR" } }',
  // The right version, the wrong shape.
  '{ v: 1, type: "TOKENIZE", id: 1 }',
  '{ v: 1, type: "tokenize" }',
  '{ v: 1, type: "tokenize", id: 0 }',
  '{ v: 1, type: "tokenize", id: -1 }',
  '{ v: 1, type: "tokenize", id: 1.5 }',
  '{ v: 1, type: "tokenize", id: NaN }',
  '{ v: 1, type: "tokenize", id: Infinity }',
  '{ v: 1, type: "tokenize", id: "1" }',
  '{ v: 1, type: "tokenize", id: 1, extra: true }',
  'JSON.parse(\'{ "v": 1, "type": "tokenize", "id": 1, "__proto__": { "admin": true } }\')',
  '{ v: 1, type: "show-errors", constructor: {} }',
  '{ v: 1, type: "show-errors", id: null }',
  '{ v: 1, type: "settings", settings: { ...S, lang: "pt-BR", extra: 1 } }',
  '{ v: 1, type: "settings", settings: { ...S, lang: "pt-BR".repeat(1e5) } }',
  '{ v: 1, type: "settings", settings: { ...S, lang: "pt-BR", theme: "neon" } }',
  '{ v: 1, type: "settings", settings: { ...S, lang: "pt-BR", disabled: "false" } }',
  '{ v: 1, type: "settings", settings: { ...S, lang: "pt-BR", variables: { "--not-ours": "red" } } }',
  '{ v: 1, type: "settings", settings: { ...S, lang: "pt-BR", variables: [] } }',
  '{ v: 1, type: "settings", settings: { ...S, lang: "pt-BR", messages: ["x".repeat(301)] } }',
  '{ v: 1, type: "settings", settings: { ...S, lang: "pt-BR", messages: "x" } }',
  '{ v: 1, type: "settings", settings: [S] }',
  '{ v: 1, type: "settings" }',
  // The frame's own messages, and the handshake, sent the wrong way.
  '{ v: 1, type: "ready" }',
  '{ v: 1, type: "result", id: 1, result: { token: "tok_x", brand: "visa", lastFourDigits: "1111", firstSixDigits: "411111", expirationMonth: "12", expirationYear: "2031" } }',
  '{ v: 1, type: "connect" }',
];

test('over a good port, garbage and wrong-version messages get no answer and break nothing, and a good message still works', async () => {
  await withPage('localhost', '/blank.html', async (page) => {
    await page.evaluate(`harness.embed('card', ${JSON.stringify(frameUrl)}, ${JSON.stringify(site.origin('localhost'))})`);
    const port = await page.evaluate<number>(`harness.connect('card', ${JSON.stringify(sandbox.url)})`);
    assert.equal((await replies(page))[0]?.data.type, 'ready');
    await page.evaluate(`harness.send(${port}, [{ v: 1, type: 'settings', settings: ${JSON.stringify(SETTINGS)} }])`);
    assert.ok(types(await replies(page)).includes('report'), 'the settings are taken');
    await page.evaluate('harness.replies.length = 0');

    await page.evaluate(`(() => { const S = ${JSON.stringify(SETTINGS)}; harness.send(${port}, [${GARBAGE.join(', ')}]); })()`);
    // A second `connect` from the parent itself: the frame has its channel already.
    const second = await page.evaluate<number>(`harness.connect('card', ${JSON.stringify(sandbox.url)})`);
    assert.deepEqual(await replies(page, 500), [], 'no answer to anything');
    const frame = cardFrame(page, 'card');
    assert.deepEqual((await recorded(frame)).errors, [], 'nothing thrown in the frame');
    assert.equal(await frame.evaluate('document.documentElement.lang'), 'en', 'no settings taken');

    // Good messages on the same port still work: one asks for the errors, one for a token of the empty form.
    await page.evaluate(`harness.send(${port}, [{ v: 1, type: 'show-errors' }, { v: 1, type: 'tokenize', id: 7 }])`);
    const answers = await replies(page);
    assert.ok(answers.every((reply) => reply.port === port) && !answers.some((reply) => reply.port === second));
    assert.ok(types(answers).includes('report'));
    const error = answers.find((reply) => reply.data.type === 'error');
    assert.deepEqual(error?.data, {
      v: 1,
      type: 'error',
      id: 7,
      error: { name: 'ValidationError', field: 'card.number', reason: 'required' },
    });
  });
});

/** A CSP header as directive → sources. */
const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

test("the frame's page answers the element's probe, to any origin: whether that origin may frame it, and the setting that decides", async () => {
  const strict = await createSandbox({ frameAncestors: ['https://shop.example'] });
  try {
    const probe = async (origin?: string) => {
      const response = await fetch(`${strict.url}/${FRAME_PATH}`, { headers: origin ? { origin } : {} });
      assert.equal(response.status, 200);
      await response.text();
      const header = (name: string) => response.headers.get(name);
      return [header('access-control-allow-origin'), header('access-control-expose-headers'), header(FRAME_ANCESTORS_HEADER)];
    };
    assert.deepEqual(await probe('https://shop.example'), ['*', FRAME_ANCESTORS_HEADER, 'allowed']);
    assert.deepEqual(await probe(site.origin('localhost')), ['*', FRAME_ANCESTORS_HEADER, 'refused; setting=SANDBOX_FRAME_ANCESTORS']);
    // A navigation (the iframe's own request) names no origin, and is told nothing about one.
    assert.deepEqual(await probe(), [null, null, null]);
  } finally {
    await strict.close();
  }
});

test('the frame document carries its policy and nosniff, and the form works under that policy with no violation', async () => {
  const page = await fetch(frameUrl);
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
  const html = await page.text();
  // The one script is inside the page, and the policy allows it by its hash: no other inline code runs.
  const inline = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map(([, code]) => code!);
  assert.equal(inline.length, 1, 'one inline script');
  assert.doesNotMatch(html, /<script[^>]*\bsrc=/, 'no script from elsewhere');
  assert.deepEqual(directives(page.headers.get('content-security-policy') ?? ''), {
    'default-src': ["'none'"],
    'script-src': ["'self'", `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`],
    'style-src': ["'self'"],
    'connect-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ['http://localhost:*', 'http://127.0.0.1:*', 'https://localhost:*'],
  });
  // What it loads on demand comes from its own folder.
  const chunk = /import\(`\.\/(brand-marks-[\w-]+\.js)`\)/.exec(inline[0]!)?.[1];
  assert.ok(chunk, 'the page loads its brand marks from its own folder');
  const asset = await fetch(new URL(chunk, frameUrl));
  assert.equal(asset.status, 200);
  assert.equal(asset.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.equal(asset.headers.get('x-content-type-options'), 'nosniff');
  await asset.arrayBuffer();

  const consoleText: string[] = [];
  await withPage(
    'localhost',
    '/checkout.html',
    async (tab) => {
      await tab.waitForFunction('window.formReady === true');
      await payWithKeyboard(tab, elementFrame(tab), '4111111111111111');
      await tab.waitForFunction('window.tokenized !== undefined');
      const frame = await frameWhere(tab, (f) => f.url().startsWith(frameUrl));
      const { violations, errors } = await recorded(frame);
      assert.deepEqual({ violations, errors }, { violations: [], errors: [] });
      assert.deepEqual(
        consoleText.filter((line) => /content security policy/i.test(line)),
        [],
      );
      // The recorder hears violations: what the policy forbids, an inline style, an inline script other than the
      // page's own or a request elsewhere, is reported.
      await frame.evaluate(`document.head.append(Object.assign(document.createElement('style'), { textContent: 'p {}' }));
        document.head.append(Object.assign(document.createElement('script'), { textContent: 'window.injected = true' }));
        fetch(${JSON.stringify(site.origin('localhost'))}).catch(() => {})`);
      await frame.waitForFunction('window.recorded.violations.length >= 3');
      assert.deepEqual((await recorded(frame)).violations.map((v) => v.split(' ')[0]).sort(), [
        'connect-src',
        'script-src-elem',
        'style-src-elem',
      ]);
      assert.equal(await frame.evaluate('window.injected'), undefined, 'the injected script did not run');
    },
    async (tab) => void tab.on('console', (message) => consoleText.push(message.text())),
  );
});

/** A GET with the path sent exactly as written (fetch would resolve `..` first). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: sandbox.port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

test("the frame's file route refuses path tricks with 404, never a 5xx and never a file", async () => {
  const page = await (await fetch(frameUrl)).text();
  const script = /import\(`\.\/(brand-marks-[\w-]+\.js)`\)/.exec(page)![1]!;
  const root = '/frame/v1';
  const good = await rawGet(`${root}/${script}`);
  assert.equal(good.status, 200);
  const tricks = [
    // Plain `..` segments are resolved as URLs resolve them, before any route: these climb out of the service's paths altogether.
    `${root}/../../../package.json`,
    `${root}/../../src/sandbox/merchants.ts`,
    `${root}/..%2Fv1%2Fcard.html`,
    `${root}/..%2F..%2F..%2Fpackage.json`,
    `${root}/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json`,
    `${root}/..%5C..%5C..%5Cpackage.json`,
    `${root}/..%252F..%252F..%252Fpackage.json`,
    `${root}/%2e%2e`,
    `${root}/..`,
    `${root}/.js`,
    `${root}/..%2F..%2Fsandbox%2Fcli.js`,
    `${root}/%2Fetc%2Fpasswd`,
    `${root}//etc/passwd`,
    `${root}/..;/card.html`,
    `${root}/card.js%00.html`,
    `${root}/%E0%A4%A.js`,
    `${root}/${script}%2F..%2F..%2Fcard.html`,
    `${root}/${script}%00`,
    `${root}/${script}/`,
    `${root}/%2e%2e%2f${script}`,
    `${root}/assets/${script}`,
    `${root}/%2e%2e/%2e%2e/package.json`,
    `${root}/card.html/..%2F..%2F..%2Fpackage.json`,
    `${root}/package.json`,
    `${root}/card.html.js`,
  ];
  for (const path of tricks) {
    const { status, body } = await rawGet(path);
    assert.equal(status, 404, path);
    assert.ok(!body.includes('<html') && !body.includes('"name": "pay-card-form"') && !body.includes(good.body.slice(0, 200)), path);
  }
});
