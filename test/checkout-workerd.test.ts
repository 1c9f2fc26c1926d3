/**
 * `<pay-checkout>` in real Chromium against `checkoutHandler` in workerd: the
 * whole checkout of a shop on Cloudflare Workers, end to end. The shop is one
 * Worker (test/runtimes/checkout-worker.ts, bundled as wrangler bundles it,
 * no `nodejs_compat`) run by Miniflare on a real port: its static assets are
 * the order pages and the built element (`dist/pay-checkout.js` and its
 * chunks; run `npm run build` first), and `/api/checkout/*` reaches the
 * handler, on the page's own origin as a merchant mounts it. Orders live in
 * D1, with the schema of the Worker example. The sandbox runs on Node on
 * 127.0.0.2, so the card frame is on another site than the page, as in
 * production. The shopper uses real keys, in the card frame too.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Miniflare } from 'miniflare';
import type { Browser, Locator, Page } from 'playwright';
import { installmentOptions } from '../src/card/installments.js';
import { parseBrCode } from '../src/pix/br-code.js';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { v3Credential } from '../src/sandbox/v3/fixtures.js';
import { SANDBOX_ADMIN_TOKEN } from '../src/sandbox/routes/clock-control.js';
import { cardFrame, launchChromium, typeCard } from './chromium.js';
import { PIX_EXPIRES_IN_S, POLICY } from './runtimes/checkout-shop.js';
import { applySchema, bundleWorker } from './workerd.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const CPF = '12345678909';
/** How often the element promises to poll a code's status in its first minute: written here, not read from the code under test. */
const POLL_INTERVAL_MS = 2_000;
/** What a poll may take beyond its interval on a busy machine: the round trip through workerd to the sandbox, and the event. */
const POLL_SLACK_MS = 1_500;
/** "R$ 171,24" for 17124, as pt-BR shows an amount under R$ 1.000, without a float. */
const brl = (centavos: number) => `R$\u00a0${Math.floor(centavos / 100)},${String(centavos % 100).padStart(2, '0')}`;
/** The shop's orders, each with its page (`/<id>`): one per test, so no test sees another's payment. */
const ORDERS = { card: ['pedido-cartao', 15990], pix: ['pedido-pix', 4590], expiry: ['pedido-expira', 1000] } as const;

let sandbox: Sandbox;
let dir: string;
let mf: Miniflare;
let shop: URL;
let browser: Browser;

/** An order's page, as a merchant writes it: the element and its settings, the amount for display only. */
const orderPage = (orderId: string, amount: number) => `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <title>${orderId}</title>
    <script type="module" src="/assets/pay-checkout.js"></script>
  </head>
  <body>
    <pay-checkout
      endpoint="/api/checkout"
      order-id="${orderId}"
      amount="${amount}"
      locale="pt-BR"
      public-key="${MERCHANTS[0]!.publicKey}"
      base-url="${sandbox.url}"
      installments='${JSON.stringify(POLICY)}'
      collect-tax-id
    ></pay-checkout>
  </body>
</html>`;

