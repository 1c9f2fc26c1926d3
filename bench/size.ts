/**
 * `npm run bench` (first part): what a page downloads for our elements
 * beside the merchant-page code of peers.
 *
 * - Ours, from `npm run build`'s output (run it first), following the built
 *   files' imports (page-loads.ts): the card form's isolated page, its frame,
 *   its inline page and its classic script, and the PIX file.
 * - The peers (card SDKs and formatters, QR encoders), each bundled the same
 *   stock way in the same run (see bundle.ts): Vite's library mode with the
 *   settings of vite.config.ts, one file.
 * - What `import 'pay-card-form'` adds to an app built by plain Vite from the
 *   package as installed (see installed-import.ts).
 * - What each of our modules adds to the brotli bytes of the isolated page,
 *   the frame and the PIX file (see module-cost.ts).
 *
 * Raw, gzip and brotli (see measure.ts). Writes the tables into
 * docs/benchmarks.md and prints them.
 */
import { writeResults } from './results-doc.js';
import { installPeers } from './install-peers.js';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { bundleForBrowser, type Bundled } from './bundle.js';
import { measureInstalledImport } from './installed-import.js';
import { moduleCosts, type ModuleCosts } from './module-cost.js';
import { kb, measure, sumSizes, type Sizes } from './measure.js';
import { lazyFiles, measureOptIn, measurePageLoad, WAYS, type PageLoad, type WayName, measureCheckout } from './page-loads.js';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const fromBench = (path: string) => fileURLToPath(new URL(path, import.meta.url));

interface Contender {
  name: string;
  /** What a merchant's page loads for card entry. */
  what: string;
  entry: string;
  /** Packages whose installed versions the table states. */
  packages: string[];
  /** Resolved from the package's own node_modules rather than bench's. */
  ours?: boolean;
}

const CONTENDERS: Contender[] = [
  {
    name: 'pay-card-form/core',
    what: 'brand, live formatting, validation: no UI (compare with the no-UI peers)',
    entry: fromBench('peers/core.js'),
    packages: [],
    ours: true,
  },
  {
    name: 'Lit ReactiveElement (reference)',
    what: 'the part of Lit inside our files: ReactiveElement and unsafeCSS',
    entry: fromBench('peers/lit-reactive-element.js'),
    packages: ['@lit/reactive-element'],
    ours: true,
  },
  {
    name: 'Lit with templates (reference)',
    what: 'LitElement, html and css: the floor of a lit-html-rendered element',
    entry: fromBench('peers/lit.js'),
    packages: ['lit'],
  },
  {
    name: 'braintree-web',
    what: 'client + hosted-fields (card inputs load in iframes, not counted)',
    entry: fromBench('peers/braintree.js'),
    packages: ['braintree-web'],
  },
  {
    name: '@adyen/adyen-web',
    what: 'AdyenCheckout + Card (CSS not counted)',
    entry: fromBench('peers/adyen.js'),
    packages: ['@adyen/adyen-web'],
  },
  {
    name: 'card-validator + credit-card-type',
    what: 'validation and brand only, no UI',
    entry: fromBench('peers/card-validator.js'),
    packages: ['card-validator', 'credit-card-type'],
  },
  { name: 'imask', what: 'input masking only, no validation or UI', entry: fromBench('peers/imask.js'), packages: ['imask'] },
  { name: 'cleave.js', what: 'input formatting only, no validation or UI', entry: fromBench('peers/cleave.js'), packages: ['cleave.js'] },
];

/** `<pay-pix-qr>` beside the QR encoders alone (docs/dependencies.md tells how lean-qr/nano was chosen). */
const PIX_CONTENDERS: Contender[] = [
  {
    name: 'pay-pix-qr',
    what: 'element + Lit + BR Code reader + QR encoder (the PIX script-tag file)',
    entry: fromBench('../src/pix-script-tag.ts'),
    packages: ['@lit/reactive-element', 'lean-qr'],
    ours: true,
  },
  {
    name: 'lean-qr/nano',
    what: 'QR encoder alone, level M, module matrix read back (the one inside our file)',
    entry: fromBench('peers/qr-lean-qr-nano.js'),
    packages: ['lean-qr'],
  },
  { name: 'uqr', what: 'QR encoder alone, the same way', entry: fromBench('peers/qr-uqr.js'), packages: ['uqr'] },
  {
    name: 'qrcode-generator',
    what: 'QR encoder alone, the same way',
    entry: fromBench('peers/qr-qrcode-generator.js'),
    packages: ['qrcode-generator'],
  },
  {
    name: 'qrcode',
    what: 'QR encoder alone, the same way (its browser build)',
    entry: fromBench('peers/qr-qrcode.js'),
    packages: ['qrcode'],
  },
];

