/**
 * The tarball a merchant installs, as `npm pack` would build it (run
 * `npm run build` first; `npm test` does), and the metadata registries show.
 * One test packs a fresh clone instead, where `dist/` does not exist yet.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));

/** Every string leaf of an exports map entry (`types`, `default`, or a bare path). */
function targets(entry: unknown): string[] {
  if (typeof entry === 'string') return [entry];
  return entry && typeof entry === 'object' ? Object.values(entry).flatMap(targets) : [];
}

test('npm pack ships the built package and docs, and no tests, demo, sources or source maps', async () => {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root });
  const files: string[] = JSON.parse(stdout)[0].files.map((f: { path: string }) => f.path);
  const unwanted = files.filter(
    (f) => /\.test\.|test-helpers|\.map$/.test(f) || /^(demo|test|bench|src|\.ci)\//.test(f) || /(^|\/)tsconfig/.test(f),
  );
  assert.deepEqual(unwanted, []);
  for (const required of [
    'package.json',
    'README.md',
    'CHANGELOG.md',
    'custom-elements.json',
    'dist/pay-card-form.js',
    'dist/pay-card-form.iife.js',
  ]) {
    assert.ok(files.includes(required), `${required} is missing from the tarball`);
  }
  // Every path the exports map, bin, unpkg and customElements point at is in the tarball.
  const pointed = [...targets(pkg.exports), ...targets(pkg.bin), pkg.main, pkg.types, pkg.unpkg, pkg.customElements];
  const missing = pointed.map((p: string) => p.replace(/^\.\//, '')).filter((p: string) => !files.includes(p));
  assert.deepEqual(missing, []);
});

test('every export subpath has its own type declarations', () => {
  for (const subpath of ['.', './core', './server', './sandbox', './react', './pix', './checkout', './react-pix', './react-checkout']) {
    const entry = pkg.exports[subpath];
    assert.match(entry?.types ?? '', /\.d\.ts$/, `${subpath} has types`);
    // TypeScript picks the first matching condition, so `types` must come before `default`.
    assert.equal(Object.keys(entry)[0], 'types', `${subpath} lists types first`);
  }
});

test('package metadata: engines, license, repository, keywords, side effects', () => {
  assert.match(pkg.engines?.node ?? '', /^>=\s*20/);
  assert.equal(pkg.license, 'MIT');
  assert.match(pkg.repository?.url ?? '', /^git\+https:\/\/.+\.git$/);
  assert.ok(Array.isArray(pkg.keywords) && pkg.keywords.includes('web-component'), 'keywords');
  assert.equal(pkg.type, 'module');
  // Only files that register an element have side effects (script-tag.js by what it imports, for the checkout's
  // loader); everything else can be tree-shaken.
  assert.deepEqual([...pkg.sideEffects].filter((f: string) => f.startsWith('./dist/')).sort(), [
    './dist/checkout.js',
    './dist/index.js',
    './dist/pay-card-form.iife.js',
    './dist/pay-card-form.js',
    './dist/pay-checkout.js',
    './dist/pay-pix-qr.iife.js',
    './dist/pay-pix-qr.js',
    './dist/pix.js',
    './dist/script-tag.js',
  ]);
});

/**
 * A clean clone has no `dist/`: `prepack` must build it, or `npm publish`
 * would ship a package with nothing behind its exports. The clone holds what
 * is committed (HEAD), so uncommitted changes are not part of this check; it
 * borrows this checkout's node_modules instead of installing.
 */
test('npm pack on a clean clone builds dist/ first and ships every file the exports map points at', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pay-card-form-clone-'));
  try {
    const { stdout: head } = await run('git', ['rev-parse', 'HEAD'], { cwd: root });
    await run('git', ['clone', '--quiet', '--no-checkout', root, dir]);
    await run('git', ['checkout', '--quiet', head.trim()], { cwd: dir });
    await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json'], { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
    const files: string[] = JSON.parse(stdout)[0].files.map((f: { path: string }) => f.path);
    const pointed = [...targets(pkg.exports), ...targets(pkg.bin), pkg.main, pkg.types, pkg.unpkg];
    const missing = pointed.map((p: string) => p.replace(/^\.\//, '')).filter((p: string) => !files.includes(p));
    assert.deepEqual(missing, []);
    assert.ok(files.includes('dist/pay-card-form.iife.js'), 'the classic script-tag file is missing');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
