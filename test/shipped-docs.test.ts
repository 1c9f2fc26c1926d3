/**
 * The docs a merchant reads are the ones in the tarball, inside
 * node_modules/pay-card-form: they must not send the merchant to a file of the
 * repository (`src/`, `demo/`, `bench/`, `test/`) or to a script of ours
 * (`npm start`, `npm run …`), since none of those are in the package.
 * Contributors' pages (CONTRIBUTING.md, docs/architecture.md and the others
 * that package.json's `files` leaves out) may name them freely.
 *
 * CHANGELOG.md ships but is not read here: it records what changed in each
 * release, contributor tooling included, and rewriting past entries would make
 * it wrong about the past. It gives no instructions to follow.
 */
import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

/** Repository folders that are not in the tarball. Not preceded by a path or URL part, so `dist/`, `node_modules/pay-card-form/…` and addresses pass. */
const REPOSITORY_PATH = /(?<![\w./@~-])(src|demo|bench|test)\/[\w./*-]*/g;
/** Our package.json scripts: a merchant's app has its own, and none of ours. */
const OUR_SCRIPT = /\bnpm (?:start\b|run(?:-script)? [\w:-]+)/g;
/** The README's section for people working on the package in a clone of the repository. */
const DEVELOP_HEADING = /^#{2,6}\s+Develop\s*$/;

export interface UnfollowableReference {
  line: number;
  text: string;
}

/**
 * The lines of a Markdown text that speak to merchants, with their 1-based
 * number: all but those under a "Develop" heading (up to the next heading of
 * the same or a higher level). That section speaks to a clone of the
 * repository, and says so.
 */
function merchantLines(markdown: string): Array<[number, string]> {
  const lines: Array<[number, string]> = [];
  let skipBelowLevel = 0;
  markdown.split('\n').forEach((line, index) => {
    const heading = /^(#{1,6})\s/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      if (skipBelowLevel && level <= skipBelowLevel) skipBelowLevel = 0;
      if (DEVELOP_HEADING.test(line)) skipBelowLevel = level;
    }
    if (!skipBelowLevel) lines.push([index + 1, line]);
  });
  return lines;
}

/** The references in a Markdown text that a merchant holding only the package cannot follow, with their line. */
export function unfollowableReferences(markdown: string): UnfollowableReference[] {
  const found: UnfollowableReference[] = [];
  for (const [line, text] of merchantLines(markdown)) {
    for (const pattern of [REPOSITORY_PATH, OUR_SCRIPT]) {
      // A sentence's full stop is not part of the path.
      for (const match of text.matchAll(pattern)) found.push({ line, text: match[0].replace(/\.+$/, '') });
    }
  }
  return found;
}

describe('unfollowableReferences', () => {
  it('catches a source path, in code spans and in prose', () => {
    assert.deepEqual(unfollowableReferences('See `src/server/retry.ts` for the rules.'), [{ line: 1, text: 'src/server/retry.ts' }]);
    assert.deepEqual(unfollowableReferences('Intro\n\nThe helper lives in src/server/ and is tested.'), [{ line: 3, text: 'src/server/' }]);
  });

  it('catches demo, bench and test paths and our scripts', () => {
    const text = ['Run `npm run sandbox`.', 'Or npm start.', 'Copy demo/card-api.ts.', 'bench/size.ts', '(test/e2e.test.ts)'].join('\n');
    assert.deepEqual(
      unfollowableReferences(text).map((r) => `${r.line}:${r.text}`),
      ['1:npm run sandbox', '2:npm start', '3:demo/card-api.ts', '4:bench/size.ts', '5:test/e2e.test.ts'],
    );
  });

  it('lets pass what is in the package, what the merchant runs, and addresses', () => {
    const text = [
      '`dist/card-frame/card.html` ships in the package.',
      'Serve `node_modules/pay-card-form/dist/card-frame/`.',
      'npm install pay-card-form',
      'npx pay-card-form-sandbox --port 4010',
      'https://example.com/src/app.js',
      'Your `./src/checkout.ts` imports it.',
      'A contest/result is not a path of ours.',
    ].join('\n');
    assert.deepEqual(unfollowableReferences(text), []);
  });

  it('skips the Develop section only, up to the next heading of its level', () => {
    const text = ['# Title', '## Develop', 'npm install && npm start', '### Tests', 'npm run test:unit', '## Next', 'npm run sandbox'].join(
      '\n',
    );
    assert.deepEqual(unfollowableReferences(text), [{ line: 7, text: 'npm run sandbox' }]);
  });
});

test('the docs in the tarball send a merchant to nothing outside the package', async () => {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root });
  const files: string[] = JSON.parse(stdout)[0].files.map((f: { path: string }) => f.path);
  const docs = files.filter((f) => f.endsWith('.md') && f !== 'CHANGELOG.md').sort();
  assert.ok(docs.includes('README.md') && docs.some((f) => f.startsWith('docs/')), `docs read: ${docs.join(', ')}`);
  const problems: string[] = [];
  for (const doc of docs) {
    for (const { line, text } of unfollowableReferences(await readFile(`${root}${doc}`, 'utf8'))) problems.push(`${doc}:${line}: ${text}`);
  }
  assert.deepEqual(
    problems,
    [],
    `references a merchant cannot follow (move them to CONTRIBUTING.md or a page left out of files):\n${problems.join('\n')}`,
  );
});

