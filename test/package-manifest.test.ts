/**
 * custom-elements.json is generated from the element's JSDoc by
 * @custom-elements-manifest/analyzer (`npm run analyze`) and committed, so the
 * package carries it. This test regenerates it and fails when the committed
 * copy is stale, and checks that it describes the public surface only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const committed = JSON.parse(await readFile(new URL('../custom-elements.json', import.meta.url), 'utf8'));

interface Declaration {
  kind: string;
  tagName?: string;
  attributes?: { name: string }[];
  events?: { name: string; type?: { text: string } }[];
  members?: { name: string; privacy?: string }[];
}

const element = (committed.modules as { declarations: Declaration[] }[])
  .flatMap((m) => m.declarations)
  .find((d) => d.tagName === 'pay-card-form');

test('custom-elements.json matches what the analyzer generates from the sources now', async () => {
  const out = await mkdtemp(join(tmpdir(), 'cem-'));
  try {
    const cem = fileURLToPath(new URL('../node_modules/@custom-elements-manifest/analyzer/cem.js', import.meta.url));
    // The analyzer joins --outdir onto the working directory, so it needs a relative path.
    await promisify(execFile)(process.execPath, [cem, 'analyze', '--quiet', '--outdir', relative(root, out)], { cwd: root });
    const fresh = JSON.parse(await readFile(join(out, 'custom-elements.json'), 'utf8'));
    assert.deepEqual(committed, fresh, 'custom-elements.json is stale: run `npm run analyze`');
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});

test('the manifest declares <pay-card-form> with its attributes and typed events', () => {
  assert.ok(element, 'no declaration with tagName pay-card-form');
  const attributes = element.attributes!.map((a) => a.name);
  for (const name of ['public-key', 'base-url', 'locale', 'submit-label']) assert.ok(attributes.includes(name), `attribute ${name}`);
  const events = Object.fromEntries(element.events!.map((e) => [e.name, e.type?.text]));
  assert.deepEqual(Object.keys(events).sort(), ['change', 'tokenize-error', 'tokenized']);
  assert.match(events.tokenized ?? '', /^CustomEvent<TokenizeResult>$/);
});

test('the manifest shows no private state and points at shipped files', () => {
  assert.deepEqual(
    element!.attributes!.filter((a) => a.name.startsWith('_')),
    [],
  );
  assert.deepEqual(
    element!.members!.filter((m) => m.privacy === 'private' || /^[#_]/.test(m.name)),
    [],
  );
  for (const mod of committed.modules as { path: string }[]) assert.match(mod.path, /^dist\/.+\.js$/);
});
