/**
 * `<pay-checkout>` in a server-rendered React 19 app, as Next.js renders a
 * client component: the markup from `react-dom/server` in Node (the package
 * imported there too), then `hydrateRoot` in Chromium. During hydration React
 * 19 neither attaches `on<event>` props to a custom element nor sets its
 * object props (react#35446), so docs/pay-checkout.md shows the way that
 * holds in such an app: the listener added in an effect, `installments` as
 * JSON text. This proves that way, paying 6x through the frame against
 * `checkoutHandler` and the sandbox. Run `npm run build` first; `npm test`
 * does.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright';
import { FUTURE_EXPIRY_TYPED, launchChromium } from './chromium.js';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { installmentOptions } from '../src/card/installments.js';
import { checkoutHandler, toNodeHandler, type CheckoutOrder } from '../src/server/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const POLICY = { maxInstallments: 12, interestFree: 3, monthlyRate: '1.99', minInstallment: 500 };

/** The merchant's client component, as docs/pay-checkout.md writes it for a server-rendered app. */
const APP = `
import { useEffect, useRef, useState } from 'react';
import './dist/checkout.js';

const POLICY = ${JSON.stringify(POLICY)};

export function Checkout({ orderId, amount, publicKey, baseUrl }) {
  const ref = useRef(null);
  const [paid, setPaid] = useState('unpaid');
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    const checkout = ref.current;
    const onPaid = (event) => setPaid(event.detail.method + ' ' + event.detail.installments + 'x ' + event.detail.total);
    checkout.addEventListener('paid', onPaid);
    setHydrated(true);
    return () => checkout.removeEventListener('paid', onPaid);
  }, []);
  return (
    <main>
      <pay-checkout
        ref={ref}
        endpoint="/api/checkout"
        order-id={orderId}
        amount={amount}
        public-key={publicKey}
        base-url={baseUrl}
        installments={JSON.stringify(POLICY)}
        collect-tax-id
        locale="pt-BR"
      />
      <output id="paid" data-hydrated={hydrated ? 'yes' : 'no'}>{paid}</output>
    </main>
  );
}
`;

let sandbox: Sandbox;
let server: Server;
let browser: Browser;
let url: string;
let workDir: string;
const orders = new Map<string, CheckoutOrder>();
let renderPage: (props: Record<string, unknown>) => string;
let clientScript: string;

/** Bundles the app with an entry of `source`, as a Next.js build would for the server or the browser. */
async function bundle(source: string, platform: 'node' | 'browser'): Promise<string> {
  const result = await build({
    stdin: { contents: `${APP}\n${source}`, resolveDir: root, sourcefile: 'app.jsx', loader: 'jsx' },
    bundle: true,
    format: platform === 'node' ? 'cjs' : 'esm',
    platform,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

before(async () => {
  sandbox = await createSandbox();
  workDir = await mkdtemp(join(tmpdir(), 'pay-card-form-ssr-'));
  const serverBundle = join(workDir, 'server.cjs');
  await writeFile(
    serverBundle,
    await bundle(
      `import { renderToString } from 'react-dom/server';
       export const render = (props) => renderToString(<Checkout {...props} />);`,
      'node',
    ),
  );
  renderPage = (createRequire(import.meta.url)(serverBundle) as { render: typeof renderPage }).render;
  clientScript = await bundle(
    `import { hydrateRoot } from 'react-dom/client';
     hydrateRoot(document.getElementById('root'), <Checkout {...JSON.parse(document.getElementById('props').textContent)} />);`,
    'browser',
  );
  const api = toNodeHandler(
    checkoutHandler({
      baseUrl: sandbox.url,
      secretKey: MERCHANTS[0]!.secretKey,
      installments: POLICY,
      order: (id) => orders.get(id),
      onPaid: (payment) => void (orders.get(payment.orderId)!.paid = true),
    }),
  );
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path.startsWith('/api/checkout/')) return void api(request, response);
    if (path === '/app.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(clientScript);
    const orderId = new URL(path, 'http://shop.test').searchParams.get('order') ?? '';
    const props = { orderId, amount: orders.get(orderId)?.amount ?? 0, publicKey: MERCHANTS[0]!.publicKey, baseUrl: sandbox.url };
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Checkout</title></head><body>
        <div id="root">${renderPage(props)}</div>
        <script type="application/json" id="props">${JSON.stringify(props)}</script>
        <script type="module" src="/app.js"></script>
      </body></html>`,
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done));
  await sandbox?.close();
  await rm(workDir, { recursive: true, force: true });
});

test('server-rendered and hydrated, as in Next.js: the parcelas from JSON text, the paid event through an effect, 6x charged', async () => {
  orders.set('pedido-ssr', { id: 'pedido-ssr', amount: 15990, description: 'Curso de fotografia', paid: false });
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  try {
    await page.goto(`${url}/?order=pedido-ssr`);
    // The server's markup carries the text settings; hydration then runs the effect.
    assert.match(await page.locator('pay-checkout').getAttribute('installments').then(String), /"maxInstallments":12/);
    await page.locator('#paid[data-hydrated="yes"]').waitFor();

    const form = page.frameLocator('pay-checkout pay-card-form iframe');
    for (const [field, keys] of [
      ['#number', '4111111111111111'],
      ['#holderName', 'Ana Silva'],
      ['#expiry', FUTURE_EXPIRY_TYPED],
      ['#cvv', '123'],
      ['#taxId', '12345678909'],
    ] as const) {
      await form.locator(field).click();
      await page.keyboard.type(keys);
    }
    await form.locator('#installments').selectOption('6');
    await form.locator('[part="submit"]').click();

    const six = installmentOptions({ ...POLICY, amount: 15990 }).find((option) => option.count === 6)!;
    await page.locator('#paid').getByText(`card 6x ${six.total}`).waitFor();
    const { charges } = (await (await fetch(`${sandbox.url}/sandbox/state`)).json()) as {
      charges: { amount_centavos: number; installments: number }[];
    };
    assert.deepEqual(
      charges.map((charge) => [charge.amount_centavos, charge.installments]),
      [[six.total, 6]],
    );
    assert.equal(orders.get('pedido-ssr')!.paid, true);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
