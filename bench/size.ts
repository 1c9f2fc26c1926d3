/**
 * `npm run bench` (first half): each script-tag file's size beside the
 * merchant-page code of peers (the card form beside card SDKs and
 * formatters, the PIX element beside the QR encoders alone), each bundled
 * the same stock way in the same run (see bundle.ts), measured raw, gzip and
 * brotli (see measure.ts); what `import 'pay-card-form'` adds to an app built
 * by plain Vite from the package as installed (see installed-import.ts; run
 * `npm run build` first); and what each of our modules adds to the brotli
 * files (see module-cost.ts). Writes the tables into docs/benchmarks.md and
 * prints them.
 */
import { writeResults } from './results-doc.js';
import { installPeers } from './install-peers.js';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { bundleForBrowser, type Bundled } from './bundle.js';
import { measureInstalledImport } from './installed-import.js';
import { moduleCosts, type ModuleCost } from './module-cost.js';
import { kb, measure, type Sizes } from './measure.js';

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
    name: 'pay-card-form',
    what: 'element + Lit + tokenize client (the script-tag file)',
    entry: fromBench('../src/script-tag.ts'),
    packages: ['@lit/reactive-element'],
    ours: true,
  },
  {
    name: 'pay-card-form/core',
    what: 'brand, live formatting, validation: no UI (compare with the no-UI peers)',
    entry: fromBench('peers/core.js'),
    packages: [],
    ours: true,
  },
  {
    name: 'Lit ReactiveElement (reference)',
    what: 'the part of Lit inside our file: ReactiveElement and unsafeCSS',
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

type Row = Contender & ({ sizes: Sizes; versions: string } | { error: string; versions: string });

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
    const name = row === rows[0] ? `**${row.name}** ${row.versions}` : `${row.name} ${row.versions}`;
    if ('error' in row) lines.push(`| ${name} | ${row.what} | failed: ${row.error} | | |`);
    else lines.push(`| ${name} | ${row.what} | ${kb(row.sizes.raw)} | ${kb(row.sizes.gzip)} | ${kb(row.sizes.brotli)} |`);
  }
  return lines.join('\n');
}

installPeers();

/** Bundles and measures each contender; also returns the modules of the first one (ours). */
async function measureAll(contenders: Contender[]): Promise<{ rows: Row[]; ourModules: Bundled['modules'] }> {
  const rows: Row[] = [];
  let ourModules: Bundled['modules'] = [];
  for (const contender of contenders) {
    const versions = (await Promise.all(contender.packages.map(async (p) => `${p}@${await versionOf(p, Boolean(contender.ours))}`))).join(
      ', ',
    );
    try {
      const { code, modules } = await bundleForBrowser(contender.entry, benchDir);
      rows.push({ ...contender, versions: versions ? `(${versions})` : '', sizes: measure(code) });
      if (contender === contenders[0]) ourModules = modules;
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 120) : String(error);
      rows.push({ ...contender, versions: `(${versions})`, error: message.replaceAll('|', '\\|') });
    }
  }
  return { rows, ourModules };
}

