/**
 * The React 19, Vue 3 and Svelte 5 examples (demo/frameworks/), each built
 * against the built package and driven in real Chromium with real key presses
 * against the sandbox. Each listens for `tokenized` with its framework's own
 * syntax and shows the token. Run `npm run build` first; `npm test` does.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright';
import { FUTURE_EXPIRY_TYPED, launchChromium } from './chromium.js';
import { preview, type PreviewServer } from 'vite';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { FRAMEWORKS, appDir, buildFrameworkApp } from '../demo/frameworks/build.js';

let sandbox: Sandbox;
let browser: Browser;
let outRoot: string;
const servers = new Map<string, PreviewServer>();

before(async () => {
  sandbox = await createSandbox();
  outRoot = await mkdtemp(join(tmpdir(), 'pay-frameworks-'));
  // All three builds at once: they are independent, and this keeps the suite short.
  await Promise.all(FRAMEWORKS.map((f) => buildFrameworkApp(f, { outDir: join(outRoot, f), baseUrl: sandbox.url })));
  for (const framework of FRAMEWORKS) {
    const server = await preview({
      configFile: false,
      root: appDir(framework),
      logLevel: 'warn',
      build: { outDir: join(outRoot, framework) },
      preview: { host: '127.0.0.1', port: 0, strictPort: false },
    });
    servers.set(framework, server);
  }
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  for (const server of servers.values()) await server.close();
  await sandbox?.close();
  if (outRoot) await rm(outRoot, { recursive: true, force: true });
});

for (const framework of FRAMEWORKS) {
  test(`${framework}: the app mounts <pay-card-form>, and a typed card shows the token from the tokenized event`, async () => {
    const url = servers.get(framework)!.resolvedUrls!.local[0]!;
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    try {
      await page.goto(url);
      await page.locator('pay-card-form #number').pressSequentially('4111111111111111');
      await page.locator('pay-card-form #holderName').pressSequentially('Ana Silva');
      await page.locator('pay-card-form #expiry').pressSequentially(FUTURE_EXPIRY_TYPED);
      await page.locator('pay-card-form #cvv').pressSequentially('123');
      assert.equal(await page.locator('#token').textContent(), 'none yet');
      await page.locator('pay-card-form [part="submit"]').click();
      await page.locator('#token').getByText(/^tok_/).waitFor();
      assert.equal(await page.locator('#token').getAttribute('data-brand'), 'visa');
      // The framework passed the attributes through to the element.
      assert.equal(await page.locator('pay-card-form').getAttribute('public-key'), 'pk_test_51LojaExemploActive0001');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
}

test('react: the example type-checks with the pay-card-form/react JSX typings', async () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  // Without the typings, `ontokenized` is an unknown prop and `event` is implicitly any: tsc exits non-zero.
  const run = promisify(execFile)(process.execPath, [tsc, '-p', 'demo/frameworks/react', '--noEmit'], { cwd: root });
  await assert.doesNotReject(run);
});
