/**
 * One way to bundle every contender: Vite's library mode (rolldown), ES
 * module, browser resolution, production conditions, fully minified, then the
 * terser pass that `dist/pay-card-form.js` also gets (vite.config.ts), so ours
 * and the peers are measured on equal terms.
 */
import { build, type PluginOption, type Rolldown } from 'vite';

export interface Bundled {
  code: string;
  /** Rendered bytes per input module, largest first (before compression). */
  modules: { id: string; bytes: number }[];
}

/** `plugins` are the build plugins the bundle ships with: for ours, those of the script-tag build; for every bundle, the terser pass. */
export async function bundleForBrowser(entry: string, root: string, plugins: PluginOption[] = []): Promise<Bundled> {
  const output = await build({
    configFile: false,
    root,
    plugins,
    logLevel: 'silent',
    // Peers written for bundlers read this to drop their development-only code.
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      target: 'es2022',
      copyPublicDir: false,
      lib: { entry, formats: ['es'], fileName: 'bundle' },
      rolldownOptions: { output: { minify: true, codeSplitting: false } },
    },
  });
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