before(async () => {
  // 127.0.0.2: another site than the page on 127.0.0.1, so the card frame runs in a process of its own.
  sandbox = await createSandbox({ host: '127.0.0.2' });
  dir = await mkdtemp(join(tmpdir(), 'pay-card-form-workerd-'));
  const site = join(dir, 'site');
  await mkdir(join(site, 'assets'), { recursive: true });
  await cp(join(root, 'dist/pay-checkout.js'), join(site, 'assets/pay-checkout.js')).catch(() => {
    throw new Error('dist/pay-checkout.js is missing: run "npm run build" first.');
  });
  await cp(join(root, 'dist/checkout-chunks'), join(site, 'assets/checkout-chunks'), { recursive: true });
  for (const [id, amount] of Object.values(ORDERS)) await writeFile(join(site, `${id}.html`), orderPage(id, amount));

  const account = v3Credential('ACCOUNT');
  mf = new Miniflare({
    modules: true,
    script: await bundleWorker(join(root, 'test/runtimes/checkout-worker.ts')),
    compatibilityDate: '2025-09-01',
    bindings: {
      PAY_BASE_URL: sandbox.url,
      PAY_SECRET_KEY: MERCHANTS[0]!.secretKey,
      PAY_CLIENT_ID: account.clientId,
      PAY_SECRET: account.secret,
      PIX_REFERENCE_SECRET: 'workerd-checkout-test-reference-secret-0123',
    },
    d1Databases: ['DB'],
    // What no asset matches (`/api/checkout/*`) goes to the Worker, as on Cloudflare.
    assets: { directory: site, routerConfig: { has_user_worker: true } },
    host: '127.0.0.1',
    port: 0,
  });
  shop = await mf.ready;
  const db = await mf.getD1Database('DB');
  await applySchema(db, join(root, 'examples/cloudflare-worker/schema.sql'));
  await db.batch(
    Object.values(ORDERS).map(([id, amount]) =>
      db.prepare('INSERT INTO orders (id, amount, description) VALUES (?, ?, ?)').bind(id, amount, 'Curso de fotografia'),
    ),
  );
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await mf?.dispose();
  await sandbox?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** An order's row in the Worker's D1: whether its `onPaid` ran, and the payment it recorded. */
async function orderRow(id: string): Promise<{ paid: number; payment_id: string | null }> {
  const db = await mf.getD1Database('DB');
  return (await db.prepare('SELECT paid_at IS NOT NULL AS paid, payment_id FROM orders WHERE id = ?').bind(id).first())!;
}

/** The sandbox's charges, from its state route. */
async function charges(): Promise<{ id: string; amount_centavos: number; installments: number; status: string }[]> {
  return ((await (await fetch(`${sandbox.url}/sandbox/state`)).json()) as { charges: never[] }).charges;
}

/** A sandbox-only action, with its admin token, as a test (never a page) sends it. */
async function admin(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}` },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { code: unknown };
  assert.equal(json.code, 200, `${path}: ${JSON.stringify(json)}`);
}

interface Heard {
  detail: Record<string, unknown>;
  /** When the page heard it, on this machine's clock (Date.now in the page and here agree). */
  at: number;
}

/**
 * Listens, in the page, for the element's next `type` event: once this
 * resolves the listener is in place, and the returned function waits for the event.
 */
async function nextEvent(checkout: Locator, type: string): Promise<() => Promise<Heard>> {
  const key = `heard-${type}-${Math.random()}`;
  await checkout.evaluate(
    (el, { key, type }) =>
      (el as unknown as EventTarget).addEventListener(
        type,
        (event) => ((globalThis as unknown as Record<string, Heard>)[key] = { detail: (event as CustomEvent).detail, at: Date.now() }),
        { once: true },
      ),
    { key, type },
  );
  return async () => {
    const heard = await checkout.page().waitForFunction((key) => (globalThis as unknown as Record<string, Heard | undefined>)[key], key);
    return (await heard.jsonValue()) as Heard;
  };
}

/** A page of the shop, for an order, with the checkout on it. */
async function openOrder(page: Page, id: string): Promise<Locator> {
  const response = await page.goto(new URL(`/${id}`, shop).href);
  assert.equal(response?.status(), 200);
  return page.locator('pay-checkout');
}

/**
 * The code the checkout's `<pay-pix-qr>` holds, once there is one other than
 * `not`, and the same code where the shopper copies it.
 */
async function shownCode(checkout: Locator, not?: string): Promise<string> {
  const held = await checkout.page().waitForFunction(
    ([el, not]) => {
      type Qr = { payload?: string } | null;
      const qr = (el as unknown as { shadowRoot: { querySelector(selector: string): Qr } }).shadowRoot.querySelector('pay-pix-qr');
      return qr?.payload && qr.payload !== not ? qr.payload : undefined;
    },
    [await checkout.elementHandle(), not] as const,
  );
  const payload = (await held.jsonValue()) as string;
  assert.equal(await checkout.getByLabel('Código Pix Copia e Cola').inputValue(), payload, 'the code the shopper copies');
  return payload;
}

test(
  'card, 6x with a CPF: `paid` with the plan’s total, and one charge of that total in 6 installments in the sandbox',
  { timeout: 60_000 },
  async () => {
    const [orderId, amount] = ORDERS.card;
    const six = installmentOptions({ amount, ...POLICY }).find((option) => option.count === 6)!;
    // 6x carries interest in this policy: a total that is not the cash price tells the plan was recomputed.
    assert.notEqual(six.total, amount);
    const page = await browser.newPage();
    try {
      const checkout = await openOrder(page, orderId);
      // The frame has said hello and shown the form: keys typed now reach its fields.
      await checkout.locator('pay-card-form').evaluate((form) => (form as unknown as { ready: Promise<void> }).ready);
      const fields = cardFrame(page);
      await typeCard(page, fields);
      // "Parcelas" by keyboard: the select has focus, and "6" picks the option that starts with it.
      await fields.locator('#installments').focus();
      await page.keyboard.type('6');
      await fields
        .locator('[part~="submit"]')
        .getByText(`Pagar ${brl(six.total)}`)
        .waitFor();
      await fields.locator('#taxId').click();
      await page.keyboard.type(CPF);
      assert.equal(await fields.locator('#taxId').inputValue(), '123.456.789-09');
      const before = await charges();
      const paid = await nextEvent(checkout, 'paid');
      await page.keyboard.press('Enter');
      const { detail } = await paid();

      const after = await charges();
      assert.equal(after.length, before.length + 1, 'exactly one charge');
      const charge = after.find((one) => !before.some((old) => old.id === one.id))!;
      assert.deepEqual([charge.amount_centavos, charge.installments, charge.status], [six.total, 6, 'approved']);
      assert.deepEqual(detail, { orderId, method: 'card', chargeId: charge.id, installments: 6, total: six.total });
      // The Worker's onPaid recorded it in D1.
      assert.deepEqual(await orderRow(orderId), { paid: 1, payment_id: charge.id });
    } finally {
      await page.close();
    }
  },
);

test('Pix, paid through the sandbox: `paid` within one poll interval of the payment', { timeout: 60_000 }, async (t) => {
  const [orderId] = ORDERS.pix;
  const page = await browser.newPage();
  try {
    const checkout = await openOrder(page, orderId);
    await page.getByRole('radio', { name: 'Pix' }).click();
    const payload = await shownCode(checkout);
    assert.match(payload, /^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
    assert.equal(parseBrCode(payload).amount, '45.90', 'the order’s amount in the code');
    const paid = await nextEvent(checkout, 'paid');
    await admin('/sandbox/actions/pay-qr', { qr_code_payload: payload, payer_account_id: 'acc_sandbox_filial' });
    // The transfer settles 2 s later on the sandbox's clock: moved there now, so from here the code reads paid.
    await admin('/sandbox/clock/advance', { ms: 2_000 });
    const settled = Date.now();
    const { detail, at } = await paid();
    const waited = at - settled;
    t.diagnostic(`paid heard ${waited} ms after the payment settled`);
    assert.ok(waited <= POLL_INTERVAL_MS + POLL_SLACK_MS, `paid ${waited} ms after the payment settled`);
    assert.equal(detail.orderId, orderId);
    assert.equal(detail.method, 'pix');
    assert.match(String(detail.qrCodeId), /^qr_/);
    assert.deepEqual(await orderRow(orderId), { paid: 1, payment_id: detail.qrCodeId });
    await page.getByText('Pagamento recebido por Pix.').waitFor();
  } finally {
    await page.close();
  }
});

test('an expired code: "Gerar novo código" brings a new, different code', { timeout: 60_000 }, async () => {
  const [orderId] = ORDERS.expiry;
  const page = await browser.newPage();
  try {
    const checkout = await openOrder(page, orderId);
    await page.getByRole('radio', { name: 'Pix' }).click();
    const first = await shownCode(checkout);
    await admin('/sandbox/clock/advance', { ms: PIX_EXPIRES_IN_S * 1000 });
    const again = page.getByRole('button', { name: 'Gerar novo código' });
    await again.waitFor();
    // The expired code goes; the checkout's sentence names the button as the way to a new one.
    await page.locator('pay-pix-qr').waitFor({ state: 'detached' });
    const expired = 'Este código expirou. Gere um novo para pagar com Pix.';
    await page.getByRole('group', { name: 'Pix' }).getByText(expired).waitFor();
    await page.getByRole('status').getByText(expired).waitFor({ state: 'attached' });
    await again.focus();
    await page.keyboard.press('Enter');
    const second = await shownCode(checkout, first);
    assert.notEqual(second, first);
    await again.waitFor({ state: 'hidden' });
    assert.deepEqual(await orderRow(orderId), { paid: 0, payment_id: null });
  } finally {
    await page.close();
  }
});
