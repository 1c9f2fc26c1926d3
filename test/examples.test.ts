/**
 * The examples in the tarball (`examples/`) run as a merchant runs them. The
 * package is packed once (run `npm run build` first; `npm test` does) and
 * installed in an empty app; each example's folder is copied out of
 * node_modules/pay-card-form/examples into that app, and runs there against a
 * sandbox of its own, started from the installed package. Card and Pix are
 * paid end to end over real HTTP: a token from the installed `tokenize`, the
 * charge the sandbox recorded, a Pix code paid through the sandbox's console
 * action, and the example's own word that it heard of each payment.
 *
 * The Node examples run as `node server.js`; the Next.js route module is
 * served by a stand-in for Next.js that calls its exported handlers with
 * web-standard Requests, as Next.js does; the Worker is bundled as wrangler
 * bundles it and runs in workerd through Miniflare, without nodejs_compat,
 * with the settings of its wrangler.toml and .dev.vars and a local D1.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Miniflare } from 'miniflare';
import { applySchema, bundleWorker } from './workerd.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLES = ['node-http', 'hono', 'nextjs', 'cloudflare-worker', 'pix'];
/** The policy every example and page states. */
const POLICY = { maxInstallments: 12, interestFree: 3, monthlyRate: '1.99', minInstallment: 500 };
const CPF = '123.456.789-09';
const FUTURE_YEAR = String(new Date().getFullYear() + 5);

type SandboxModule = typeof import('../src/sandbox/index.js');
type Sandbox = Awaited<ReturnType<SandboxModule['createSandbox']>>;
/** One call to an example's backend, by path. */
type Call = (path: string, init?: RequestInit) => Promise<Response>;

let app: string;
let installed: {
  sandbox: SandboxModule;
  core: typeof import('../src/core.js');
  server: typeof import('../src/server/index.js');
};
const sandboxes: Sandbox[] = [];
const children: ChildProcess[] = [];

before(async () => {
  app = await mkdtemp(join(tmpdir(), 'pay-card-form-examples-'));
  const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', app], { cwd: root });
  const [{ filename }] = JSON.parse(stdout) as { filename: string }[];
  await writeFile(
    join(app, 'package.json'),
    JSON.stringify({ private: true, type: 'module', dependencies: { 'pay-card-form': `file:./${filename}` } }),
  );
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: app, timeout: 240_000 });
  // Copied out of the installed package, as a merchant starts from them.
  for (const name of EXAMPLES) await cp(join(app, 'node_modules/pay-card-form/examples', name), join(app, name), { recursive: true });
  const entry = (path: string) => import(pathToFileURL(join(app, 'node_modules/pay-card-form', path)).href);
  installed = {
    sandbox: await entry('dist/sandbox/index.js'),
    core: await entry('dist/core.js'),
    server: await entry('dist/server/index.js'),
  };
});

after(async () => {
  for (const child of children) child.kill();
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  if (app) await rm(app, { recursive: true, force: true });
});

async function startSandbox(): Promise<Sandbox> {
  const sandbox = await installed.sandbox.createSandbox();
  sandboxes.push(sandbox);
  return sandbox;
}

/** What the examples read from the environment: this sandbox and its fixture keys. */
function environment(sandbox: Sandbox): Record<string, string> {
  const account = installed.sandbox.V3_CREDENTIALS.find((c) => c.kind === 'ACCOUNT')!;
  return {
    PAY_BASE_URL: sandbox.url,
    PAY_SECRET_KEY: installed.sandbox.MERCHANTS[0]!.secretKey,
    PAY_CLIENT_ID: account.clientId,
    PAY_SECRET: account.secret,
    PIX_REFERENCE_SECRET: 'examples-test-reference-secret-0123456789',
  };
}

interface Started {
  origin: string;
  /** Resolves with the first line of the server's output, from now on, that matches. */
  line(pattern: RegExp): Promise<string>;
}

