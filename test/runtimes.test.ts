/**
 * The server helper in every JavaScript backend it claims (docs/server.md):
 * one suite (test/runtimes/suite.ts), bundled once by esbuild for a neutral
 * platform (a `node:` import would fail the build), run by the real Node,
 * Deno, Bun and workerd binaries installed from npm, each against its own
 * sandbox on loopback. Every runtime must answer exactly what Node answers,
 * and Node's answer is checked against the vectors and the sandbox's rules.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { v3Credential } from '../src/sandbox/v3/fixtures.js';
import { SANDBOX_ADMIN_TOKEN } from '../src/sandbox/routes/clock-control.js';
import type { SigningVectors, SuiteConfig } from './runtimes/suite.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const signing = JSON.parse(await readFile(join(root, 'src/server/signing.vectors.json'), 'utf8')) as SigningVectors;
/** Always in the future, so the suite never ages into failure. */
const FUTURE_YEAR = String(new Date().getFullYear() + 5);

type Results = Record<string, unknown>;
/** Each runtime: how it runs the bundled suite against one sandbox. */
const RUNTIMES: Record<string, (files: Bundle, config: SuiteConfig) => Promise<Results>> = {
  node: (files, config) => script(process.execPath, [files.cli, JSON.stringify(config)]),
  deno: (files, config) =>
    script(bin('deno'), ['run', '--no-prompt', '--no-config', '--allow-net=127.0.0.1', files.cli, JSON.stringify(config)]),
  bun: (files, config) => script(bin('bun'), [files.cli, JSON.stringify(config)]),
  workerd: async (files, config) => {
    // No `nodejs_compat` flag: no `node:` modules and no Buffer, as on a default Worker.
    const mf = new Miniflare({
      modules: true,
      modulesRoot: dirname(files.worker),
      scriptPath: files.worker,
      compatibilityDate: '2025-09-01',
    });
    try {
      const response = await mf.dispatchFetch('http://suite.local/', { method: 'POST', body: JSON.stringify(config) });
      assert.equal(response.status, 200, await response.clone().text());
      return (await response.json()) as Results;
    } finally {
      await mf.dispose();
    }
  },
};

interface Bundle {
  cli: string;
  worker: string;
}

async function script(command: string, args: string[]): Promise<Results> {
  const { stdout } = await run(command, args, {
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Results;
}

describe('the server helper in Node, Deno, Bun and workerd', () => {
  let dir: string;
  const sandboxes: Sandbox[] = [];
  const results = new Map<string, Promise<Results>>();

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pay-card-form-runtimes-'));
    const bundled = await build({
      entryPoints: { cli: join(root, 'test/runtimes/cli-entry.ts'), worker: join(root, 'test/runtimes/worker-entry.ts') },
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(bundled.metafile.inputs);
    assert.deepEqual(
      inputs.filter((input) => input.startsWith('node:') || input.includes('src/sandbox/')),
      [],
      'the suite bundles without Node modules or the sandbox',
    );
    const files: Bundle = { cli: join(dir, 'cli.mjs'), worker: join(dir, 'worker.mjs') };
    const { clientId, secret } = v3Credential('ACCOUNT');
    for (const [name, runIn] of Object.entries(RUNTIMES)) {
      const sandbox = await createSandbox();
      sandboxes.push(sandbox);
      const config: SuiteConfig = {
        baseUrl: sandbox.url,
        credential: { clientId, secret, kind: 'ACCOUNT' },
        publicKey: MERCHANTS[0]!.publicKey,
        secretKey: MERCHANTS[0]!.secretKey,
        card: { number: '4111111111111111', holderName: 'Ana Silva', expirationMonth: '12', expirationYear: FUTURE_YEAR, cvv: '123' },
        signing,
        adminToken: SANDBOX_ADMIN_TOKEN,
      };
      const pending = runIn(files, config);
      // Read in the tests below; a rejection here must not go unhandled before then.
      pending.catch(() => {});
      results.set(name, pending);
    }
    await Promise.allSettled(results.values());
  });
  after(async () => {
    await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('node: the vectors of docs/signing.md and the sandbox’s answers', async () => {
    const node = await results.get('node')!;
    const vectors = node['signing vectors'] as {
      contentHash: string;
      canonical: string;
      signature: string;
      signatureWithKey: string;
      sameHashFromBytes: boolean;
      headers: Record<string, string>;
    }[];
    assert.equal(vectors.length, signing.vectors.length);
    signing.vectors.forEach((expected, i) => {
      const got = vectors[i]!;
      assert.equal(got.contentHash, expected.contentHash, expected.name);
      assert.equal(got.canonical, expected.canonical, expected.name);
      assert.equal(got.signature, expected.signature, expected.name);
      assert.equal(got.signatureWithKey, expected.signature, expected.name);
      assert.equal(got.sameHashFromBytes, true, expected.name);
      assert.equal(got.headers['X-Signature'], expected.signature, expected.name);
      assert.equal(got.headers['X-Nonce'], expected.input.nonce, expected.name);
    });
    assert.deepEqual(node['random values'], {
      nonce: true,
      merchantOrderId: true,
      basicAuthorization: `Basic ${Buffer.from(`${MERCHANTS[0]!.secretKey}:`).toString('base64')}`,
    });
    assert.deepEqual(node['v3 create'], { txn_status: 1, fields: ['amount', 'created_at', 'memo', 'txn_id', 'txn_status'] });
    assert.deepEqual(node['v3 read'], { fields: ['txn_status'], known: true });
    assert.deepEqual(node['v3 business error'], { name: 'BusinessError', instance: true, family: true, code: 'not_found' });
    assert.deepEqual(node.waitForTransfer, { final: 2, isFinal: true, seenInLifecycleOrder: true, lastSeen: 2 });
    assert.deepEqual(node.tokenize, {
      brand: 'visa',
      lastFourDigits: '1111',
      firstSixDigits: '411111',
      expirationMonth: '12',
      expirationYear: FUTURE_YEAR,
      tokenIsText: true,
    });
    const charge = node.charge as { status: unknown; amount: unknown; taxIdSent: unknown };
    assert.deepEqual([charge.status, charge.amount, charge.taxIdSent], ['approved', 15990, '12345678909']);
    assert.deepEqual(node.checkout, {
      'card 6x': {
        status: 200,
        outcome: 'approved',
        totalIsThePlans: true,
        replay: 'already_paid',
        charges: 1,
        onPaid: [['card', 'o-card', true]],
      },
      'paid order': 'already_paid',
      declined: [402, 'card_declined', 'The card was declined. Try another card or pay with Pix.'],
      'front door': [415, 413, 400, 405],
      pix: {
        status: 200,
        amount: '45.90',
        pending: { status: 'pending' },
        paid: { status: 'paid' },
        again: { status: 'paid' },
        onPaid: [['o-pix', 4590]],
      },
      'forged reference': {
        answer: { error: 'invalid_reference', message: 'Este código Pix não é válido. Gere um novo código.' },
        requestsToTheService: 0,
      },
      expired: { status: 'expired' },
      'hung order()': {
        card: [500, 'internal_error'],
        again: [500, 'internal_error'],
        pix: [500, 'internal_error'],
        heard: ['card order TimeoutError', 'card order TimeoutError', 'pix order TimeoutError'],
      },
    });
  });

  for (const name of Object.keys(RUNTIMES).filter((name) => name !== 'node')) {
    it(`${name}: every result identical to Node's`, async () => {
      assert.deepEqual(await results.get(name)!, await results.get('node')!);
    });
  }
});