type Row = { name: string; what: string; versions: string; bold?: boolean } & ({ sizes: Sizes } | { error: string });

async function versionOf(pkg: string, ours: boolean): Promise<string> {
  const dir = ours ? fromBench('../node_modules/') : fromBench('node_modules/');
  try {
    return JSON.parse(await readFile(`${dir}${pkg}/package.json`, 'utf8')).version;
  } catch {
    return 'not installed';
  }
}

function table(rows: Row[]): string {
  const lines = ['| bundle | what the page loads | raw | gzip | brotli |', '| --- | --- | ---: | ---: | ---: |'];
  for (const row of rows) {
    const name = `${row.bold ? `**${row.name}**` : row.name}${row.versions ? ` ${row.versions}` : ''}`;
    if ('error' in row) lines.push(`| ${name} | ${row.what} | failed: ${row.error} | | |`);
    else lines.push(`| ${name} | ${row.what} | ${kb(row.sizes.raw)} | ${kb(row.sizes.gzip)} | ${kb(row.sizes.brotli)} |`);
  }
  return lines.join('\n');
}

installPeers();

/** Bundles and measures each contender. */
async function measureAll(contenders: Contender[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const contender of contenders) {
    const versions = (await Promise.all(contender.packages.map(async (p) => `${p}@${await versionOf(p, Boolean(contender.ours))}`))).join(
      ', ',
    );
    const row = { name: contender.name, what: contender.what, versions: versions ? `(${versions})` : '' };
    try {
      const { code } = await bundleForBrowser(contender.entry, benchDir);
      rows.push({ ...row, sizes: measure(code) });
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 120) : String(error);
      rows.push({ ...row, error: message.replaceAll('|', '\\|') });
    }
  }
  return rows;
}

const litVersion = await versionOf('@lit/reactive-element', true);
const loads = Object.fromEntries((Object.keys(WAYS) as WayName[]).map((name) => [name, measurePageLoad(name)])) as Record<
  WayName,
  PageLoad
>;
/** `tokenize-AbC123.js` → `tokenize-*.js`: the hashes change with every build. */
const unhashed = (path: string) => (path.includes('/') ? path.replace(/-[\w-]{8}\.js$/, '-*.js') : path);
const fileList = (load: PageLoad) => load.files.map((f) => `\`${unhashed(f.path)}\``).join(' + ');
const ourRow = (name: WayName, label: string): Row => ({
  name: label,
  what: `${WAYS[name].what} (${fileList(loads[name])})`,
  versions: '',
  bold: true,
  sizes: loads[name].total,
});
const isolatedBoth = sumSizes([loads.isolatedPage.total, loads.frame.total]);
const cardRows: Row[] = [
  ourRow('isolatedPage', 'pay-card-form, isolated: the page'),
  ourRow('frame', 'pay-card-form, isolated: the frame'),
  {
    name: 'pay-card-form, isolated: both',
    what: 'what a shopper downloads in isolated mode: the two rows above',
    versions: '',
    sizes: isolatedBoth,
  },
  ourRow('inlinePage', 'pay-card-form, inline'),
  ourRow('classicScript', 'pay-card-form, classic script'),
];

const peers = await measureAll(CONTENDERS);
const pix = await measureAll(PIX_CONTENDERS);
const ourPix = pix[0];
const installed = await measureInstalledImport();
interface Entry {
  brotliBytes: number;
  goalBrotliBytes: number;
  goalUnmet?: string;
}
const budget = JSON.parse(await readFile(fromBench('size-budget.json'), 'utf8')) as Record<
  WayName | 'installedImport' | 'checkoutCardPage' | 'checkoutPaying' | 'checkoutPix',
  Entry
