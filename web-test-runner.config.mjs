import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { fromRollup } from '@web/dev-server-rollup';
import rollupCommonjs from '@rollup/plugin-commonjs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { frameProbe } from './test/frame-probe.mjs';

/**
 * card-validator ships CommonJS only; browsers need ESM. Rollup's own CommonJS
 * plugin converts it as the dev server serves it (the build and `npm start`
 * need nothing: Vite converts CommonJS dependencies itself). Served one
 * file at a time, the module must not be wrapped for lazy `require` calls
 * (`strictRequires: false`), and its `module.exports` is the default export.
 */
const commonjs = fromRollup(rollupCommonjs);

/**
 * Runs the sandbox beside the test server, over real HTTP on loopback, plus a
 * sandbox whose tokenize call never answers (to hold the busy state) and,
 * under `/drop`, cuts it (a network failure). Tests ask for the URLs with
 * `executeServerCommand('sandbox-url')`, `'silent-url'` and `'dropping-url'`.
 *
 * For the frame's failures: `'refusing-url'`, a sandbox whose `frame-ancestors`
 * leaves out the test page; `'closed-url'`, a port where nothing listens (a new
 * one each call), and `'open', { url }`, a sandbox started there; `'elsewhere-url',
 * { site }`, where another site answers, and `'frame-loads', { site }`, how many
 * frames loaded it.
 *
 * For `<pay-checkout>`: `'checkout', { action: 'start' }` starts a merchant's
 * site (a sandbox of its own and `checkoutHandler` over node:http, see
 * test/checkout-site.ts, loaded on first use) and `'checkout', { action, site }`
 * drives it.
 *
 * `'hanging-url'` is a server that takes every request and never answers.
 */
