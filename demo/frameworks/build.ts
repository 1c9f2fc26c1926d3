/**
 * `npm run build:frameworks`: builds the React, Vue and Svelte examples, each
 * importing `pay-card-form` by its package name, so they get the built
 * package (`dist/`) through the exports map as an installed copy would. Run
 * `npm run build` first. test/frameworks.test.ts builds them the same way.
 */
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

export const FRAMEWORKS = ['react', 'vue', 'svelte'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

/** The example's folder. */
export function appDir(framework: Framework): string {
  return fileURLToPath(new URL(`./${framework}/`, import.meta.url));
}

export interface BuildOptions {
  /** Where the built app goes; defaults to the example's own `dist/`. */
  outDir?: string;
  /** The tokenization service the app talks to (the sandbox's URL in tests). */
  baseUrl?: string;
}

export async function buildFrameworkApp(framework: Framework, options: BuildOptions = {}): Promise<void> {
  await build({
    configFile: `${appDir(framework)}vite.config.ts`,
    logLevel: 'warn',
    define: options.baseUrl ? { 'import.meta.env.VITE_PAY_BASE_URL': JSON.stringify(options.baseUrl) } : {},
    build: { outDir: options.outDir, emptyOutDir: true },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const framework of FRAMEWORKS) {
    await buildFrameworkApp(framework);
    console.log(`built demo/frameworks/${framework}/dist`);
  }
}