>;
const checkout = measureCheckout();
const vite = await versionOf('vite', true);
const braintree = peers.find((r) => r.name === 'braintree-web');
const shortId = (id: string) => {
  const clean = id.replace('\0', '');
  return clean.includes('node_modules/') ? clean.replace(/^.*node_modules\//, '') : clean.replace(/^.*?((src|dist)\/)/, '$1');
};
const moduleRows = (modules: Bundled['modules']) => [
  '| module | rendered |',
  '| --- | ---: |',
  ...modules.slice(0, 14).map((m) => `| \`${shortId(m.id)}\` | ${m.bytes} B |`),
];
/** Modules by what they add to the brotli bytes, with their rendered size beside (module-cost.ts). */
const costRows = ({ modules, costs }: ModuleCosts) => {
  const rendered = new Map(modules.map((m) => [m.id, m.bytes]));
  return [
    '| module | brotli it adds | rendered |',
    '| --- | ---: | ---: |',
    ...costs.slice(0, 20).map((c) => `| \`${shortId(c.id)}\` | ${c.brotli} B | ${rendered.get(c.id) ?? 0} B |`),
  ];
};
const hostCosts = await moduleCosts(fromBench('../src/script-tag.ts'), benchDir, 'eager');
const frameCosts = await moduleCosts(fromBench('../src/frame/card-frame.ts'), benchDir);
const pixCosts = await moduleCosts(PIX_CONTENDERS[0]!.entry, benchDir);
const budgetLine = (name: keyof typeof budget, label: string, brotli: number) => {
  const { brotliBytes, goalBrotliBytes, goalUnmet } = budget[name];
  const goal = `goal ${goalBrotliBytes} B ${brotli <= goalBrotliBytes ? 'met' : `not met${goalUnmet ? ' (declared)' : ''}`}`;
  return `| ${label} | ${brotli} B | ${brotliBytes} B | ${goal} |`;
};
const lazyOfPage = lazyFiles('isolatedPage');
const optIn = { frame: measureOptIn('frame'), inlinePage: measureOptIn('inlinePage') };
const optInRow = (name: keyof typeof optIn, label: string) =>
  `| ${label} | ${fileList(optIn[name])} | ${kb(optIn[name].total.raw)} | ${kb(optIn[name].total.gzip)} | ${optIn[name].total.brotli} B |`;
/** How many requests in a row a page load needs: one per level of its import graph. */
const waves = (load: PageLoad) => Math.max(...load.files.map((f) => f.depth)) + 1;

const generated = [
  `Measured by \`npm run bench\` on Node ${process.versions.node}, gzip level 9, brotli quality 11; 1 KB = 1024 bytes. Our rows are the files \`npm run build\` wrote (Vite ${vite}: library mode, ES module, es2022, minified; the frame is Vite's build of its page), found by following the built files' imports and counted one response per file. Every peer is bundled in the same run the stock way our script-tag file is built, with no plugin: Vite ${vite} library mode, ES module, browser, production, minified, into one file (what it would import on demand included).`,
  '',
  table([...cardRows, ...peers]),
  '',
  braintree && 'sizes' in braintree
    ? `The isolated page's script against braintree-web's client + hosted-fields (its merchant-page code for card fields, in iframes like ours): ${loads.isolatedPage.total.brotli} B against ${braintree.sizes.brotli} B brotli, ${Math.round((100 * loads.isolatedPage.total.brotli) / braintree.sizes.brotli)} %. Neither counts its frame; ours is the second row. The page carries @lit/reactive-element ${litVersion}; the frame only its style helpers (\`css-tag.js\`).`
    : 'braintree-web failed to bundle in this run.',
  '',
  `What \`pay-card-form.js\` imports on demand, left out of the isolated rows: ${lazyOfPage.map((f) => `\`${unhashed(f.path)}\``).join(', ') || 'nothing'}. Requests that wait for one another before the form can show, the page itself not counted: isolated ${waves(loads.isolatedPage)} for the page's script, then ${waves(loads.frame)} for the frame, which the element adds once its script runs; inline ${waves(loads.inlinePage)}: the page's script, the inline form it imports once that script runs, and what the form imports.`,
  '',
  'What Parcelas and the CPF/CNPJ field add (`installments`, `collect-tax-id`): the form imports them on demand, only when the merchant turns either on, so no row above counts them and a page that does not turn them on loads nothing more (`npm test` checks both). The same files whichever is on:',
  '',
  '| where | files | raw | gzip | brotli |',
  '| --- | --- | ---: | ---: | ---: |',
  optInRow('frame', 'isolated: in the frame'),
  optInRow('inlinePage', 'inline: in the page'),
  '',
  `An app that installs the package, \`import 'pay-card-form'\` as its only module, built by \`vite build\` (Vite ${vite}) with no config; what its page loads before its code runs (Vite splits the inline form off as our build does):`,
  '',
  '| app | raw | gzip | brotli |',
  '| --- | ---: | ---: | ---: |',
  `| with \`import 'pay-card-form'\` | ${kb(installed.app.raw)} | ${kb(installed.app.gzip)} | ${kb(installed.app.brotli)} |`,
  `| the same app without it (Vite's module-preload polyfill) | ${kb(installed.emptyApp.raw)} | ${kb(installed.emptyApp.gzip)} | ${kb(installed.emptyApp.brotli)} |`,
  `| **what the import adds** (isolated mode) | | | **${kb(installed.addedBrotli)}** (${installed.addedBrotli} bytes) |`,
  `| what \`mode="inline"\` loads on top, on demand | ${kb(installed.lazy.raw)} | ${kb(installed.lazy.gzip)} | ${kb(installed.lazy.brotli)} |`,
  '',
  'Budgets (`bench/size-budget.json`, checked by `npm test`) and goals, brotli:',
  '',
  '| row | this run | budget | goal |',
  '| --- | ---: | ---: | --- |',
  budgetLine('isolatedPage', 'isolated: the page', loads.isolatedPage.total.brotli),
  budgetLine('frame', 'isolated: the frame', loads.frame.total.brotli),
  budgetLine('inlinePage', 'inline', loads.inlinePage.total.brotli),
  budgetLine('classicScript', 'classic script', loads.classicScript.total.brotli),
  budgetLine('installedImport', "`import 'pay-card-form'`, isolated", installed.addedBrotli),
  budgetLine('pixScriptTag', 'PIX script-tag file', loads.pixScriptTag.total.brotli),
  budgetLine('checkoutCardPage', '`<pay-checkout>` opened on the card', checkout.cardPage.total.brotli),
  budgetLine('checkoutPaying', '`<pay-checkout>`: what a card payment adds', checkout.payingAdds.total.brotli),
  budgetLine('checkoutPix', '`<pay-checkout>`: what choosing Pix adds', checkout.pixAdds.total.brotli),
  '',
  `Where the isolated page's bytes go: what each module adds to the brotli bytes of the files the page loads before the element runs (the same build made again without it, less the whole, ${hostCosts.total} B here; leaving a module out also leaves out what only it imports, so a module that imports others counts them too, and the figures do not add up), beside its size as the bundler rendered it, after tree-shaking and before minification. Brotli squeezes repeated text almost to nothing and distinct text hardly at all, so the second column says little about the first:`,
  '',
  ...costRows(hostCosts),
  '',
  `Where the frame's bytes go, the same way (its script built on its own in library mode, ${frameCosts.total} B here):`,
  '',
  ...costRows(frameCosts),
  '',
  "Where the installed import's bytes go, as rendered (what loads at once):",
  '',
  ...moduleRows(installed.modules),
  '',
  '### `<pay-pix-qr>` beside the QR encoders alone',
  '',
  'The same way, the PIX script-tag file (QR encoder included) and the encoders it was chosen among, each encoding a string at error correction level M and reading the module matrix back, with no rendering helper:',
  '',
  table(pix.map((r, i) => ({ ...r, bold: i === 0 }))),
  '',
  ourPix && 'sizes' in ourPix
    ? `The built file, \`dist/pay-pix-qr.js\`: ${loads.pixScriptTag.total.brotli} B brotli (this table's first row is the same source bundled here: ${ourPix.sizes.brotli} B).`
    : 'The PIX file failed to bundle in this run.',
  '',
  "Where the PIX script-tag file's bytes go, the same way as the card form's:",
  '',
  ...costRows(pixCosts),
  '',
  '### `<pay-checkout>`',
  '',
  "The checkout's script-tag file loads each method's code when that method is chosen, and the code that pays (the calls to the handler, the outcomes, the events) once the card is filled in or Pix is chosen. What a page that opens it on the card (the default) loads before the shopper can type, beside the card form alone, what paying by card adds, and what choosing Pix adds:",
  '',
  '| page | files | raw | gzip | brotli |',
  '| --- | --- | ---: | ---: | ---: |',
  `| \`<pay-card-form>\`, isolated | ${fileList(loads.isolatedPage)} | ${kb(loads.isolatedPage.total.raw)} | ${kb(loads.isolatedPage.total.gzip)} | ${loads.isolatedPage.total.brotli} B |`,
  `| **\`<pay-checkout>\` on the card** | ${fileList(checkout.cardPage)} | ${kb(checkout.cardPage.total.raw)} | ${kb(checkout.cardPage.total.gzip)} | **${checkout.cardPage.total.brotli} B** |`,
  `| **a card payment adds** | ${fileList(checkout.payingAdds)} | ${kb(checkout.payingAdds.total.raw)} | ${kb(checkout.payingAdds.total.gzip)} | **${checkout.payingAdds.total.brotli} B** |`,
  `| **choosing Pix adds** | ${fileList(checkout.pixAdds)} | ${kb(checkout.pixAdds.total.raw)} | ${kb(checkout.pixAdds.total.gzip)} | **${checkout.pixAdds.total.brotli} B** |`,
  '',
  `The checkout on the card loads ${checkout.cardPage.total.brotli - loads.isolatedPage.total.brotli} B brotli more than the card form alone (goal: at most 2048 B more). Requests in a row before the card form can show, the page not counted: ${waves(checkout.cardPage)}, then the frame's.`,
].join('\n');

await writeResults('size', generated);
console.log(generated);