test('relative links in the tarball docs point at files in the tarball', async () => {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root });
  const files = new Set<string>(JSON.parse(stdout)[0].files.map((f: { path: string }) => f.path));
  const broken: string[] = [];
  for (const doc of [...files].filter((f) => f.endsWith('.md') && f !== 'CHANGELOG.md')) {
    const dir = doc.includes('/') ? doc.slice(0, doc.lastIndexOf('/') + 1) : '';
    const text = merchantLines(await readFile(`${root}${doc}`, 'utf8'))
      .map(([, line]) => line)
      .join('\n');
    for (const [, target] of text.matchAll(/\]\(([^)\s#]+\.md)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      const resolved = new URL(target!, `file:///${dir}`).pathname.slice(1);
      if (!files.has(resolved)) broken.push(`${doc}: ${target}`);
    }
  }
  assert.deepEqual(broken, []);
});

/** A picture: Markdown's image syntax, or a link to an image file. */
const PICTURE = /!\[[^\]]*\]\(([^)\s]+)\)|\]\(([^)\s]+\.(?:png|jpe?g|gif|svg|webp))\)/gi;
/**
 * What shipped pictures may weigh together: enough for the ones the docs show, not a folder of every state.
 * 650 KB in fifteen: the card form, Parcelas and the console (about 470 KB) and `<pay-checkout>`'s three states in both themes (195 KB).
 */
const PICTURES_BUDGET = 700 * 1024;

test('every picture the tarball docs show is in the tarball, the tarball ships no other, and they stay small', async () => {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root });
  const packed: { path: string; size: number }[] = JSON.parse(stdout)[0].files;
  const files = new Set(packed.map((f) => f.path));
  const shown = new Set<string>();
  const problems: string[] = [];
  for (const doc of [...files].filter((f) => f.endsWith('.md') && f !== 'CHANGELOG.md')) {
    const dir = doc.includes('/') ? doc.slice(0, doc.lastIndexOf('/') + 1) : '';
    for (const [line, text] of merchantLines(await readFile(`${root}${doc}`, 'utf8'))) {
      for (const match of text.matchAll(PICTURE)) {
        const target = (match[1] ?? match[2])!;
        // An address would load only online, and nothing here could check it.
        if (/^[a-z]+:/i.test(target)) problems.push(`${doc}:${line}: ${target} is not in the package`);
        else if (!files.has(new URL(target, `file:///${dir}`).pathname.slice(1))) problems.push(`${doc}:${line}: ${target} is missing`);
        else shown.add(new URL(target, `file:///${dir}`).pathname.slice(1));
      }
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(shown.size >= 4, `${shown.size} pictures shown`);
  const pictures = packed.filter((f) => /\.(png|jpe?g|gif|svg|webp)$/i.test(f.path) && !f.path.startsWith('dist/'));
  assert.deepEqual(pictures.map((f) => f.path).sort(), [...shown].sort(), 'pictures shipped and pictures shown differ');
  const bytes = pictures.reduce((sum, f) => sum + f.size, 0);
  assert.ok(bytes <= PICTURES_BUDGET, `the pictures weigh ${bytes} B, over ${PICTURES_BUDGET} B`);
});

test('links from the tarball docs to the repository name what it holds', async () => {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root });
  const docs = (JSON.parse(stdout)[0].files as { path: string }[]).map((f) => f.path).filter((f) => f.endsWith('.md'));
  const repository = JSON.parse(await readFile(`${root}package.json`, 'utf8')).repository.url.replace(/^git\+|\.git$/g, '');
  const { stdout: tracked } = await run('git', ['ls-files'], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  const paths = tracked.split('\n');
  const links: string[] = [];
  const missing: string[] = [];
  for (const doc of docs) {
    for (const [, kind, path] of (await readFile(`${root}${doc}`, 'utf8')).matchAll(
      new RegExp(`${repository.replace(/[.]/g, '\\.')}/(blob|tree)/main/([^)\\s#]+)`, 'g'),
    )) {
      links.push(path!);
      const held = kind === 'blob' ? paths.includes(path!) : paths.some((p) => p.startsWith(`${path!.replace(/\/$/, '')}/`));
      if (!held) missing.push(`${doc}: ${kind}/main/${path}`);
    }
  }
  assert.ok(links.length > 0, 'no link to the repository read');
  assert.deepEqual(missing, []);
});
