import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

/**
 * card-validator ships CommonJS only; browsers need ESM. This plugin serves
 * any card-validator module bundled to ESM by esbuild.
 */
function commonJsAsEsm() {
  const cache = new Map();
  return {
    name: 'commonjs-as-esm',
    async serve(context) {
      if (!context.path.includes('/node_modules/card-validator/')) return undefined;
      if (!cache.has(context.path)) {
        const file = fileURLToPath(new URL(`.${context.path}`, import.meta.url));
        const out = await build({ entryPoints: [file], bundle: true, format: 'esm', write: false, logLevel: 'silent' });
        cache.set(context.path, out.outputFiles[0].text);
      }
      return { body: cache.get(context.path), type: 'js' };
    },
  };
}

/**
 * Runs the sandbox beside the test server, over real HTTP on loopback.
 * Tests ask for its URL with `executeServerCommand('sandbox-url')`.
 */
function sandbox() {
  let running;
  return {
    name: 'sandbox',
    async serverStart() {
      const { createSandbox } = await tsImport('./src/sandbox/sandbox.ts', import.meta.url);
      running = await createSandbox();
    },
    async serverStop() {
      await running?.close();
    },
    executeCommand({ command }) {
      return command === 'sandbox-url' ? running.url : undefined;
    },
  };
}

export default {
  files: ['src/element/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 2,
  testFramework: { config: { timeout: 10000 } },
  plugins: [
    sandbox(),
    commonJsAsEsm(),
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) }),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
      },
    }),
  ],
  filterBrowserLogs: ({ args }) => !String(args[0] ?? '').includes('Lit is in dev mode'),
};
