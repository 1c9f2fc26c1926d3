/**
 * The size budgets and goals of bench/size-budget.json, in brotli bytes of
 * what a page loads, file by file, from the build output (bench/page-loads.ts):
 *
 * - the card form in isolated mode (the default): the merchant page's script
 *   (goal 3 KB) and the frame the tokenization origin serves (goal 12 KB);
 * - the card form inline, and its classic script (goal 10 KB each, the card
 *   form's goal before it had a frame);
 * - what `import 'pay-card-form'` adds to what an app that plain Vite builds
 *   from the package as installed loads at once (goal 3 KB, as the page);
 * - the PIX element's script-tag file, QR encoder included (goal 8 KB);
 * - `<pay-checkout>`'s script-tag file: what a page that opens it on the card
 *   loads (goal: the isolated page's plus 2 KB), and what choosing Pix adds
 *   (goal 8 KB, the PIX element's own).
 *
 * Run `npm run build` first; `npm test` does. Size checks, not timings: the
 * same bytes on every machine. `npm run bench` shows where the bytes go and
 * how the peers compare.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { kb } from '../bench/measure.js';
import { measureInstalledImport } from '../bench/installed-import.js';
import {
  lazyFiles,
  measureCheckout,
  measureOptIn,
  measurePageLoad,
  ON_OVERRIDES,
  OPT_IN,
  WAYS,
  whenNeeded,
  type WayName,
} from '../bench/page-loads.js';

interface Entry {
  brotliBytes: number;
  goalBrotliBytes: number;
  /** Why the goal is not met yet; absent once it is. */
  goalUnmet?: string;
}
type RowName = WayName | 'installedImport' | 'checkoutCardPage' | 'checkoutPaying' | 'checkoutPix';
const budget = JSON.parse(await readFile(new URL('../bench/size-budget.json', import.meta.url), 'utf8')) as Record<RowName, Entry>;

/** The goals the issues set. Pinned here, so editing the budget file cannot move one. */
const GOALS: Record<RowName, number> = {
  isolatedPage: 3 * 1024,
  frame: 12 * 1024,
  inlinePage: 10 * 1024,
  classicScript: 10 * 1024,
  installedImport: 3 * 1024,
  pixScriptTag: 8 * 1024,
  // Issue 28: the checkout opened on the card costs at most 2 KB more than the card form alone.
  checkoutCardPage: 3 * 1024 + 2 * 1024,
  checkoutPaying: 3 * 1024,
  checkoutPix: 8 * 1024,
};

// Measured once: the installed-import row builds two apps with Vite.
const loads = Object.fromEntries((Object.keys(WAYS) as WayName[]).map((name) => [name, measurePageLoad(name)])) as Record<
  WayName,
  ReturnType<typeof measurePageLoad>
>;
const installed = await measureInstalledImport();
const checkout = measureCheckout();

const ROWS: { name: string; key: RowName; brotli: number }[] = [
  {
    name: 'the isolated page (dist/pay-card-form.js and its static imports)',
    key: 'isolatedPage',
    brotli: loads.isolatedPage.total.brotli,
  },
  { name: 'the frame (dist/card-frame/card.html and its scripts)', key: 'frame', brotli: loads.frame.total.brotli },
  { name: 'the inline page (the isolated page and the inline form)', key: 'inlinePage', brotli: loads.inlinePage.total.brotli },
  { name: 'the classic script (dist/pay-card-form.iife.js)', key: 'classicScript', brotli: loads.classicScript.total.brotli },
  { name: "import 'pay-card-form' in an app built by plain Vite", key: 'installedImport', brotli: installed.addedBrotli },
  { name: 'the PIX script-tag file (dist/pay-pix-qr.js)', key: 'pixScriptTag', brotli: loads.pixScriptTag.total.brotli },
  {
    name: '<pay-checkout> opened on the card (dist/pay-checkout.js and the card chunk)',
    key: 'checkoutCardPage',
    brotli: checkout.cardPage.total.brotli,
  },
  { name: "<pay-checkout>'s payment code, once the card is filled in", key: 'checkoutPaying', brotli: checkout.payingAdds.total.brotli },
  { name: "<pay-checkout>'s Pix chunk and payment code, once Pix is chosen", key: 'checkoutPix', brotli: checkout.pixAdds.total.brotli },
];

