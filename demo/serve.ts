/**
 * `npm start`: the demo pages and the sandbox, together: the checkout
 * (`<pay-checkout>` and `checkoutHandler`), the bare card form and the PIX page.
 * Also used by the end-to-end test, which starts both on free ports.
 */
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { fileURLToPath } from 'node:url';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { TEST_CARDS } from '../src/sandbox/test-cards.js';
import { DEFAULT_SANDBOX_PORT, isMain, runFromCommandLine, type Ports } from './run.js';
import { demoApi } from './api.js';
import { cardRoutes } from './card-api.js';
import { checkoutBackend, type CheckoutBackend } from './checkout-api.js';
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
 * charges from. The checkout page gets a new order from the server's store,
 * its ID and amount, as a merchant's server renders its checkout page.
 * `?mode=inline` runs the card form in the page instead of the frame, as
 * `mode="inline"` in a merchant's HTML would. (Not `%MODE%`: Vite fills that
 * placeholder with its own mode.)
 */
function pageData(url: string, newOrder: CheckoutBackend['newOrder']): Plugin {
  return {
    name: 'pay-demo-page-data',
    transformIndexHtml: (page, { originalUrl }) => {
      const order = page.includes('%ORDER_ID%') ? newOrder() : undefined;
      return page
        .replaceAll('%ORDER_ID%', attribute(order?.id ?? ''))
        .replaceAll('%ORDER_AMOUNT%', String(order?.amount ?? ''))
        .replaceAll('%SANDBOX_URL%', url)
        .replaceAll('%TEST_CARDS%', JSON.stringify(TEST_CARDS))
        .replaceAll('%PRICE%', String(PRICE))
        .replaceAll('%INSTALLMENTS%', attribute(JSON.stringify(INSTALLMENT_POLICY)))
        .replaceAll(
          '%FORM_MODE%',
          new URL(originalUrl ?? '/', 'http://demo').searchParams.get('mode') === 'inline' ? 'inline' : 'isolated',
        );
    },
  };
}

export async function startDemo(options: Ports = {}): Promise<Demo> {
  const sandbox = await createSandbox({ port: options.sandboxPort ?? DEFAULT_SANDBOX_PORT });
  let vite: ViteDevServer | undefined;
  let url: string | undefined;
  try {
    const checkout = checkoutBackend(sandbox);
    vite = await createServer({
      configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)),
      server: { port: options.port ?? 5173, strictPort: false },
      plugins: [pageData(sandbox.url, checkout.newOrder), checkout.plugin, demoApi({ ...cardRoutes(sandbox), ...pixRoutes(sandbox) })],
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
    `Card form:     ${new URL('card.html', demo.url)}`,
    `Checkout:      ${demo.url}`,
    `PIX:           ${new URL('pix.html', demo.url)}`,
  ]);
}
