/**
 * The sandbox's console in Chromium (issue 23): a badly signed request shows
 * with the canonical string the sandbox computed, line by line, the content
 * hash it expected and the check that failed; policy and validation refusals
 * name their rule and field; new requests arrive live; the actions move the
 * state; axe finds nothing; and the whole page works from the keyboard.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright';
import { launchChromium } from './chromium.js';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { canonicalString, CANONICAL_LINE_LABELS, contentHash, signRequest } from '../src/server/signing.js';
import { V3_ACCOUNTS, v3Credential } from '../src/sandbox/v3/fixtures.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { TEST_CARDS } from '../src/sandbox/test-cards.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A request signed with `secret` instead of the credential's own: the signature cannot match. */
async function badlySigned(sandbox: Sandbox, nonce: string) {
  const path = '/v3/transfers/status/check';
  const body = '{"txn_id":"txn_console_0001"}';
  const { clientId } = v3Credential('ACCOUNT');
  const timestamp = sandbox.clock.now();
  const headers = await signRequest({ method: 'POST', path, body, clientId, secret: 'sec_test_wrong_secret_0000', timestamp, nonce });
  const res = await fetch(new URL(path, sandbox.url), { method: 'POST', headers, body });
  const hash = await contentHash(body);
  const expected = canonicalString({ method: 'POST', path, clientId, timestamp: String(timestamp), nonce, contentHash: hash });
  return { res, hash, expected, signature: headers['X-Signature']! };
}

/** The request row whose path is `path`, in the console's shadow root. */
const rowButton = (page: Page, path: string) => page.locator(`pay-sandbox-console button.row`, { hasText: path }).first();

/** Opens the newest logged request in the page, once the live stream has brought it, and waits for its details. */
async function openLatest(page: Page, sandbox: Sandbox): Promise<void> {
  const log = (await (await fetch(new URL('/sandbox/console/requests', sandbox.url))).json()) as { entries: { id: number }[] };
  const id = log.entries.at(-1)!.id;
  await page.locator(`pay-sandbox-console button.row[data-id="${id}"]`).click();
  await page.locator(`pay-sandbox-console #detail[data-id="${id}"]`).waitFor();
}

async function axe(page: Page): Promise<string[]> {
  // Strings, not functions: this file is typed for Node, and these run in the page.
  if (!(await page.evaluate<boolean>(`'axe' in window`))) await page.evaluate(axeSource);
  return page.evaluate<string[]>(
    `axe.run(document, { resultTypes: ['violations'] })
      .then((r) => r.violations.map((v) => v.id + ': ' + v.help + ' (' + v.nodes.map((n) => n.target.join(' ')).join(', ') + ')'))`,
  );
}

