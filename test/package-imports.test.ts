/**
 * What each entry point drags in, checked on the built files (run
 * `npm run build` first; `npm test` does). A server or a worker importing
 * `pay-card-form/core` or `pay-card-form/server` must get no Lit and no DOM
 * code, and a bundler must be able to drop what a page does not use.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build, type Metafile } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Bundles `source` (resolved from the package root) and returns what went in and the minified output. */
async function bundle(source: string, platform: 'node' | 'browser') {
  const result = await build({
    stdin: { contents: source, resolveDir: root, sourcefile: 'entry.js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform,
    write: false,
    metafile: true,
    logLevel: 'silent',
    // The server entry's own dependencies (hono, zod) are not the question here.
    packages: platform === 'node' ? 'external' : undefined,
  });
  return { inputs: Object.keys((result.metafile as Metafile).inputs), text: result.outputFiles[0]!.text, metafile: result.metafile };
}

for (const [entry, file] of [
  ['pay-card-form/core', './dist/core.js'],
  ['pay-card-form/server', './dist/server/index.js'],
] as const) {
  test(`${entry} pulls in neither Lit nor the element nor DOM globals`, async () => {
    const { inputs, text, metafile } = await bundle(`export * from '${file}';`, 'node');
    // With packages external, a bare import shows up in the imports of some input, not as an input.
    const bare = Object.values(metafile.inputs).flatMap((i) => i.imports.filter((imp) => imp.external).map((imp) => imp.path));
    assert.deepEqual(
      bare.filter((p) => /^(lit|lit-html|lit-element|@lit\/)/.test(p)),
      [],
      'no Lit import',
    );
    assert.deepEqual(
      inputs.filter((p) => /(^|\/)(lit|lit-html|lit-element|@lit)\//.test(p) || p.includes('dist/element/')),
      [],
      'no Lit or element module',
    );
    assert.ok(inputs.length > 1, 'the entry was followed');
    // A DOM global used as an object (`document.x`, `customElements.define`); prose in strings ends a sentence instead.
    assert.deepEqual(text.match(/\b(customElements|HTMLElement|document|window|shadowRoot)\.\w/g) ?? [], [], 'DOM globals in use');
  });
}

test('pay-card-form/core tree-shakes: one pure helper costs no tokenize client', async () => {
  const { text } = await bundle(`export { detectBrand } from './dist/core.js';`, 'browser');
  assert.ok(text.length > 0);
  // The tokenize client's endpoint and error classes must be gone.
  assert.ok(!text.includes('/v1/tokens'), 'tokenize client kept');
  assert.ok(!text.includes('AuthenticationError'), 'error classes kept');
});

test('sideEffects keeps the element registration of the main entry', async () => {
  const { text, inputs } = await bundle(`import './dist/index.js';`, 'browser');
  assert.ok(text.includes('customElements.define'), 'the define call was dropped');
  assert.ok(
    inputs.some((p) => p.includes('node_modules/@lit/reactive-element/')),
    'Lit is bundled with the element',
  );
  // The element renders no templates: an app that imports it gets no template engine either.
  assert.deepEqual(
    inputs.filter((p) => /node_modules\/(lit|lit-html|lit-element)\//.test(p)),
    [],
    'lit-html or LitElement bundled',
  );
});

test('each module <pay-checkout> loads for its effect keeps that effect in a bundler that honours sideEffects', async () => {
  // The checkout's loaders read no export of what they import: a bundler may drop a module declared free of side
  // effects whose exports go unread, and the element it would define with it (a blank card panel, with nothing said).
  const checkout = await readFile(new URL('../dist/checkout.js', import.meta.url), 'utf8');
  const loaded = [...checkout.matchAll(/import\('(\.\/[\w-]+\.js)'\)/g)].map(([, path]) => path!);
  assert.deepEqual(loaded.sort(), ['./pix.js', './script-tag.js'], 'the loaders this test knows');
  for (const [path, tag] of [
    ['./script-tag.js', 'pay-card-form'],
    ['./pix.js', 'pay-pix-qr'],
  ] as const) {
    // Imported for its effect alone, as the loader does: an unused import is the case a bundler may drop.
    const { text } = await bundle(`import './dist/${path.slice(2)}';`, 'browser');
    assert.ok(text.includes(`customElements.define("${tag}"`) || text.includes(`customElements.define(\`${tag}\``), `${path} kept ${tag}`);
  }
});