const overBudget = (what: string, brotli: number, limit: number) =>
  `${what} is ${kb(brotli)} brotli (${brotli} B), over the budget of ${kb(limit)} (${limit} B) in bench/size-budget.json. ` +
  'Run `npm run bench` to see which modules grew; raise the budget only on purpose.';

test('every row is a whole build', () => {
  for (const name of Object.keys(WAYS) as WayName[]) {
    // This little is a broken build (an empty entry, Lit or the QR encoder left external), not a win.
    assert.ok(loads[name].total.raw > 10_000, `${name}: ${WAYS[name].entry} loads only ${loads[name].total.raw} bytes`);
  }
  // The frame's page loads its script: a page alone would measure a few hundred bytes.
  assert.ok(loads.frame.files.length >= 2, `${WAYS.frame.entry} loads no script`);
});

test('the isolated page leaves the inline form out, and the inline page adds it', () => {
  const isolated = loads.isolatedPage.files.map((f) => f.path);
  const inline = loads.inlinePage.files.map((f) => f.path);
  const onDemand = lazyFiles('isolatedPage')
    .map((f) => f.path)
    .filter((path) => !whenNeeded(path));
  // Vite names a chunk split off at a dynamic import after the module imported.
  assert.ok(
    onDemand.some((path) => /^chunks\/inline-surface-[\w-]+\.js$/.test(path)),
    `dist/pay-card-form.js imports no inline-surface chunk on demand (it imports ${onDemand.join(', ') || 'nothing'})`,
  );
  assert.ok(!isolated.some((path) => path.includes('inline-surface')), `the isolated page loads ${isolated.join(', ')}`);
  assert.deepEqual(inline, [...isolated, ...onDemand]);
});