/** Runs `node <script>` in the app, with PORT=0, until it prints its address. */
function startNode(cwd: string, script: string, env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [script], { cwd, env: { ...process.env, ...env, PORT: '0' } });
  children.push(child);
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`${script} exited (${code}) before listening:\n${stderr}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const address = /http:\/\/localhost:(\d+)\//.exec(line);
      if (address)
        resolve({ origin: `http://127.0.0.1:${address[1]}`, line: (pattern) => new Promise((r) => waiting.push({ pattern, resolve: r })) });
      for (const wait of waiting.filter((w) => w.pattern.test(line))) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve(line);
      }
    });
  });
}

const post = (call: Call, path: string, body: unknown) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Pays pedido-1042 (R$ 159,90) by card in 6x, and checks the charge the sandbox recorded. */
async function payByCard(call: Call, sandbox: Sandbox): Promise<void> {
  const card = { number: '4111111111111111', holderName: 'Ana Silva', expirationMonth: '12', expirationYear: FUTURE_YEAR, cvv: '123' };
  const { token } = await installed.core.tokenize(card, { baseUrl: sandbox.url, publicKey: installed.sandbox.MERCHANTS[0]!.publicKey });
  const six = installed.server.installmentOptions({ amount: 15990, ...POLICY }).find((option) => option.count === 6)!;
  // A page that posts another amount changes nothing: the store's amount is charged.
  const response = await post(call, '/api/checkout/card', { orderId: 'pedido-1042', token, installments: 6, taxId: CPF, amount: 1 });
  const answer = (await response.json()) as Record<string, unknown>;
  assert.equal(response.status, 200, JSON.stringify(answer));
  assert.deepEqual([answer.outcome, answer.installments, answer.total], ['approved', 6, six.total]);
  const { charges } = (await (await fetch(`${sandbox.url}/sandbox/state`)).json()) as {
    charges: { amount_centavos: number; installments: number }[];
  };
  assert.deepEqual(
    charges.map((charge) => [charge.amount_centavos, charge.installments]),
    [[six.total, 6]],
  );
  const again = await post(call, '/api/checkout/card', { orderId: 'pedido-1042', token, installments: 6, taxId: CPF });
  assert.deepEqual([again.status, ((await again.json()) as { error: string }).error], [409, 'already_paid']);
}