function sandbox() {
  let running;
  let silent;
  let refusing;
  /** Sandboxes started at a closed port, closed with the rest. */
  const opened = [];
  let createSandbox;
  let closedPort;
  let checkoutSites;
  let hanging;
  return {
    name: 'sandbox',
    async serverStart() {
      ({ createSandbox } = await tsImport('./src/sandbox/sandbox.ts', import.meta.url));
      ({ closedPort } = await tsImport('./test/closed-port.ts', import.meta.url));
      running = await createSandbox();
      // The real sandbox, frame included, except that its tokenize call never answers.
      const { startSilentSandbox } = await tsImport('./test/silent-sandbox.ts', import.meta.url);
      silent = await startSilentSandbox();
      refusing = await createSandbox({ frameAncestors: ['https://shop.example'] });
      hanging = createServer(() => {});
      await new Promise((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    },
    async serverStop() {
      await (await checkoutSites)?.closeCheckoutSites();
      hanging?.closeAllConnections();
      await new Promise((resolve) => (hanging ? hanging.close(resolve) : resolve()));
      for (const box of opened) await box.close();
      await refusing?.close();
      await silent?.close();
      await running?.close();
    },
    async executeCommand({ command, payload }) {
      if (command === 'sandbox-url') return running.url;
      if (command === 'silent-url') return silent.url;
      if (command === 'dropping-url') return silent.droppingUrl;
      if (command === 'refusing-url') return refusing.url;
      if (command === 'hanging-url') return `http://127.0.0.1:${hanging.address().port}`;
      if (command === 'closed-url') return `http://127.0.0.1:${await closedPort()}`;
      if (command === 'open') return opened[opened.push(await createSandbox({ port: Number(new URL(payload.url).port) })) - 1].url;
      if (command === 'elsewhere-url') return silent.elsewhereUrl(payload.site);
      if (command === 'frame-loads') return silent.frameLoads(payload.site);
      // The module's promise, so two pages starting at once share one module and its sites.
      if (command === 'checkout')
        return (await (checkoutSites ??= tsImport('./test/checkout-site.ts', import.meta.url))).checkoutCommand(payload);
      // How many times src/element/move.browser.test.ts runs its sequences: a soak of that one file.
      if (command === 'move-repeat') return Number(process.env.MOVE_REPEAT ?? 1);
      return undefined;
    },
  };
}

/**
 * Status addresses for `<pay-pix-qr status-url>`, on loopback over real HTTP.
 * `executeServerCommand('pix-status')` opens one, answering `pending`, and
 * returns its URL; `'pix-status', { url, answer }` makes it answer from then
 * on `pending`, `paid`, `expired`, an HTTP status such as 500, or `hold` (no
 * answer until the next change); `'pix-status', { url }` lists the requests
 * it got: `{ at, accept, aborted }`.
 */
function pixStatus() {
  let server;
  const endpoints = new Map();
  return {
    name: 'pix-status',
    async serverStart() {
      server = createServer((request, response) => {
        const endpoint = endpoints.get(request.url);
        if (!endpoint) return void response.writeHead(404).end();
        const seen = { at: Date.now(), accept: request.headers.accept, aborted: false };
        endpoint.requests.push(seen);
        response.on('close', () => (seen.aborted = !response.writableEnded));
        if (endpoint.answer === 'hold') endpoint.held.push(response);
        else answer(response, endpoint.answer);
      });
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    },
    async serverStop() {
      server?.closeAllConnections();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
    },
    executeCommand({ command, payload }) {
      if (command !== 'pix-status') return undefined;
      if (!payload?.url) {
        const path = `/status/${endpoints.size + 1}`;
        endpoints.set(path, { answer: 'pending', requests: [], held: [] });
        return `http://127.0.0.1:${server.address().port}${path}`;
      }
      const endpoint = endpoints.get(new URL(payload.url).pathname);
      if (payload.answer !== undefined) {
        endpoint.answer = payload.answer;
        if (payload.answer !== 'hold') for (const response of endpoint.held.splice(0)) answer(response, payload.answer);
      }
      return endpoint.requests;
    },
  };
  function answer(response, status) {
    if (response.destroyed) return;
    // The test page is another origin; a merchant's page and its handler share one.
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
    if (typeof status === 'number') response.writeHead(status, headers).end('{"error":"internal_error"}');
    else response.writeHead(200, headers).end(JSON.stringify({ status, orderId: 'PEDIDO42' }));
  }
}

/**
 * `executeServerCommand('touch', { enabled })` turns Chromium's touch
 * emulation on or off for the test's page, as DevTools' device mode does:
 * `(pointer: coarse)` then matches as on a phone. Playwright offers touch only
 * per context (`hasTouch`), fixed when the page opens, so this goes through
 * the DevTools protocol. Its session stays open: closing it would undo the
 * emulation.
 */
function touchEmulation() {
  const sessions = new WeakMap();
  return {
    name: 'touch-emulation',
    async executeCommand({ command, payload, session }) {
      if (command !== 'touch') return undefined;
      const page = session.browser.getPage(session.id);
      if (!sessions.has(page)) sessions.set(page, await page.context().newCDPSession(page));
      await sessions.get(page).send('Emulation.setTouchEmulationEnabled', { enabled: !!payload.enabled, maxTouchPoints: 1 });
      return true;
    },
  };
}

// The same system Chromium and flags as the Playwright tests (test/chromium.ts).
const { CHROMIUM_ARGS, CHROMIUM_PATH } = await tsImport('./test/chromium.ts', import.meta.url);

/**
 * Every `*.browser.test.ts` runs twice, once per mode of the card form: the
 * page tells the test helpers which mode to mount (`test-helpers.ts`). Tests
 * of other elements ignore the mode.
 */
const modePage = (mode) => (testFramework) =>
  `<!doctype html><html><head><script>globalThis.PAY_CARD_FORM_TEST_MODE = '${mode}';</script></head>` +
  `<body><script type="module" src="${testFramework}"></script></body></html>`;

/** Every browser test; `BROWSER_TESTS=<glob> npx web-test-runner` runs fewer while working on them. */
const BROWSER_TESTS = process.env.BROWSER_TESTS || 'src/**/*.browser.test.ts';

export default {
  groups: [
    // The frame's own controller, and the keys put back in the frame, have nothing to do inline.
    {
      name: 'inline',
      files: [BROWSER_TESTS, '!src/element/framed-surface.browser.test.ts', '!src/element/dropped-keys.browser.test.ts'],
      testRunnerHtml: modePage('inline'),
    },
    { name: 'isolated', files: BROWSER_TESTS, testRunnerHtml: modePage('isolated') },
  ],
  nodeResolve: true,
  concurrency: 2,
  // A whole file's time, not a test's: long files on a busy machine must not fail for being slow; a soak of the move file takes longer.
  testsFinishTimeout: process.env.MOVE_REPEAT ? 1_800_000 : 300_000,
  testFramework: { config: { timeout: 10000 } },
  plugins: [
    sandbox(),
    pixStatus(),
    touchEmulation(),
    frameProbe(),
    commonjs({ include: ['**/node_modules/card-validator/**'], strictRequires: false, requireReturnsDefault: 'preferred' }),
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) }),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    }),
  ],
  filterBrowserLogs: ({ args }) => !String(args[0] ?? '').includes('Lit is in dev mode'),
};
