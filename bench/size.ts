/**
 * `npm run bench`: the script-tag file's size beside the merchant-page code of
 * peers, each bundled the same way in the same run (see bundle.ts), measured
 * raw, gzip and brotli (see measure.ts). Writes the table into
 * docs/benchmarks.md and prints it. Sizes only: nothing here is timed.
 *
 * Peers live in bench/package.json with their own lockfile, so they never
 * enter the package's dependencies; this script installs them when missing.
 */
import { execFileSync } from 'node:child_process';
import { writeResults } from './results-doc.js';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { bundleForBrowser, type Bundled } from './bundle.js';
import { scriptTagPlugins, terserPass } from '../vite.config.js';
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
  { name: 'pay-card-form', what: 'element + Lit + tokenize client (the script-tag file)', entry: fromBench('../src/script-tag.ts'), packages: ['lit'], ours: true },
  { name: 'pay-card-form/core', what: 'brand, live formatting, validation: no UI (compare with the no-UI peers)', entry: fromBench('peers/core.js'), packages: [], ours: true },
  { name: 'Lit ReactiveElement (reference)', what: 'the part of Lit inside our file: ReactiveElement and css', entry: fromBench('peers/lit-reactive-element.js'), packages: ['lit'], ours: true },
  { name: 'Lit with templates (reference)', what: 'LitElement, html and css: the floor of a lit-html-rendered element', entry: fromBench('peers/lit.js'), packages: ['lit'], ours: true },
  { name: 'braintree-web', what: 'client + hosted-fields (card inputs load in iframes, not counted)', entry: fromBench('peers/braintree.js'), packages: ['braintree-web'] },
  { name: '@adyen/adyen-web', what: 'AdyenCheckout + Card (CSS not counted)', entry: fromBench('peers/adyen.js'), packages: ['@adyen/adyen-web'] },
  { name: 'card-validator + credit-card-type', what: 'validation and brand only, no UI', entry: fromBench('peers/card-validator.js'), packages: ['card-validator', 'credit-card-type'] },
  { name: 'imask', what: 'input masking only, no validation or UI', entry: fromBench('peers/imask.js'), packages: ['imask'] },
  { name: 'cleave.js', what: 'input formatting only, no validation or UI', entry: fromBench('peers/cleave.js'), packages: ['cleave.js'] },
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

if (!existsSync(fromBench('node_modules/.package-lock.json'))) {
  console.log('Installing the peers into bench/node_modules (npm ci --prefix bench)…');
  execFileSync('npm', ['ci', '--prefix', benchDir, '--no-audit', '--no-fund'], { stdio: 'inherit' });
}

const rows: Row[] = [];
let ourModules: Bundled['modules'] = [];
for (const contender of CONTENDERS) {
  const versions = (await Promise.all(contender.packages.map(async (p) => `${p}@${await versionOf(p, Boolean(contender.ours))}`))).join(', ');
  try {
    // Ours get the build plugins of dist/pay-card-form.js; every bundle gets its final minifier pass.
    const { code, modules } = await bundleForBrowser(contender.entry, benchDir, contender.ours ? scriptTagPlugins() : [terserPass()]);
    rows.push({ ...contender, versions: versions ? `(${versions})` : "", sizes: measure(code) });
    if (contender === CONTENDERS[0]) ourModules = modules;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 120) : String(error);
    rows.push({ ...contender, versions: `(${versions})`, error: message.replaceAll('|', '\\|') });
  }
}

const ours = rows[0];
const budget = JSON.parse(await readFile(fromBench('size-budget.json'), 'utf8')) as { brotliBytes: number; goalBrotliBytes: number };
const generated = [
  `Measured by \`npm run bench\` on Node ${process.versions.node}. Every row is bundled the same way in the same run: Vite ${(await versionOf('vite', true))} library mode, ES module, browser, production, minified; gzip level 9, brotli quality 11; 1 KB = 1024 bytes.`,
  '',
  table(rows),
  '',
  ours && 'sizes' in ours
    ? `Budget (\`bench/size-budget.json\`, checked by \`npm test\`): ${kb(budget.brotliBytes)} brotli; goal ${kb(budget.goalBrotliBytes)}. This run: ${kb(ours.sizes.brotli)} (${ours.sizes.brotli} bytes).`
    : 'Our file failed to bundle in this run.',
  '',
  'Where our bytes go (each module as the bundler rendered it, after tree-shaking and before minification):',
  '',
  '| module | rendered |',
  '| --- | ---: |',
  ...ourModules.slice(0, 12).map((m) => `| \`${m.id.replace(/^.*node_modules\//, '').replace(/^.*?(src\/)/, '$1')}\` | ${m.bytes} B |`),
].join('\n');

await writeResults('size', generated);
console.log(generated);