/** Gets a Pix code for pedido-1043 (R$ 45,90), pays it through the sandbox's console action, and polls it paid. */
async function payByPix(call: Call, sandbox: Sandbox): Promise<void> {
  const response = await post(call, '/api/checkout/pix', { orderId: 'pedido-1043' });
  const code = (await response.json()) as { amount: string; payload: string; reference: string };
  assert.equal(response.status, 200, JSON.stringify(code));
  assert.equal(code.amount, '45.90');
  assert.equal(installed.core.parseBrCode(code.payload).amount, '45.90');
  const status = async () => (await (await call(installed.server.pixStatusUrl('/api/checkout', code.reference))).json()) as unknown;
  assert.deepEqual(await status(), { status: 'pending' });
  const admin = async (path: string, body: unknown) => {
    const answer = await fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${installed.sandbox.SANDBOX_ADMIN_TOKEN}` },
      body: JSON.stringify(body),
    });
    assert.equal(((await answer.json()) as { code: number }).code, 200, path);
  };
  await admin('/sandbox/actions/pay-qr', { qr_code_payload: code.payload, payer_account_id: 'acc_sandbox_filial' });
  // The transfer settles 2 s later on the sandbox's clock: moved there now.
  await admin('/sandbox/clock/advance', { ms: 2_000 });
  assert.deepEqual(await status(), { status: 'paid' });
}

/** The `<script type="module" src>` of a page, fetched, with every chunk it imports (statically or on demand). */
async function assetsOf(origin: string, html: string): Promise<string[]> {
  const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
  assert.ok(script, 'the page loads a module');
  const fetched: string[] = [];
  const queue = [new URL(script, origin).href];
  while (queue.length) {
    const url = queue.shift()!;
    if (fetched.includes(url)) continue;
    const response = await fetch(url);
    assert.equal(response.status, 200, url);
    assert.match(response.headers.get('content-type') ?? '', /javascript/, url);
    fetched.push(url);
    for (const [, path] of (await response.text()).matchAll(/(?:from|import\()\s*["`](\.[^"`]+\.js)["`]/g))
      queue.push(new URL(path!, url).href);
  }
  return fetched.map((url) => new URL(url).pathname);
}

/** The attributes of the first `<tag …>` in a page. */
function attributes(html: string, tag: string): Record<string, string> {
  const open = new RegExp(`<${tag}\\b([^>]*)>`).exec(html)?.[1];
  assert.ok(open !== undefined, `<${tag}> in the page`);
  return Object.fromEntries([...open.matchAll(/([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'))?/g)].map(([, name, a, b]) => [name!, a ?? b ?? '']));
}

describe('the examples in the package, installed and run against the sandbox', () => {
  it('examples/node-http: the page, its assets, and card and Pix paid through node:http', async () => {
    const sandbox = await startSandbox();
    const server = await startNode(join(app, 'node-http'), 'server.js', environment(sandbox));
    const call: Call = (path, init) => fetch(`${server.origin}${path}`, init);
    const html = await (await call('/')).text();
    // The page agrees with its backend: the order it shows is the one paid below, with the same policy.
    const page = attributes(html, 'pay-checkout');
    assert.deepEqual(
      [page.endpoint, page['order-id'], page.amount, page['public-key'], JSON.parse(page.installments!), 'collect-tax-id' in page],
      ['/api/checkout', 'pedido-1042', '15990', installed.sandbox.MERCHANTS[0]!.publicKey, POLICY, true],
    );
    const assets = await assetsOf(server.origin, html);
    assert.ok(assets.length > 3 && assets.every((path) => /^\/assets\/(pay-checkout\.js|checkout-chunks\/)/.test(path)), assets.join());
    assert.equal((await call('/assets/../package.json')).status, 404);
    assert.equal((await call('/assets/checkout-chunks/../../package.json')).status, 404);
    const card = server.line(/^pedido-1042 paid by card$/);
    await payByCard(call, sandbox);
    await card;
    const pix = server.line(/^pedido-1043 paid by pix$/);
    await payByPix(call, sandbox);
    await pix;
  });

  it('examples/hono: card and Pix paid through the Hono app', async () => {
    const sandbox = await startSandbox();
    const server = await startNode(join(app, 'hono'), 'server.js', environment(sandbox));
    const call: Call = (path, init) => fetch(`${server.origin}${path}`, init);
    const card = server.line(/^pedido-1042 paid by card$/);
    await payByCard(call, sandbox);
    await card;
    const pix = server.line(/^pedido-1043 paid by pix$/);
    await payByPix(call, sandbox);
    await pix;
    assert.equal((await call('/api/checkout/refund', { method: 'POST' })).status, 404);
  });

  it('examples/nextjs: the route module’s GET and POST, called with Requests as Next.js calls them', async () => {
    const sandbox = await startSandbox();
    // Next.js calls the method's export with the Request and a context; a method not exported is a 405.
    await writeFile(
      join(app, 'next-stand-in.js'),
      `import { createServer } from 'node:http';
import { toNodeHandler } from 'pay-card-form/server';
const route = await import('./nextjs/app/api/checkout/[...route]/route.js');
const exported = new Set(Object.keys(route));
const serve = toNodeHandler((request) =>
  exported.has(request.method)
    ? route[request.method](request, { params: Promise.resolve({ route: new URL(request.url).pathname.split('/').slice(3) }) })
    : Promise.resolve(new Response(null, { status: 405 })),
);
const server = createServer((req, res) => (req.url.startsWith('/api/checkout/') ? serve(req, res) : res.writeHead(404).end()));
server.listen(Number(process.env.PORT), () => console.log('on http://localhost:' + server.address().port + '/'));
`,
    );
    const server = await startNode(app, 'next-stand-in.js', environment(sandbox));
    const call: Call = (path, init) => fetch(`${server.origin}${path}`, init);
    const route = await import(pathToFileURL(join(app, 'nextjs/app/api/checkout/[...route]/route.js')).href);
    assert.deepEqual(Object.keys(route).sort(), ['GET', 'POST']);
    const card = server.line(/^pedido-1042 paid by card$/);
    await payByCard(call, sandbox);
    await card;
    const pix = server.line(/^pedido-1043 paid by pix$/);
    await payByPix(call, sandbox);
    await pix;
  });

  it('examples/cloudflare-worker: bundled as wrangler does, run in workerd without nodejs_compat, with D1', async () => {
    const sandbox = await startSandbox();
    const dir = join(app, 'cloudflare-worker');
    const toml = await readFile(join(dir, 'wrangler.toml'), 'utf8');
    const setting = (name: string) => new RegExp(`^${name} = (.+)$`, 'm').exec(toml)?.[1];
    assert.equal(setting('compatibility_flags'), undefined, 'no nodejs_compat');
    assert.equal(setting('minify'), 'true');
    const main = JSON.parse(setting('main')!) as string;
    const compatibilityDate = JSON.parse(setting('compatibility_date')!) as string;
    const section = /^\[vars\]\n([\s\S]*?)^\[/m.exec(toml)?.[1] ?? '';
    const vars = Object.fromEntries([...section.matchAll(/^(\w+) = "([^"]*)"/gm)].map(([, name, value]) => [name!, value!]));
    assert.equal(vars.PAY_BASE_URL, 'http://127.0.0.1:4010');
    assert.match(toml, /\[\[d1_databases\]\]\s+binding = "DB"/);
    const devVars = Object.fromEntries(
      [...(await readFile(join(dir, '.dev.vars'), 'utf8')).matchAll(/^(\w+)=(.*)$/gm)].map(([, name, value]) => [name!, value!]),
    );
    // Its keys are the sandbox's fixtures; only the address moves, to this test's sandbox.
    const bindings: Record<string, string> = { ...vars, ...devVars, PAY_BASE_URL: sandbox.url };
    const { PIX_REFERENCE_SECRET: referenceSecret, ...keys } = bindings;
    const { PIX_REFERENCE_SECRET: _ours, ...expected } = environment(sandbox);
    assert.deepEqual(keys, expected);
    assert.ok(referenceSecret && referenceSecret.length >= 32);
    const mf = new Miniflare({
      modules: true,
      script: await bundleWorker(join(dir, main), dir),
      compatibilityDate,
      bindings,
      d1Databases: ['DB'],
    });
    try {
      const db = await mf.getD1Database('DB');
      await applySchema(db, join(dir, 'schema.sql'));
      const call: Call = async (path, init) => (await mf.dispatchFetch(`http://shop.test${path}`, init as never)) as unknown as Response;
      await payByCard(call, sandbox);
      await payByPix(call, sandbox);
      const { results } = (await db.prepare('SELECT id, paid_at IS NOT NULL AS paid, payment_id FROM orders ORDER BY id').all()) as {
        results: { id: string; paid: number; payment_id: string }[];
      };
      assert.deepEqual(
        results.map((row) => [row.id, row.paid, String(row.payment_id).slice(0, 3)]),
        [
          ['pedido-1042', 1, 'ch_'],
          ['pedido-1043', 1, 'qr_'],
        ],
      );
    } finally {
      await mf.dispose();
    }
  });

  it('examples/pix: the page with <pay-pix-qr> and its poll, and a Pix code paid through the handler’s Pix routes alone', async () => {
    const sandbox = await startSandbox();
    const { PAY_SECRET_KEY: _cardKey, ...pixOnly } = environment(sandbox);
    const server = await startNode(join(app, 'pix'), 'server.js', pixOnly);
    const call: Call = (path, init) => fetch(`${server.origin}${path}`, init);
    const html = await (await call('/')).text();
    assert.match(html, /<pay-pix-qr\b/);
    assert.match(html, /'\/api\/checkout\/pix'/);
    const assets = await assetsOf(server.origin, html);
    // The poll the element loads on demand for status-url is served too.
    assert.ok(
      assets.some((path) => path.startsWith('/assets/pix-chunks/')),
      assets.join(),
    );
    const card = await post(call, '/api/checkout/card', { orderId: 'pedido-1043', token: 'tok_x', installments: 1, taxId: CPF });
    assert.equal(((await card.json()) as { error: string }).error, 'method_unavailable');
    const pix = server.line(/^pedido-1043 paid by pix \(qr_/);
    await payByPix(call, sandbox);
    await pix;
  });
});
