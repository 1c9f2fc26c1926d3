/**
 * `npm run bench:worker`: how big a Cloudflare Worker gets with the server
 * helper. `bench/worker/worker.js` signs one v3 call, tokenizes and creates
 * a charge, importing `pay-card-form/server` and `pay-card-form/core` as
 * installed (through the exports map to the built `dist/`: run
 * `npm run build` first). esbuild bundles it as a Worker build would, with
 * nothing but the stock options: one ES module, minified, for a neutral
 * platform (no Node built-ins: a `node:` import fails the build). Writes the
 * size, with each group of modules' share, into docs/benchmarks.md.
 */
import { build, version } from 'esbuild';
import { copyFile, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kb, measure } from './measure.js';
import { writeResults } from './results-doc.js';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
/** The must-have of issue 22 and its goal, gzip bytes. */
const LIMIT = 40 * 1024;
const GOAL = 25 * 1024;

/** Which group a module of the bundle belongs to, first match wins. */
const GROUPS: [string, (path: string) => boolean][] = [
  ["zod's English messages", (p) => p.includes('node_modules/zod/') && p.includes('/locales/')],
  ['zod (zod/mini and its core)', (p) => p.includes('node_modules/zod/')],
  ['the schemas (`server/schemas/`)', (p) => p.includes('dist/server/schemas/')],
  ['signing and bytes', (p) => /dist\/server\/(signing|bytes)\.js$/.test(p)],
  ['the rest of the server helper', (p) => p.includes('dist/server/')],
  ['tokenize, card checks, CPF/CNPJ, errors (`core`)', (p) => /dist\/(tokenize|card|document|shared)\//.test(p)],
  ["the Worker's own code", () => true],
];

export interface WorkerSize {
  minified: number;
  gzip: number;
  brotli: number;
  groups: { name: string; bytes: number }[];
}

/**
 * Bundles `worker` (a path in the repository) as a Worker build does, in a
 * merchant's project where the package is `node_modules/pay-card-form`:
 * minified unless `minify` is false (wrangler minifies only with `--minify`
 * or `minify = true`), with the conditions wrangler resolves packages by.
 */
export async function measureWorker(worker = 'bench/worker/worker.js', minify = true): Promise<WorkerSize> {
  const dir = await mkdtemp(join(tmpdir(), 'pay-card-form-worker-'));
  try {
    // A merchant's project: the Worker, and the package in node_modules/pay-card-form.
    await mkdir(join(dir, 'node_modules'));
    await symlink(packageRoot, join(dir, 'node_modules', 'pay-card-form'), 'dir');
    await copyFile(join(packageRoot, worker), join(dir, 'worker.js'));
    const result = await build({
      entryPoints: [join(dir, 'worker.js')],
      bundle: true,
      minify,
      format: 'esm',
      platform: 'neutral',
      conditions: ['workerd', 'worker', 'browser'],
      mainFields: ['module', 'main'],
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.contents;
    const sizes = measure(code);
    const inputs = Object.values(result.metafile.outputs)[0]!.inputs;
    const totals = new Map<string, number>(GROUPS.map(([name]) => [name, 0]));
    for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
      const [name] = GROUPS.find(([, matches]) => matches(path))!;
      totals.set(name, totals.get(name)! + bytesInOutput);
    }
    return { minified: sizes.raw, gzip: sizes.gzip, brotli: sizes.brotli, groups: [...totals].map(([name, bytes]) => ({ name, bytes })) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The two Workers, each bundled with and without minification: what `--minify` saves. */
const WORKERS: [string, string][] = [
  ['`bench/worker/worker.js` (signs, tokenizes, charges)', 'bench/worker/worker.js'],
  ['`examples/cloudflare-worker/worker.js` (`checkoutHandler` and D1)', 'examples/cloudflare-worker/worker.js'],
];

async function minifyTable(): Promise<string> {
  const rows: string[] = [];
  for (const [name, path] of WORKERS) {
    for (const minify of [false, true]) {
      const size = await measureWorker(path, minify);
      rows.push(`| ${name} | ${minify ? 'yes' : 'no'} | ${kb(size.minified)} | **${kb(size.gzip)}** | ${kb(size.brotli)} |`);
    }
  }
  return [
    `The same bundle with and without minification (wrangler's \`--minify\`, or \`minify = true\` in \`wrangler.toml\`), with the conditions wrangler resolves packages by (\`workerd\`, \`worker\`, \`browser\`):`,
    '',
    '| Worker | minified | bytes | gzip | brotli |',
    '| --- | --- | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

function table(size: WorkerSize): string {
  const percent = (bytes: number) => `${((100 * bytes) / size.minified).toFixed(1)} %`;
  const verdict =
    size.gzip <= GOAL
      ? 'within the goal (25 KB)'
      : size.gzip <= LIMIT
        ? 'within the limit (40 KB), over the goal (25 KB)'
        : 'OVER the 40 KB limit';
  return [
    `esbuild ${version}, \`bench/worker/worker.js\` bundled with \`--bundle --minify --format=esm --platform=neutral --conditions=workerd,worker,browser\`:`,
    '',
    '| | minified | gzip | brotli |',
    '| --- | ---: | ---: | ---: |',
    `| the Worker | ${kb(size.minified)} | **${kb(size.gzip)}** | ${kb(size.brotli)} |`,
    '',
    `gzip ${size.gzip.toLocaleString('en')} B: ${verdict}.`,
    '',
    '| modules | minified bytes | share |',
    '| --- | ---: | ---: |',
    ...size.groups.map((g) => `| ${g.name} | ${g.bytes.toLocaleString('en')} | ${percent(g.bytes)} |`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const size = await measureWorker();
  const text = `${table(size)}\n\n${await minifyTable()}`;
  console.log(text);
  await writeResults('worker', text);
}
