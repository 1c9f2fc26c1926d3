/**
 * The size budget: the built script-tag file may not grow past the brotli size
 * committed in bench/size-budget.json (run `npm run build` first; `npm test`
 * does). A size check, not a timing: the same bytes on every machine.
 * `npm run bench` shows where the bytes go and how the peers compare.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { kb, measure } from '../bench/measure.js';

const budget = JSON.parse(await readFile(new URL('../bench/size-budget.json', import.meta.url), 'utf8')) as {
  file: string;
  brotliBytes: number;
  goalBrotliBytes: number;
};

test(`the script-tag file stays within the committed brotli budget`, async (t) => {
  const bytes = await readFile(new URL(`../${budget.file}`, import.meta.url));
  const sizes = measure(bytes);
  // A file this small is a broken build (an empty entry, Lit left external), not a win.
  assert.ok(sizes.raw > 10_000, `${budget.file} is only ${sizes.raw} bytes`);
  t.diagnostic(`${budget.file}: ${sizes.raw} B raw, ${sizes.gzip} B gzip, ${sizes.brotli} B brotli (budget ${budget.brotliBytes}, goal ${budget.goalBrotliBytes})`);
  assert.ok(
    sizes.brotli <= budget.brotliBytes,
    `${budget.file} is ${kb(sizes.brotli)} brotli (${sizes.brotli} B), over the budget of ${kb(budget.brotliBytes)} (${budget.brotliBytes} B) in bench/size-budget.json. ` +
      'Run `npm run bench` to see which modules grew; raise the budget only on purpose.',
  );
});

test('the script-tag file bundles Lit instead of importing it', async () => {
  const code = await readFile(new URL(`../${budget.file}`, import.meta.url), 'utf8');
  // A bare import would need an import map or a bundler on the merchant's page.
  assert.doesNotMatch(code, /\bfrom\s*["'`](lit|lit-html|lit-element|@lit\/[^"'`]+)["'`]/);
  assert.doesNotMatch(code, /\bimport\s*["'`][^./]/);
});

test('the budget file holds a byte count within the 10 KB goal', () => {
  assert.ok(Number.isInteger(budget.brotliBytes) && budget.brotliBytes > 0);
  assert.equal(budget.goalBrotliBytes, 10 * 1024);
  // Raising the budget past the goal would let the file outgrow what the README promises.
  assert.ok(budget.brotliBytes <= budget.goalBrotliBytes, `budget ${budget.brotliBytes} B is over the ${budget.goalBrotliBytes} B goal`);
});
