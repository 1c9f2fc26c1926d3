/**
 * The ways `npm run bench` and the size test bundle code, all stock Vite
 * with no plugin:
 *
 * - `bundleForBrowser`: Vite's library mode with the settings that build
 *   `dist/pay-card-form.js` (vite.config.ts): ES module, es2022, minified,
 *   into one file (a dynamic import is inlined). The peers' rows of the size
 *   table and the module costs of one-file builds go through it.
 * - `splitForBrowser`: the same settings, with the chunks Vite splits off as
 *   `npm run build` does, sorted into what a page loads at once and on
 *   demand (import-graph.ts): the module costs of the isolated page.
 * - `bundleAsApp`: what an app gets from `import 'pay-card-form'`: a tiny app
 *   (index.html and one module) in a temp folder, built by `vite build` with
 *   no config at all, resolving the package as installed, so through its
 *   exports map to the built `dist/` (run `npm run build` first); split the
 *   same way.
 */
import { build, type Rolldown } from 'vite';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { walkGraph, type GraphFile } from './import-graph.js';
import { OPT_IN, whenNeeded } from './page-loads.js';

export interface Bundled {
  code: string;
  /** Rendered bytes per input module, largest first (before compression). */
  modules: { id: string; bytes: number }[];
}

export interface Chunk extends Bundled {
  fileName: string;
}

/** A split build: what a page loads before the entry runs (the entry's chunk first), and what it loads on demand. */
export interface Split {
  eager: Chunk[];
  lazy: Chunk[];
}

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

type BuildOutput = Awaited<ReturnType<typeof build>>;

/** The JavaScript chunks a build wrote, each with its modules by size. */
function chunksOf(output: BuildOutput): Rolldown.OutputChunk[] {
  const results = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  return results.flatMap((r) => r.output).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
}

function toChunk(chunk: Rolldown.OutputChunk): Chunk {
  const modules = Object.entries(chunk.modules)
    .map(([id, m]) => ({ id, bytes: m.renderedLength }))
    .filter((m) => m.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
  return { fileName: chunk.fileName, code: chunk.code, modules };
}

function onlyChunk(output: BuildOutput): Bundled {
  const chunks = chunksOf(output);
  if (chunks.length !== 1) throw new Error(`expected one chunk, got ${chunks.length}`);
  return toChunk(chunks[0]!);
}

/**
 * Sorts a build's chunks as a page loads them, from the bundler's own
 * account of each chunk's imports (what it left external is not a chunk,
 * and not followed).
 */
function split(output: BuildOutput): Split {
  const chunks = new Map(chunksOf(output).map((c) => [c.fileName, c]));
  const entries = [...chunks.values()].filter((c) => c.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, got ${entries.length}`);
  const ours = (names: string[]) => names.filter((name) => chunks.has(name));
  const graph = walkGraph(entries[0]!.fileName, (name) => ({
    static: ours(chunks.get(name)!.imports),
    // What only a page that turns on Parcelas or the document loads, or one whose frame fails or that sets overrides, is not what `import` costs (page-loads.ts).
    dynamic: ours(chunks.get(name)!.dynamicImports).filter((each) => !OPT_IN.test(each) && !whenNeeded(each)),
  }));
  const toChunks = (files: GraphFile[]) => files.map((f) => toChunk(chunks.get(f.path)!));
  return { eager: toChunks(graph.eager), lazy: toChunks(graph.lazy) };
}

/** Library mode as vite.config.ts sets it; `external`: module ids left out (imported instead), to measure what each costs (module-cost.ts). */
function libraryBuild(entry: string, root: string, external: string[], codeSplitting: boolean) {
  return build({
    configFile: false,
    root,
    logLevel: 'silent',
    // Peers written for bundlers read this to drop their development-only code.
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      target: 'es2022',
      copyPublicDir: false,
      lib: { entry, formats: ['es'], fileName: 'bundle' },
      rolldownOptions: { external, preserveEntrySignatures: 'allow-extension', output: { minify: true, codeSplitting } },
    },
  });
}

export async function bundleForBrowser(entry: string, root: string, external: string[] = []): Promise<Bundled> {
  return onlyChunk(await libraryBuild(entry, root, external, false));
}

export async function splitForBrowser(entry: string, root: string, external: string[] = []): Promise<Split> {
  return split(await libraryBuild(entry, root, external, true));
}

/**
 * Builds an app whose only module is `source` with plain `vite build`. The
 * package is linked into the app's `node_modules` as an install would place
 * it; its own dependencies resolve from beside it.
 */
export async function bundleAsApp(source: string): Promise<Split> {
  const dir = await mkdtemp(join(tmpdir(), 'pay-card-form-app-'));
  try {
    await mkdir(join(dir, 'node_modules'));
    await symlink(packageRoot, join(dir, 'node_modules', 'pay-card-form'), 'dir');
    await writeFile(join(dir, 'index.html'), '<!doctype html>\n<script type="module" src="./main.js"></script>\n');
    await writeFile(join(dir, 'main.js'), source);
    return split(await build({ configFile: false, root: dir, logLevel: 'silent', build: { write: false } }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What Vite puts into every app (its module-preload polyfill): the floor the app row is measured above. */
export const EMPTY_APP = 'export {};\n';
export const IMPORTING_APP = "import 'pay-card-form';\n";