test("the frame's failure diagnosis loads on demand, on its own: no page that shows the form loads it", async () => {
  const diagnosis = /^chunks\/frame-diagnosis-[\w-]+\.js$/;
  const onDemand = lazyFiles('isolatedPage').map((f) => f.path);
  const chunk = onDemand.find((path) => diagnosis.test(path));
  assert.ok(chunk, `dist/pay-card-form.js imports no frame-diagnosis chunk on demand (it imports ${onDemand.join(', ') || 'nothing'})`);
  // Inline mode has no frame to fail: neither row counts it.
  for (const name of ['isolatedPage', 'inlinePage'] as const) {
    const counted = loads[name].files.map((f) => f.path);
    assert.ok(!counted.some((path) => diagnosis.test(path)), `${name} counts ${counted.join(', ')}`);
  }
  // It imports nothing: a module it shared with the page would be split off the page's script into one more file to load.
  const code = await readFile(new URL(`../dist/${chunk}`, import.meta.url), 'utf8');
  assert.doesNotMatch(code, /\bimport\s*[{*\w]|\bfrom\s*["'`]/, `${chunk} imports another file`);
  // An app's bundler splits it off too, at the element's dynamic import: what the app loads at once leaves it out.
  assert.ok(
    !installed.modules.some((m) => /dist[\\/]element[\\/]frame-diagnosis\.js$/.test(m.id)),
    "import 'pay-card-form' loads the frame's diagnosis at once",
  );
  const onDemandSource = await readFile(new URL('../dist/element/diagnosis-on-demand.js', import.meta.url), 'utf8');
  assert.match(
    onDemandSource,
    /\bimport\(\s*["'`]\.\/frame-diagnosis\.js["'`]\s*\)/,
    'the element no longer imports its diagnosis on demand',
  );
});

test('the checks of messages and --pay-* values load on demand, on their own: no row counts them', async () => {
  const chunk = lazyFiles('isolatedPage')
    .map((f) => f.path)
    .find((path) => ON_OVERRIDES.test(path));
  assert.ok(chunk, 'dist/pay-card-form.js imports no override-checks chunk on demand');
  for (const name of ['isolatedPage', 'inlinePage'] as const) {
    const counted = loads[name].files.map((f) => f.path);
    assert.ok(!counted.some((path) => ON_OVERRIDES.test(path)), `${name} counts ${counted.join(', ')}`);
  }
  // It imports nothing: a module it shared with the page would be split off the page's script into one more file to load.
  const code = await readFile(new URL(`../dist/${chunk}`, import.meta.url), 'utf8');
  assert.doesNotMatch(code, /\bimport\s*[{*\w]|\bfrom\s*["'`]/, `${chunk} imports another file`);
  assert.ok(
    !installed.modules.some((m) => /dist[\\/]element[\\/]override-checks\.js$/.test(m.id)),
    "import 'pay-card-form' loads the checks of overrides at once",
  );
});

test('Parcelas and the document load only where they are turned on: on demand, in the frame and inline, and in no row', async () => {
  for (const name of ['frame', 'inlinePage'] as const) {
    const extra = measureOptIn(name).files.map((f) => f.path);
    assert.ok(
      extra.some((path) => OPT_IN.test(path)),
      `${WAYS[name].entry} imports no purchase-fields chunk on demand (${extra.join(', ')})`,
    );
  }
  for (const name of Object.keys(WAYS) as WayName[]) {
    const counted = loads[name].files.map((f) => f.path);
    assert.ok(!counted.some((path) => OPT_IN.test(path)), `${name} counts ${counted.join(', ')}`);
  }
  // The classic script is one file, which could only carry them inline: it must not (the frame does).
  const classic = await readFile(new URL(`../dist/${WAYS.classicScript.entry}`, import.meta.url), 'utf8');
  assert.ok(!classic.includes('Parcelas') && !classic.includes('installmentOptions'), 'the classic script carries the Parcelas code');
});

for (const { name, key, brotli } of ROWS) {
  test(`${name} stays within its brotli budget`, (t) => {
    const limit = budget[key].brotliBytes;
    if (key !== 'installedImport') {
      const { files, total } =
        key === 'checkoutCardPage'
          ? checkout.cardPage
          : key === 'checkoutPaying'
            ? checkout.payingAdds
            : key === 'checkoutPix'
              ? checkout.pixAdds
              : loads[key];
      t.diagnostic(
        `${files.map((f) => `${f.path} ${f.sizes.brotli} B`).join(' + ')}: ${total.raw} B raw, ${total.gzip} B gzip, ${brotli} B brotli`,
      );
    }
    t.diagnostic(`budget ${limit} B, goal ${budget[key].goalBrotliBytes} B`);
    assert.ok(brotli <= limit, overBudget(name, brotli, limit));
  });
}

test(
  '<pay-checkout> opened on the card loads at most 2 KB brotli more than the isolated <pay-card-form> page',
  budget.checkoutCardPage.goalUnmet ? { todo: budget.checkoutCardPage.goalUnmet } : {},
  (t) => {
    const over = checkout.cardPage.total.brotli - loads.isolatedPage.total.brotli;
    t.diagnostic(`${checkout.cardPage.total.brotli} B against ${loads.isolatedPage.total.brotli} B: ${over} B more`);
    assert.ok(over <= 2048, `${over} B more than the isolated page, over 2048 B`);
  },
);

test('<pay-checkout> opened on the card loads its card form in two requests in a row: its own file, then the card form’s', () => {
  // A third (a chunk of what the card form shares with its own chunks) cost a round trip on a phone before the frame.
  const inARow = Math.max(...checkout.cardPage.files.map((f) => f.depth)) + 1;
  assert.equal(inARow, 2, checkout.cardPage.files.map((f) => `${f.path} at depth ${f.depth}`).join(', '));
});

test('<pay-checkout> opened on the card does not load <pay-pix-qr>, and choosing Pix does', async () => {
  const text = async (files: { path: string }[]) =>
    (await Promise.all(files.map((f) => readFile(new URL(`../dist/${f.path}`, import.meta.url), 'utf8')))).join('\n');
  // The checkout names the tag to create it; only the Pix entry defines it, with the QR encoder beside it.
  const definesPixQr = /define\(\s*["'`]pay-pix-qr["'`]/;
  assert.doesNotMatch(await text(checkout.cardPage.files), definesPixQr, 'the card page loads <pay-pix-qr>');
  assert.match(await text(checkout.pixAdds.files), definesPixQr, 'choosing Pix loads no <pay-pix-qr>');
});

test('<pay-checkout> opened on the card loads no payment code: it comes with a card filled in, or with Pix', () => {
  const flows = /^checkout-chunks\/payment-flows-[\w-]+\.js$/;
  const paths = (load: { files: { path: string }[] }) => load.files.map((f) => f.path);
  assert.ok(!paths(checkout.cardPage).some((path) => flows.test(path)), `the card page loads ${paths(checkout.cardPage).join(', ')}`);
  assert.ok(
    paths(checkout.payingAdds).some((path) => flows.test(path)),
    `paying loads ${paths(checkout.payingAdds).join(', ')}`,
  );
  assert.ok(
    paths(checkout.pixAdds).some((path) => flows.test(path)),
    `choosing Pix loads ${paths(checkout.pixAdds).join(', ')}`,
  );
});

test("import 'pay-card-form' in an app brings the element at once and the inline form on demand", (t) => {
  const { app, emptyApp, addedBrotli, lazy, modules, lazyModules } = installed;
  const has = (list: typeof modules, file: RegExp) => list.some((m) => file.test(m.id));
  // The import must bring the element itself, from the built package, not an empty shell.
  assert.ok(has(modules, /dist[\\/]element[\\/]pay-card-form\.js$/), 'the app loads no dist/element/pay-card-form.js at once');
  assert.ok(!has(modules, /dist[\\/]element[\\/]inline-surface\.js$/), 'the app loads the inline form at once');
  assert.ok(has(lazyModules, /dist[\\/]element[\\/]inline-surface\.js$/), 'the app has no inline form to load on demand');
  assert.ok(!has([...modules, ...lazyModules], /node_modules[\\/](lit-html|lit-element)[\\/]/), 'lit-html or LitElement entered the app');
  t.diagnostic(
    `app ${app.brotli} B brotli at once, empty app ${emptyApp.brotli} B, the import adds ${addedBrotli} B; inline mode loads ${lazy.brotli} B more`,
  );
});

test('the built files bundle Lit (and the QR encoder) instead of importing them', async () => {
  for (const name of Object.keys(WAYS) as WayName[]) {
    for (const { path } of loads[name].files) {
      if (!path.endsWith('.js')) continue;
      const code = await readFile(new URL(`../dist/${path}`, import.meta.url), 'utf8');
      // A bare import would need an import map or a bundler on the merchant's page.
      assert.doesNotMatch(code, /\bfrom\s*["'`](lit|lit-html|lit-element|@lit\/[^"'`]+|lean-qr[^"'`]*)["'`]/, path);
      assert.doesNotMatch(code, /\bimport\s*["'`][^./]/, path);
    }
  }
});

// The goals themselves. A goal the entry declares unmet (`goalUnmet`) is an
// open to-do: still checked every run, reported in the summary, not failing
// the suite; the next test makes sure that note goes once the goal is met.
for (const { name, key, brotli } of ROWS) {
  const { goalBrotliBytes: goal, goalUnmet } = budget[key];
  // Named for what the run measured, so an open to-do reads "over its goal" while it is.
  const state = brotli > goal ? `is over its ${kb(goal)} goal by ${brotli - goal} B (${brotli} B)` : `is within its ${kb(goal)} goal`;
  test(`${name} ${state}`, goalUnmet ? { todo: goalUnmet } : {}, () => {
    assert.ok(brotli <= goal, `${brotli} B brotli, over the ${goal} B goal by ${brotli - goal} B`);
  });
}

test('a budget stays within its goal, unless the goal is declared unmet and really is', () => {
  assert.deepEqual(
    Object.keys(budget)
      .filter((key) => key !== 'note')
      .sort(),
    Object.keys(GOALS).sort(),
  );
  for (const { name, key, brotli } of ROWS) {
    const entry = budget[key];
    assert.equal(entry.goalBrotliBytes, GOALS[key], `${name}: the goal is ${GOALS[key]} B`);
    assert.ok(Number.isInteger(entry.brotliBytes) && entry.brotliBytes > 0, name);
    if (entry.goalUnmet) {
      // Once the row meets its goal, the note and the raised budget must go.
      assert.ok(
        brotli > entry.goalBrotliBytes,
        `${name} is ${brotli} B, within the goal: remove goalUnmet and lower the budget to the goal`,
      );
    } else {
      // Raising a budget past the goal would let the package outgrow what the README promises.
      assert.ok(entry.brotliBytes <= entry.goalBrotliBytes, `${name}: budget ${entry.brotliBytes} B is over the goal`);
    }
  }
});
