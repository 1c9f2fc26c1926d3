/**
 * `npm start`: the demo checkout page and the sandbox, together.
 * Also used by the end-to-end test, which starts both on free ports.
 */
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { fileURLToPath } from 'node:url';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { TEST_CARDS } from '../src/sandbox/test-cards.js';
import { DEFAULT_SANDBOX_PORT, isMain, runFromCommandLine, type Ports } from './run.js';
import { demoApi } from './api.js';
import { cardRoutes } from './card-api.js';
import { pixRoutes } from './pix-api.js';
import { INSTALLMENT_POLICY, PRICE } from './order.js';

export interface Demo {
  url: string;
  sandbox: Sandbox;
  close(): Promise<void>;
}

/** HTML-escaped, for an attribute value. */
const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/**
 * Puts the sandbox's address and test cards into the pages on the server, so
 * the browser never loads a sandbox module (they hold the test keys); and the
 * order's price and installment policy (demo/order.ts), the same the backend
 * charges from. `?mode=inline` runs the checkout's form in the page instead of
 * the frame, as `mode="inline"` in a merchant's HTML would. (Not `%MODE%`:
 * Vite fills that placeholder with its own mode.)
 */
function pageData(url: string): Plugin {
  return {
    name: 'pay-demo-page-data',
    transformIndexHtml: (page, { originalUrl }) =>
      page
        .replaceAll('%SANDBOX_URL%', url)
        .replaceAll('%TEST_CARDS%', JSON.stringify(TEST_CARDS))
        .replaceAll('%PRICE%', String(PRICE))
        .replaceAll('%INSTALLMENTS%', attribute(JSON.stringify(INSTALLMENT_POLICY)))
        .replaceAll(
          '%FORM_MODE%',
          new URL(originalUrl ?? '/', 'http://demo').searchParams.get('mode') === 'inline' ? 'inline' : 'isolated',
        ),
  };
}

export async function startDemo(options: Ports = {}): Promise<Demo> {
  const sandbox = await createSandbox({ port: options.sandboxPort ?? DEFAULT_SANDBOX_PORT });
  let vite: ViteDevServer | undefined;
  let url: string | undefined;
  try {
    vite = await createServer({
      configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)),
      server: { port: options.port ?? 5173, strictPort: false },
      plugins: [pageData(sandbox.url), demoApi({ ...cardRoutes(sandbox), ...pixRoutes(sandbox) })],
      logLevel: 'warn',
    });
    await vite.listen();
    url = vite.resolvedUrls?.local[0];
    if (!url) throw new Error('The demo server did not report its address.');
  } catch (error) {
    // Leave nothing listening behind a failed start.
    await vite?.close();
    await sandbox.close();
    throw error;
  }
  const server = vite;
  return {
    url,
    sandbox,
    close: async () => {
      await server.close();
      await sandbox.close();
    },
  };
}

if (isMain(import.meta.url)) {
  await runFromCommandLine('npm start', startDemo, (demo) => [
    `Card checkout: ${demo.url}`,
    `PIX:           ${new URL('pix.html', demo.url)}`,
  ]);
}
