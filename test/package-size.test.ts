/**
 * The size budgets and goals of bench/size-budget.json: the card form's
 * script-tag file and what `import 'pay-card-form'` adds to an app that plain
 * Vite builds from the package as installed (goal 10 KB each), and the PIX
 * element's script-tag file, QR encoder included (goal 8 KB). Run `npm run
 * build` first; `npm test` does. Size checks, not timings: the same bytes on every
 * machine. `npm run bench` shows where the bytes go and how the peers compare.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { kb, measure } from '../bench/measure.js';
import { measureInstalledImport } from '../bench/installed-import.js';

interface Entry {
  brotliBytes: number;
  /** Why the goal is not met yet; absent once it is. */
  goalUnmet?: string;
}
const budget = JSON.parse(await readFile(new URL('../bench/size-budget.json', import.meta.url), 'utf8')) as {
  goalBrotliBytes: number;
  scriptTag: Entry & { file: string };
  installedImport: Entry;
  pixScriptTag: Entry & { file: string; goalBrotliBytes: number };
};
const { file } = budget.scriptTag;
const pixFile = budget.pixScriptTag.file;

// Measured once: the installed-import row builds two apps with Vite.
const cardSizes = measure(await readFile(new URL(`../${file}`, import.meta.url)));
const pixSizes = measure(await readFile(new URL(`../${pixFile}`, import.meta.url)));
const installed = await measureInstalledImport();

const ROWS = [
  { name: 'the script-tag file', entry: budget.scriptTag, goal: budget.goalBrotliBytes, brotli: cardSizes.brotli },
  {
    name: "import 'pay-card-form' in an app built by plain Vite",
    entry: budget.installedImport,
    goal: budget.goalBrotliBytes,
    brotli: installed.addedBrotli,
  },
  { name: 'the PIX script-tag file', entry: budget.pixScriptTag, goal: budget.pixScriptTag.goalBrotliBytes, brotli: pixSizes.brotli },
] as const;

const overBudget = (what: string, brotli: number, limit: number) =>
  `${what} is ${kb(brotli)} brotli (${brotli} B), over the budget of ${kb(limit)} (${limit} B) in bench/size-budget.json. ` +
  'Run `npm run bench` to see which modules grew; raise the budget only on purpose.';

test('the script-tag file is a whole build and stays within its brotli budget', (t) => {
  // A file this small is a broken build (an empty entry, Lit left external), not a win.
  assert.ok(cardSizes.raw > 10_000, `${file} is only ${cardSizes.raw} bytes`);
  t.diagnostic(
    `${file}: ${cardSizes.raw} B raw, ${cardSizes.gzip} B gzip, ${cardSizes.brotli} B brotli (budget ${budget.scriptTag.brotliBytes})`,
  );
  assert.ok(cardSizes.brotli <= budget.scriptTag.brotliBytes, overBudget(file, cardSizes.brotli, budget.scriptTag.brotliBytes));
});

test('the PIX script-tag file is a whole build and stays within its brotli budget', (t) => {
  // A file this small is a broken build (an empty entry, Lit or the QR encoder left external), not a win.
  assert.ok(pixSizes.raw > 10_000, `${pixFile} is only ${pixSizes.raw} bytes`);
  t.diagnostic(
    `${pixFile}: ${pixSizes.raw} B raw, ${pixSizes.gzip} B gzip, ${pixSizes.brotli} B brotli (budget ${budget.pixScriptTag.brotliBytes})`,
  );
  assert.ok(pixSizes.brotli <= budget.pixScriptTag.brotliBytes, overBudget(pixFile, pixSizes.brotli, budget.pixScriptTag.brotliBytes));
});

test("import 'pay-card-form' in an app built by plain Vite brings the element and stays within its brotli budget", (t) => {
  const { app, emptyApp, addedBrotli, modules } = installed;
  // The import must bring the element itself, from the built package, not an empty shell.
  assert.ok(
    modules.some((m) => /dist[\\/]element[\\/]pay-card-form\.js$/.test(m.id)),
    'the app bundle lacks dist/element/pay-card-form.js',
  );
  assert.ok(
    !modules.some((m) => /node_modules[\\/](lit-html|lit-element)[\\/]/.test(m.id)),
    'lit-html or LitElement entered the app bundle',
  );
  t.diagnostic(
    `app ${app.brotli} B brotli, empty app ${emptyApp.brotli} B, the import adds ${addedBrotli} B (budget ${budget.installedImport.brotliBytes})`,
  );
  assert.ok(
    addedBrotli <= budget.installedImport.brotliBytes,
    overBudget("import 'pay-card-form'", addedBrotli, budget.installedImport.brotliBytes),
  );
});

test('the script-tag files bundle Lit (and the QR encoder) instead of importing them', async () => {
  for (const path of [file, pixFile]) {
    const code = await readFile(new URL(`../${path}`, import.meta.url), 'utf8');
    // A bare import would need an import map or a bundler on the merchant's page.
    assert.doesNotMatch(code, /\bfrom\s*["'`](lit|lit-html|lit-element|@lit\/[^"'`]+|lean-qr[^"'`]*)["'`]/, path);
    assert.doesNotMatch(code, /\bimport\s*["'`][^./]/, path);
  }
});

// The goals themselves. A goal the entry declares unmet (`goalUnmet`) is an
// open to-do: still checked every run, reported in the summary, not failing
// the suite; the next test makes sure that note goes once the goal is met.
for (const { name, entry, goal, brotli } of ROWS) {
  test(`${name} is within its ${kb(goal)} goal`, entry.goalUnmet ? { todo: entry.goalUnmet } : {}, () => {
    assert.ok(brotli <= goal, `${brotli} B brotli, over the ${goal} B goal by ${brotli - goal} B`);
  });
}

test('a budget stays within its goal, unless the goal is declared unmet and really is', () => {
  assert.equal(budget.goalBrotliBytes, 10 * 1024);
  assert.equal(budget.pixScriptTag.goalBrotliBytes, 8 * 1024);
  for (const { name, entry, goal, brotli } of ROWS) {
    assert.ok(Number.isInteger(entry.brotliBytes) && entry.brotliBytes > 0, name);
    if (entry.goalUnmet) {
      // Once the file meets its goal, the note and the raised budget must go.
      assert.ok(brotli > goal, `${name} is ${brotli} B, within the ${goal} B goal: remove goalUnmet and lower the budget to the goal`);
    } else {
      // Raising a budget past the goal would let the package outgrow what the README promises.
      assert.ok(entry.brotliBytes <= goal, `${name}: budget ${entry.brotliBytes} B is over the ${goal} B goal`);
    }
  }
});
