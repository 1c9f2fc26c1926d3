/**
 * Error names survive minification. An app that bundles `pay-card-form/core`
 * or `pay-card-form/server` with a minifier renames every class; `error.name`
 * must still say which error it is, because that is what logs and
 * `switch (error.name)` read. Each entry is bundled from source with esbuild
 * `minify: true`, loaded, and every exported error class is constructed.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

type ErrorClass = new (...args: never[]) => Error;
type Module = Record<string, unknown>;

/** Arguments that build one instance of each exported error class. */
const SAMPLE_ARGS: Record<string, unknown[]> = {
  PayCardError: ['x'],
  ConfigurationError: ['x'],
  NetworkError: ['x'],
  TimeoutError: ['x', { timeoutMs: 1 }],
  FrameError: ['x', { reason: 'unreachable', url: 'x' }],
  ValidationError: ['card.cvv', 'required'],
  AuthenticationError: ['x'],
  ApiError: [4002, 'x', 422],
  BrCodeError: ['crc_mismatch'],
  InstallmentConfigError: ['monthlyRate', 'x'],
  RequestValidationError: [[{ field: 'amount', message: 'x' }], 'refunds.create'],
  InstallmentPlanError: [[{ field: 'amount', message: 'x' }]],
  CredentialPolicyError: ['x'],
  RequestAbortedError: ['x'],
  HttpStatusError: ['x', { status: 500 }],
  SignatureRejectedError: ['x', { status: 401 }],
  PermissionDeniedError: ['x', { status: 403 }],
  MalformedResponseError: ['x', { status: 200 }],
  ChargeOutcomeUnknownError: ['x', { status: 200 }],
  BusinessError: [400, 'x', {}],
  WaitTimeoutError: ['x', {}],
};

const root = fileURLToPath(new URL('..', import.meta.url));
let outdir: string;
const bundles: Record<'core' | 'server', Module> = { core: {}, server: {} };

/** Bundles one source entry, minified, and imports the result. */
async function load(entry: string, name: string): Promise<Module> {
  const outfile = join(outdir, `${name}.mjs`);
  await build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    logLevel: 'silent',
  });
  return (await import(pathToFileURL(outfile).href)) as Module;
}

function errorClasses(mod: Module): [string, ErrorClass][] {
  return Object.entries(mod).filter(
    (entry): entry is [string, ErrorClass] => typeof entry[1] === 'function' && entry[1].prototype instanceof Error,
  );
}

function instance(mod: Module, exported: string): Error {
  const args = SAMPLE_ARGS[exported];
  assert.ok(args, `${exported}: add sample constructor arguments to this test`);
  return new (mod[exported] as ErrorClass)(...(args as never[]));
}

describe('error names in minified bundles', () => {
  before(async () => {
    outdir = await mkdtemp(join(tmpdir(), 'pay-card-form-error-names-'));
    bundles.core = await load('src/core.ts', 'core');
    bundles.server = await load('src/server/index.ts', 'server');
  });
  after(() => rm(outdir, { recursive: true, force: true }));

  for (const [entry, key] of [
    ['pay-card-form/core', 'core'],
    ['pay-card-form/server', 'server'],
  ] as const) {
    it(`${entry}: every exported error's name is its export name`, () => {
      const classes = errorClasses(bundles[key]);
      assert.ok(classes.length >= 7, `found only ${classes.map(([name]) => name).join(', ')}`);
      // The minifier did rename the classes, so a name read from the constructor would be wrong.
      assert.ok(
        classes.some(([exported, Class]) => Class.name !== exported),
        'the bundle kept class names, so this test would prove nothing',
      );
      for (const [exported] of classes) {
        const error = instance(bundles[key], exported);
        assert.equal(error.name, exported, `${exported} is named "${error.name}"`);
        assert.equal(String(error).startsWith(`${exported}: `), true, String(error));
      }
    });
  }

  it('both entries share one family: same names, TimeoutError is a NetworkError, one guard', () => {
    const { core, server } = bundles;
    for (const shared of ['PayCardError', 'ConfigurationError', 'NetworkError', 'TimeoutError']) {
      assert.ok(shared in core && shared in server, `${shared} is exported by both`);
    }
    for (const mod of [core, server]) {
      const timeout = instance(mod, 'TimeoutError');
      assert.ok(timeout instanceof (mod.NetworkError as ErrorClass));
      assert.ok(timeout instanceof (mod.PayCardError as ErrorClass));
    }
    // The two bundles are two copies of the package: instanceof fails across them, the guard does not.
    const guard = (mod: Module) => (mod.PayCardError as unknown as { isPayCardError(value: unknown): boolean }).isPayCardError;
    assert.equal(instance(core, 'TimeoutError') instanceof (server.NetworkError as ErrorClass), false);
    assert.equal(guard(server)(instance(core, 'TimeoutError')), true);
    assert.equal(guard(core)(instance(server, 'BusinessError')), true);
    assert.equal(guard(core)(new Error('x')), false);
  });
});
