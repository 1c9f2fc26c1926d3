/**
 * Workers in workerd, as the tests run them through Miniflare: bundled as
 * wrangler bundles them, and a D1 database filled from a schema file.
 */
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';
import type { Miniflare } from 'miniflare';

type D1Database = Awaited<ReturnType<Miniflare['getD1Database']>>;

/**
 * One ES module for workerd, as wrangler bundles a Worker: minified, for a
 * neutral platform with the Workers' conditions, so a `node:` import fails
 * the build rather than the Worker. `cwd` is where packages resolve from.
 */
export async function bundleWorker(entry: string, cwd?: string): Promise<string> {
  const bundled = await build({
    entryPoints: [entry],
    ...(cwd ? { absWorkingDir: cwd } : {}),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
  });
  return bundled.outputFiles[0]!.text;
}

/** Runs a schema file in a D1 database: one statement a line, `--` comments skipped, as the examples write them. */
export async function applySchema(db: D1Database, file: string): Promise<void> {
  const statements = (await readFile(file, 'utf8')).split('\n').filter((line) => line && !line.startsWith('--'));
  await db.batch(statements.map((statement) => db.prepare(statement)));
}
