/**
 * The docs name files of the repository; a file moved or renamed must not
 * leave them pointing at nothing. Benchmark tables that a run of `npm run
 * bench` writes are left to that run. Checked on a fresh clone, as CI runs it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../', import.meta.url));
const DOCS = [
  'README.md',
  'CHANGELOG.md',
  'CONTRIBUTING.md',
  ...readdirSync(`${repo}docs`)
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
/** What `bench/results-doc.ts` writes between its markers. */
const GENERATED = /<!-- bench:([\w-]+):start[\s\S]*?<!-- bench:\1:end -->/g;

test('every path the docs give under src/, test/, bench/ or demo/ exists', () => {
  const missing: string[] = [];
  let seen = 0;
  for (const doc of DOCS) {
    const text = readFileSync(`${repo}${doc}`, 'utf8').replace(GENERATED, '');
    for (const [, path] of text.matchAll(/`((?:src|test|bench|demo)\/[\w./*-]+?)`/g)) {
      // Patterns, and what an install writes (the bench's own peers), are not files of the repository.
      if (path!.includes('*') || path!.includes('node_modules')) continue;
      seen++;
      if (!existsSync(`${repo}${path!.replace(/\/$/, '')}`)) missing.push(`${doc}: ${path}`);
    }
  }
  assert.ok(seen > 50, `${seen} paths read`);
  assert.deepEqual(missing, []);
});
