/**
 * The layout says where code runs (docs/architecture.md), and this holds it
 * to that: no two folders of `src/` import each other, tests included; a
 * folder reaches the package's entry points (`src/*.ts`) only from its tests;
 * and a test's file name says where it runs, matching its folder, so each
 * tool's one glob picks it up and each tsconfig types it for its runtime.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../src/', import.meta.url));

/** The `src/` folders a tsconfig's `include` names. */
const foldersOf = (config: string) =>
  new Set(
    (JSON.parse(readFileSync(new URL(`../${config}`, import.meta.url), 'utf8')) as { include: string[] }).include
      .map((pattern) => /^src\/([\w-]+)\/\*\*\/\*\.ts$/.exec(pattern)?.[1])
      .filter((folder) => folder !== undefined),
  );
/** The folders whose code runs in a browser, as the browser tsconfig types them; their tests run in Chromium. */
const BROWSER = foldersOf('tsconfig.json');
/** The folders whose code runs anywhere, typed without the DOM; their tests run in Node. */
const ANYWHERE = foldersOf('tsconfig.node.json');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

const SOURCES = files(root).map((file) => relative(root, file));
/** `element/pay-card-form.ts` → `element`; an entry point (`index.ts`) → null. */
const folderOf = (path: string) => (path.includes('/') ? path.split('/')[0]! : null);
const isTest = (path: string) => /\.test\.ts$|test-helpers\.ts$/.test(path);

/** Every relative import of every file, as [importer, imported], both relative to `src/`. */
const IMPORTS = SOURCES.flatMap((file) =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/(?:^|\s)(?:import|export)\b[^'"]*?['"](\.\.?\/[^'"]+)['"]/g)]
    .map((match) => normalize(join(dirname(file), match[1]!)))
    .filter((target) => !target.startsWith('..'))
    .map((target): [string, string] => [file, target]),
);

test('the import scan sees the imports it must', () => {
  assert.ok(IMPORTS.length > 300, `${IMPORTS.length} imports`);
  assert.ok(IMPORTS.some(([from, to]) => from === 'element/pay-card-form.ts' && to.startsWith('channel/')));
});

test('each folder is typed for where it runs, by one tsconfig', () => {
  const folders = [...new Set(SOURCES.map(folderOf).filter((folder) => folder !== null))].filter((folder) => folder !== 'types');
  assert.ok(BROWSER.has('element') && ANYWHERE.has('card'), 'the tsconfigs are read');
  assert.deepEqual(
    folders.filter((folder) => BROWSER.has(folder) === ANYWHERE.has(folder)),
    [],
    'in neither tsconfig, or in both',
  );
});

test('no two folders of src/ import each other', () => {
  const edges = new Map<string, string[]>();
  for (const [from, to] of IMPORTS) {
    const [a, b] = [folderOf(from), folderOf(to)];
    if (!a || !b || a === b) continue;
    edges.set(`${a} → ${b}`, [...(edges.get(`${a} → ${b}`) ?? []), `${from} imports ${to}`]);
  }
  const cycles = [...edges.keys()]
    .filter((edge) => edges.has(edge.split(' → ').reverse().join(' → ')))
    .map((edge) => {
      const why = edges.get(edge)!;
      return `${edge}: ${why.slice(0, 3).join(', ')}${why.length > 3 ? ` and ${why.length - 3} more` : ''}`;
    });
  assert.deepEqual(cycles, []);
});

test('nor do three or more, in a ring', () => {
  const next = new Map<string, Set<string>>();
  for (const [from, to] of IMPORTS) {
    const [a, b] = [folderOf(from), folderOf(to)];
    if (a && b && a !== b) next.set(a, (next.get(a) ?? new Set()).add(b));
  }
  const ring = (start: string): string[] | null => {
    const walk = (folder: string, path: string[]): string[] | null => {
      for (const after of next.get(folder) ?? []) {
        if (after === start) return [...path, after];
        if (!path.includes(after)) {
          const found = walk(after, [...path, after]);
          if (found) return found;
        }
      }
      return null;
    };
    return walk(start, [start]);
  };
  assert.deepEqual(
    [...next.keys()].map(ring).filter((found) => found !== null),
    [],
  );
});

test('a folder reaches the entry points only from its tests', () => {
  const reaching = IMPORTS.filter(([from, to]) => folderOf(from) && !folderOf(to) && !isTest(from)).map(([from, to]) => `${from} → ${to}`);
  assert.deepEqual(reaching, []);
});

test('each test says where it runs, and runs where its folder’s code does', () => {
  const misplaced = SOURCES.filter((file) => file.endsWith('.test.ts')).filter((file) => {
    const browser = file.endsWith('.browser.test.ts');
    return browser !== BROWSER.has(folderOf(file) ?? '');
  });
  assert.deepEqual(misplaced, []);
});
