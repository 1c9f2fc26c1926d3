/**
 * The two ways `npm run bench` and the size test bundle code, both stock Vite
 * with no plugin:
 *
 * - `bundleForBrowser`: Vite's library mode with the settings that build
 *   `dist/pay-card-form.js` (vite.config.ts): ES module, es2022, minified.
 *   Every row of the size table, ours and the peers, goes through it.
 * - `bundleAsApp`: what an app gets from `import 'pay-card-form'`: a tiny app
 *   (index.html and one module) in a temp folder, built by `vite build` with
 *   no config at all, resolving the package as installed, so through its
 *   exports map to the built `dist/` (run `npm run build` first).
 */
import { build, type Rolldown } from 'vite';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Bundled {
  code: string;
  /** Rendered bytes per input module, largest first (before compression). */
  modules: { id: string; bytes: number }[];
}

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

type BuildOutput = Awaited<ReturnType<typeof build>>;

/** The one JavaScript chunk a build wrote, with its modules by size. */
function onlyChunk(output: BuildOutput): Bundled {
  const results = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunks = results.flatMap((r) => r.output).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`expected one chunk, got ${chunks.length}`);
  const chunk = chunks[0]!;
  const modules = Object.entries(chunk.modules)
    .map(([id, m]) => ({ id, bytes: m.renderedLength }))
    .filter((m) => m.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
  return { code: chunk.code, modules };
}

/** `external`: module ids left out of the bundle (imported instead), to measure what each costs (module-cost.ts). */
export async function bundleForBrowser(entry: string, root: string, external: string[] = []): Promise<Bundled> {
  return onlyChunk(
    await build({
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
        rolldownOptions: { external, output: { minify: true, codeSplitting: false } },
      },
    }),
  );
}

/**
 * Builds an app whose only module is `source` with plain `vite build`. The
 * package is linked into the app's `node_modules` as an install would place
 * it; its own dependencies resolve from beside it.
 */
export async function bundleAsApp(source: string): Promise<Bundled> {
  const dir = await mkdtemp(join(tmpdir(), 'pay-card-form-app-'));
  try {
    await mkdir(join(dir, 'node_modules'));
    await symlink(packageRoot, join(dir, 'node_modules', 'pay-card-form'), 'dir');
    await writeFile(join(dir, 'index.html'), '<!doctype html>\n<script type="module" src="./main.js"></script>\n');
    await writeFile(join(dir, 'main.js'), source);
    return onlyChunk(await build({ configFile: false, root: dir, logLevel: 'silent', build: { write: false } }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What Vite puts into every app (its module-preload polyfill): the floor the app row is measured above. */
export const EMPTY_APP = 'export {};\n';
export const IMPORTING_APP = "import 'pay-card-form';\n";