const { rows, ourModules } = await measureAll(CONTENDERS);
const pix = await measureAll(PIX_CONTENDERS);
const ours = rows[0];
const ourPix = pix.rows[0];
const installed = await measureInstalledImport();
const budget = JSON.parse(await readFile(fromBench('size-budget.json'), 'utf8')) as {
  goalBrotliBytes: number;
  scriptTag: { brotliBytes: number };
  installedImport: { brotliBytes: number };
  pixScriptTag: { goalBrotliBytes: number; brotliBytes: number };
};
const vite = await versionOf('vite', true);
const shortId = (id: string) => {
  const clean = id.replace('\0', '');
  return clean.includes('node_modules/') ? clean.replace(/^.*node_modules\//, '') : clean.replace(/^.*?((src|dist)\/)/, '$1');
};
const moduleRows = (modules: Bundled['modules']) => [
  '| module | rendered |',
  '| --- | ---: |',
  ...modules.slice(0, 14).map((m) => `| \`${shortId(m.id)}\` | ${m.bytes} B |`),
];
/** Modules by what they add to the brotli file, with their rendered size beside (module-cost.ts). */
const costRows = (modules: Bundled['modules'], costs: ModuleCost[]) => {
  const rendered = new Map(modules.map((m) => [m.id, m.bytes]));
  return [
    '| module | brotli it adds | rendered |',
    '| --- | ---: | ---: |',
    ...costs.slice(0, 20).map((c) => `| \`${shortId(c.id)}\` | ${c.brotli} B | ${rendered.get(c.id) ?? 0} B |`),
  ];
};
const cardCosts = await moduleCosts(CONTENDERS[0]!.entry, benchDir);
const pixCosts = await moduleCosts(PIX_CONTENDERS[0]!.entry, benchDir);
const generated = [
  `Measured by \`npm run bench\` on Node ${process.versions.node}. Every row is bundled the same stock way in the same run, with no plugin: Vite ${vite} library mode, ES module, browser, production, minified (the settings of \`vite.config.ts\`); gzip level 9, brotli quality 11; 1 KB = 1024 bytes.`,
  '',
  table(rows),
  '',
  `An app that installs the package, \`import 'pay-card-form'\` as its only module, built by \`vite build\` (Vite ${vite}) with no config:`,
  '',
  '| app | raw | gzip | brotli |',
  '| --- | ---: | ---: | ---: |',
  `| with \`import 'pay-card-form'\` | ${kb(installed.app.raw)} | ${kb(installed.app.gzip)} | ${kb(installed.app.brotli)} |`,
  `| the same app without it (Vite's module-preload polyfill) | ${kb(installed.emptyApp.raw)} | ${kb(installed.emptyApp.gzip)} | ${kb(installed.emptyApp.brotli)} |`,
  `| **what the import adds** | | | **${kb(installed.addedBrotli)}** (${installed.addedBrotli} bytes) |`,
  '',
  ours && 'sizes' in ours
    ? `Budgets (\`bench/size-budget.json\`, checked by \`npm test\`), goal ${kb(budget.goalBrotliBytes)} (${budget.goalBrotliBytes} bytes) brotli each: script-tag file ${budget.scriptTag.brotliBytes} bytes, this run ${ours.sizes.brotli}; installed import ${budget.installedImport.brotliBytes} bytes, this run ${installed.addedBrotli}.`
    : 'Our file failed to bundle in this run.',
  '',
  "Where the script-tag file's bytes go: what each module adds to the brotli file (the file built again without it, less the whole; leaving a module out also leaves out what only it imports, so a module that imports others counts them too, and the figures do not add up), beside its size as the bundler rendered it, after tree-shaking and before minification. Brotli squeezes repeated text almost to nothing and distinct text hardly at all, so the second column says little about the first:",
  '',
  ...costRows(ourModules, cardCosts),
  '',
  "Where the installed import's bytes go, as rendered:",
  '',
  ...moduleRows(installed.modules),
  '',
  '### `<pay-pix-qr>` beside the QR encoders alone',
  '',
  'The same way, the PIX script-tag file (QR encoder included) and the encoders it was chosen among, each encoding a string at error correction level M and reading the module matrix back, with no rendering helper:',
  '',
  table(pix.rows),
  '',
  ourPix && 'sizes' in ourPix
    ? `Budget (\`bench/size-budget.json\`, checked by \`npm test\`), goal ${kb(budget.pixScriptTag.goalBrotliBytes)} (${budget.pixScriptTag.goalBrotliBytes} bytes) brotli: ${budget.pixScriptTag.brotliBytes} bytes, this run ${ourPix.sizes.brotli}.`
    : 'The PIX file failed to bundle in this run.',
  '',
  "Where the PIX script-tag file's bytes go, the same way as the card file's:",
  '',
  ...costRows(pix.ourModules, pixCosts),
].join('\n');

await writeResults('size', generated);
console.log(generated);