describe('the sandbox console, in Chromium', { timeout: 120_000 }, () => {
  let sandbox: Sandbox;
  let browser: Browser;
  let page: Page;

  before(async () => {
    sandbox = await createSandbox();
    browser = await launchChromium();
    page = await browser.newPage();
  });
  after(async () => {
    await browser?.close();
    await sandbox?.close();
  });

  it('first screen: the test keys with copy buttons, the cards, a CPF and a CNPJ, the base-url, the docs; times as times; no 404', async () => {
    const first = await browser.newPage();
    try {
      await first.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sandbox.url });
      const failed: string[] = [];
      first.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      await first.goto(sandbox.url);
      const start = first.locator('pay-sandbox-console #start');
      const merchant = MERCHANTS[0]!;
      assert.equal(await start.locator('#public-key-0').textContent(), merchant.publicKey);
      assert.equal(await start.locator('#secret-key-0').textContent(), merchant.secretKey);
      assert.equal(await start.locator('#base-url').textContent(), sandbox.url);
      assert.match((await start.locator('#snippet').textContent())!, new RegExp(`base-url="${sandbox.url}"`));
      const numbers = await start.locator('#test-cards td code').allTextContents();
      assert.ok(numbers.includes(TEST_CARDS[0].number), numbers.join(', '));
      const documents = (await start.locator('#test-documents').textContent())!;
      assert.match(documents, /CPF 123\.456\.789-09/);
      assert.match(documents, /CNPJ 11\.222\.333\/0001-81/);
      assert.match((await start.locator('#docs-link').getAttribute('href'))!, /^https:\/\/.+sandbox\.md$/);

      // Each copy button is named for what it copies, and copies it.
      const copySecret = start.getByRole('button', { name: `Copy the secret key of ${merchant.name}` });
      const copyPublic = start.getByRole('button', { name: `Copy the public key of ${merchant.name}` });
      await copyPublic.click();
      await start.locator('#copy-status', { hasText: `Copied the public key of ${merchant.name}.` }).waitFor();
      assert.equal(await first.evaluate<string>('navigator.clipboard.readText()'), merchant.publicKey);
      await copySecret.click();
      await start.locator('#copy-status', { hasText: `Copied the secret key of ${merchant.name}.` }).waitFor();
      assert.equal(await first.evaluate<string>('navigator.clipboard.readText()'), merchant.secretKey);

      // A QR code's expires_at, a moment, reads as a time in local time, not Unix milliseconds.
      const expires = first.locator('pay-sandbox-console #state-qrCodes tbody time').first();
      await expires.waitFor();
      const datetime = (await expires.getAttribute('datetime'))!;
      assert.match(datetime, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const shown = (await expires.textContent())!;
      assert.match(shown, /\d{1,2}:\d\d:\d\d/);
      assert.doesNotMatch(shown, /^\d{10,}$/);
      const headers = await first.locator('pay-sandbox-console #state-qrCodes thead th').allTextContents();
      const column = headers.indexOf('expires_at');
      assert.ok(column >= 0, headers.join(', '));
      const cell = first.locator('pay-sandbox-console #state-qrCodes tbody tr').first().locator('td').nth(column);
      assert.equal(await cell.locator('time').count(), 1);

      assert.deepEqual(failed, []);
      // Headless Chromium asks for no icon, so the page is checked for its own: a headed browser then asks for none,
      // and one that asks for /favicon.ico anyway is answered without a 404.
      assert.equal(await first.locator('link[rel="icon"]').getAttribute('href'), 'data:,');
      assert.equal((await fetch(new URL('/favicon.ico', sandbox.url))).status, 204);
      assert.deepEqual(await axe(first), []);
    } finally {
      await first.close();
    }
  });

  it('shows a badly signed request with the canonical string it computed, each line labelled, the hash and the failed check', async () => {
    const nonce = 'console0test0nonce0000000000001';
    const { res, hash, expected, signature } = await badlySigned(sandbox, nonce);
    assert.equal(res.status, 401);

    await page.goto(sandbox.url);
    assert.equal(await page.title(), 'pay-card-form sandbox console');
    await openLatest(page, sandbox);
    const detail = page.locator('pay-sandbox-console #detail');
    await detail.locator('#canonical').waitFor();

    assert.equal(await detail.locator('#failed-check').getAttribute('data-check'), 'signature_mismatch');
    assert.equal(await detail.locator('#failed-check').textContent(), 'signature');
    const lines = await detail
      .locator('#canonical tbody tr')
      .evaluateAll((rows) => rows.map((row) => [row.querySelector('th')!.textContent, row.querySelector('td')!.textContent]));
    assert.deepEqual(
      lines,
      expected.split('\n').map((value, i) => [CANONICAL_LINE_LABELS[i], value]),
    );
    assert.equal(await detail.locator('#expected-hash').textContent(), hash);
    // What was sent as the signature is never shown.
    assert.ok(!(await page.locator('pay-sandbox-console').evaluate((el) => el.shadowRoot!.textContent)).includes(signature));
  });

  it('names the check that failed: timestamp window, nonce replay, missing header, target pair, body hash', async () => {
    const path = '/v3/transfers/status/check';
    const body = '{"txn_id":"txn_console_0002"}';
    const cred = v3Credential('ACCOUNT');
    const sign = (extra: Partial<Parameters<typeof signRequest>[0]> = {}) =>
      signRequest({ method: 'POST', path, body, ...cred, timestamp: sandbox.clock.now(), ...extra });
    const send = (headers: Record<string, string>) => fetch(new URL(path, sandbox.url), { method: 'POST', headers, body });
    const replayed = await sign();
    const cases: [string, Record<string, string>][] = [
      ['timestamp_out_of_window', await sign({ timestamp: sandbox.clock.now() - 3_600_000 })],
      ['content_hash_mismatch', { ...(await sign()), 'X-Content-Hash': 'a'.repeat(64) }],
      ['target_pair_incomplete', { ...(await sign()), 'X-ISPB': V3_ACCOUNTS[0]!.ispb }],
      ['missing_header', Object.fromEntries(Object.entries(await sign()).filter(([k]) => k !== 'X-Nonce'))],
    ];
    await send(replayed);
    cases.push(['nonce_replayed', replayed]);
    for (const [check, headers] of cases) {
      const res = await send(headers);
      assert.equal(res.status, 401, check);
      await openLatest(page, sandbox);
      assert.equal(await page.locator('pay-sandbox-console #failed-check').getAttribute('data-check'), check);
    }
  });

  it('shows a policy refusal with its §5.3 rule, and a validation refusal with its field', async () => {
    const platform = v3Credential('PLATFORM');
    const path = '/v3/transfers/status/check';
    const body = '{"txn_id":"txn_console_0003"}';
    await fetch(new URL(path, sandbox.url), {
      method: 'POST',
      body,
      headers: await signRequest({ method: 'POST', path, body, ...platform, timestamp: sandbox.clock.now() }),
    });
    await openLatest(page, sandbox);
    assert.match(
      (await page.locator('pay-sandbox-console #rule').textContent())!,
      /PLATFORM credentials are not accepted on account routes \(§5\.3\)/,
    );

    const refund = '/v3/refunds/pix';
    const bad = '{"original_settlement_id":"stl_x","merchant_order_id":"260101x","amount":"ten"}';
    await fetch(new URL(refund, sandbox.url), {
      method: 'POST',
      body: bad,
      headers: await signRequest({ method: 'POST', path: refund, body: bad, ...v3Credential('ACCOUNT'), timestamp: sandbox.clock.now() }),
    });
    await openLatest(page, sandbox);
    const fields = await page.locator('pay-sandbox-console #fields code').allTextContents();
    assert.ok(fields.includes('amount'), fields.join(', '));
  });

  it('adds requests live, without a reload', async () => {
    const before = await page.locator('pay-sandbox-console #rows tr').count();
    await fetch(new URL('/v3/nowhere-live', sandbox.url), { method: 'POST' });
    await rowButton(page, '/v3/nowhere-live').waitFor();
    assert.equal(await page.locator('pay-sandbox-console #rows tr').count(), before + 1);
  });

  it('shows the state and moves it: pay a QR code, settle a refund, advance the clock, reset', async () => {
    const balance = (id: string) =>
      page.locator(`pay-sandbox-console #state-accounts tr`, { hasText: id }).locator('td').nth(4).textContent();
    await page.locator('pay-sandbox-console #state-accounts').waitFor();
    const start = await balance('acc_sandbox_loja');
    assert.equal(start, '10000.00');

    // A dynamic code the loja generates; the filial pays it from the page, through the sandbox's own v3 routes.
    const generate = '/v3/qr_code/generate/dynamic';
    const qrBody = JSON.stringify({ amount: '12.34', description: 'console' });
    const generated = await fetch(new URL(generate, sandbox.url), {
      method: 'POST',
      body: qrBody,
      headers: await signRequest({
        method: 'POST',
        path: generate,
        body: qrBody,
        ...v3Credential('ACCOUNT'),
        timestamp: sandbox.clock.now(),
      }),
    });
    assert.equal(((await generated.json()) as { code: unknown }).code, 200);
    const pay = page.locator('pay-sandbox-console #state-qrCodes button', { hasText: 'as acc_sandbox_filial' }).first();
    await pay.click();
    await page.locator('pay-sandbox-console #action-status', { hasText: 'QR code paid.' }).waitFor();
    await page.locator('pay-sandbox-console #state-transfers tbody tr').first().waitFor();
    // Both calls the action made are in the log, like any backend's.
    await rowButton(page, '/v3/transfers/pix/qr-code-confirm').waitFor();

    // The clock moves and the payment completes: the loja's balance grows.
    await page.locator('pay-sandbox-console #advance-by').selectOption({ label: '5 seconds' });
    await page.locator('pay-sandbox-console #advance').click();
    await page.locator('pay-sandbox-console #state-transfers td', { hasText: '2 COMPLETED' }).first().waitFor();
    assert.notEqual(await balance('acc_sandbox_loja'), start);

    // A refund created over HTTP, settled from the page.
    const refund = '/v3/refunds/pix';
    const { merchantOrderId } = await import('../src/server/order-id.js');
    const body = JSON.stringify({
      original_settlement_id: 'stl_sandbox_inbound_fresh',
      merchant_order_id: merchantOrderId(sandbox.clock.now()),
      amount: '1.00',
    });
    const created = await fetch(new URL(refund, sandbox.url), {
      method: 'POST',
      body,
      headers: await signRequest({ method: 'POST', path: refund, body, ...v3Credential('ACCOUNT'), timestamp: sandbox.clock.now() }),
    });
    const refundId = ((await created.json()) as { data: { refund_id: string } }).data.refund_id;
    await page.locator('pay-sandbox-console #state-refunds button', { hasText: `Settle ${refundId}` }).click();
    await page.locator('pay-sandbox-console #state-refunds td', { hasText: '2 COMPLETED' }).waitFor();

    await page.locator('pay-sandbox-console #reset').click();
    await page.locator('pay-sandbox-console #action-status', { hasText: 'Back to the fixtures.' }).waitFor();
    await page.locator('pay-sandbox-console #state-refunds caption', { hasText: '(0)' }).waitFor();
    assert.equal(await balance('acc_sandbox_loja'), '10000.00');
    // The log starts over too: the reset itself is its first request.
    // (Locators, not a function in the page: the console's CSP allows no eval.)
    await page.locator('pay-sandbox-console #rows tr:first-child', { hasText: '/sandbox/actions/reset' }).waitFor();
    await page.locator('pay-sandbox-console #rows tr:nth-child(2)').waitFor({ state: 'detached' });
  });

  it('axe finds nothing: the list, a refused signature explained, the state', async () => {
    await badlySigned(sandbox, 'console0test0nonce0000000000002');
    await openLatest(page, sandbox);
    await page.locator('pay-sandbox-console #canonical').waitFor();
    assert.deepEqual(await axe(page), []);
  });

  it('works from the keyboard: Tab to a request, Enter opens it, focus moves to its details', async () => {
    await page.goto(sandbox.url);
    await rowButton(page, '/v3/transfers/status/check').waitFor();
    const inConsole = `document.activeElement?.shadowRoot?.activeElement`;
    const focused = () => page.evaluate<string | null>(`${inConsole}?.getAttribute('data-id') ?? null`);
    let id: string | null = null;
    for (let i = 0; i < 20 && id === null; i++) {
      await page.keyboard.press('Tab');
      id = await focused();
    }
    assert.ok(id, 'a request row is reachable with Tab');
    await page.keyboard.press('Enter');
    await page.locator('pay-sandbox-console #canonical').waitFor();
    assert.equal(await page.evaluate<string | undefined>(`${inConsole}?.id`), 'detail');
    // The actions too: the clock moves from the keyboard.
    const before = await page.locator('pay-sandbox-console #clock').textContent();
    await page.locator('pay-sandbox-console #advance').focus();
    await page.keyboard.press('Enter');
    await page.locator('pay-sandbox-console #clock', { hasNotText: before! }).waitFor();
  });
});
