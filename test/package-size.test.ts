/**
 * The size budgets of bench/size-budget.json: the card form's script-tag
 * file and what `import 'pay-card-form'` adds to an app that plain Vite builds
 * from the package as installed, both within the 10 KB goal; and the PIX
 * element's script-tag file, QR encoder included, within its 8 KB goal (run
 * `npm run build` first; `npm test` does). Size checks, not timings: the same bytes on every
 * machine. `npm run bench` shows where the bytes go and how the peers compare.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { kb, measure } from '../bench/measure.js';
import { measureInstalledImport } from '../bench/installed-import.js';

const budget = JSON.parse(await readFile(new URL('../bench/size-budget.json', import.meta.url), 'utf8')) as {
  goalBrotliBytes: number;
  scriptTag: { file: string; brotliBytes: number };
  installedImport: { brotliBytes: number };
  pixScriptTag: { file: string; goalBrotliBytes: number; brotliBytes: number };
};
const { file } = budget.scriptTag;
const pixFile = budget.pixScriptTag.file;

const overBudget = (what: string, brotli: number, limit: number) =>
  `${what} is ${kb(brotli)} brotli (${brotli} B), over the budget of ${kb(limit)} (${limit} B) in bench/size-budget.json. ` +
  'Run `npm run bench` to see which modules grew; raise the budget only on purpose.';

test('the script-tag file stays within its brotli budget', async (t) => {
  const sizes = measure(await readFile(new URL(`../${file}`, import.meta.url)));
  // A file this small is a broken build (an empty entry, Lit left external), not a win.
  assert.ok(sizes.raw > 10_000, `${file} is only ${sizes.raw} bytes`);
  t.diagnostic(`${file}: ${sizes.raw} B raw, ${sizes.gzip} B gzip, ${sizes.brotli} B brotli (budget ${budget.scriptTag.brotliBytes})`);
  assert.ok(sizes.brotli <= budget.scriptTag.brotliBytes, overBudget(file, sizes.brotli, budget.scriptTag.brotliBytes));
});

test('the PIX script-tag file stays within its brotli budget', async (t) => {
  const sizes = measure(await readFile(new URL(`../${pixFile}`, import.meta.url)));
  // A file this small is a broken build (an empty entry, Lit or the QR encoder left external), not a win.
  assert.ok(sizes.raw > 10_000, `${pixFile} is only ${sizes.raw} bytes`);
  t.diagnostic(`${pixFile}: ${sizes.raw} B raw, ${sizes.gzip} B gzip, ${sizes.brotli} B brotli (budget ${budget.pixScriptTag.brotliBytes})`);
  assert.ok(sizes.brotli <= budget.pixScriptTag.brotliBytes, overBudget(pixFile, sizes.brotli, budget.pixScriptTag.brotliBytes));
});

test("import 'pay-card-form' in an app built by plain Vite stays within its brotli budget", async (t) => {
  const { app, emptyApp, addedBrotli, modules } = await measureInstalledImport();
  // The import must bring the element itself, from the built package, not an empty shell.
  assert.ok(
    modules.some((m) => /dist[\\/]element[\\/]pay-card-form\.js$/.test(m.id)),
    'the app bundle lacks dist/element/pay-card-form.js',
  );
  assert.ok(!modules.some((m) => /node_modules[\\/](lit-html|lit-element)[\\/]/.test(m.id)), 'lit-html or LitElement entered the app bundle');
  t.diagnostic(`app ${app.brotli} B brotli, empty app ${emptyApp.brotli} B, the import adds ${addedBrotli} B (budget ${budget.installedImport.brotliBytes})`);
  assert.ok(addedBrotli <= budget.installedImport.brotliBytes, overBudget("import 'pay-card-form'", addedBrotli, budget.installedImport.brotliBytes));
});

test('the script-tag files bundle Lit (and the QR encoder) instead of importing them', async () => {
  for (const path of [file, pixFile]) {
    const code = await readFile(new URL(`../${path}`, import.meta.url), 'utf8');
    // A bare import would need an import map or a bundler on the merchant's page.
    assert.doesNotMatch(code, /\bfrom\s*["'`](lit|lit-html|lit-element|@lit\/[^"'`]+|lean-qr[^"'`]*)["'`]/, path);
    assert.doesNotMatch(code, /\bimport\s*["'`][^./]/, path);
  }
});

test('the budgets hold byte counts within their goals: 10 KB for the card form, 8 KB for PIX', () => {
  assert.equal(budget.goalBrotliBytes, 10 * 1024);
  assert.equal(budget.pixScriptTag.goalBrotliBytes, 8 * 1024);
  for (const [name, limit, goal] of [
    ['scriptTag', budget.scriptTag.brotliBytes, budget.goalBrotliBytes],
    ['installedImport', budget.installedImport.brotliBytes, budget.goalBrotliBytes],
    ['pixScriptTag', budget.pixScriptTag.brotliBytes, budget.pixScriptTag.goalBrotliBytes],
  ] as const) {
    assert.ok(Number.isInteger(limit) && limit > 0, name);
    // Raising a budget past the goal would let the package outgrow what the README promises.
    assert.ok(limit <= goal, `${name} budget ${limit} B is over the ${goal} B goal`);
  }
});
