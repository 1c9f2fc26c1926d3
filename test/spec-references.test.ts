/**
 * Section references to the service contract stay true.
 *
 * Comments, tests and docs cite the contract by section (`§5.2`, `§7.2`).
 * docs/spec-index.md lists every section of the contract in its numbering.
 * This test holds the two together:
 *
 * - every reference in src/, test/, docs/ and README.md names a section the
 *   index lists;
 * - every section the index lists exists in the contract, under the same
 *   heading, and every section of the contract is in the index.
 *
 * The contract lives outside the repository, in the team's shared folder
 * beside it; where it is absent (a fresh clone, CI), the second half is
 * skipped and says so.
 *
 * This file writes the section sign as `\u00a7` wherever it is not part of a
 * real reference, since the test reads its own source too.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const INDEX = new URL('../docs/spec-index.md', import.meta.url);
const SPEC = new URL('../../shared/spec/payment-service-interface.md', import.meta.url);

const SIGN = '\u00a7';
const NUMBER = String.raw`\d+(?:\.\d+)*`;
/** After one sign: a range (en dash, em dash or hyphen) or a pair with a slash, e.g. 4.2–4.8, 3.2/3.3. */
const JOIN_ONE = String.raw`\s?[-–—/]\s?${SIGN}?${NUMBER}`;
/** After a double sign (plural), also lists: 4.2, 4.3 and 5.1. */
const JOIN_MANY = String.raw`${JOIN_ONE}|,\s?${SIGN}?${NUMBER}|\s(?:and|to)\s${SIGN}?${NUMBER}`;
const REFERENCE = new RegExp(String.raw`${SIGN}${SIGN}\s?${NUMBER}(?:${JOIN_MANY})*|${SIGN}\s?${NUMBER}(?:${JOIN_ONE})*`, 'g');
/** A section of another standard, named in front of the sign: RFC 4648 §4. */
const OTHER_STANDARD = /\b(?:RFC|ISO|IEC|ECMA|EMV|BCP|ITU)[-\s]?[\d.:-]+\s*$/;

interface Reference {
  /** 1-based line of the text it was found on. */
  line: number;
  /** The text as written, e.g. `§4.2–§4.8`. */
  raw: string;
  /** Every section it names; a range names each one it spans. */
  sections: string[];
}

/**
 * Expands `from`–`to`. Both must sit under the same parent with `from` first;
 * `to` may leave out the parent (4.2–8). Anything else comes back as one
 * unexpanded string, which no index lists.
 */
function expandRange(from: string, to: string): string[] {
  const a = from.split('.').map(Number);
  const short = to.split('.').map(Number);
  const b = short.length < a.length ? [...a.slice(0, a.length - short.length), ...short] : short;
  const sameParent = a.length === b.length && a.slice(0, -1).every((part, i) => part === b[i]);
  const first = a[a.length - 1];
  const last = b[b.length - 1];
  if (!sameParent || first >= last) return [`${from}–${to}`];
  const parent = a.slice(0, -1);
  return Array.from({ length: last - first + 1 }, (_, i) => [...parent, first + i].join('.'));
}

/** Every contract reference in a text, line by line. */
function findReferences(text: string): Reference[] {
  const found: Reference[] = [];
  text.split('\n').forEach((content, i) => {
    for (const match of content.matchAll(REFERENCE)) {
      if (OTHER_STANDARD.test(content.slice(0, match.index))) continue;
      const raw = match[0];
      const parts = [...raw.matchAll(new RegExp(`(${NUMBER})`, 'g'))];
      const sections: string[] = [];
      parts.forEach((part, j) => {
        const between = j === 0 ? '' : raw.slice(parts[j - 1].index + parts[j - 1][0].length, part.index);
        if (/[-–—]/.test(between)) {
          sections.pop();
          sections.push(...expandRange(parts[j - 1][1], part[1]));
        } else {
          sections.push(part[1]);
        }
      });
      found.push({ line: i + 1, raw, sections });
    }
  });
  return found;
}

interface IndexEntry {
  section: string;
  title: string;
  anchor: string | undefined;
}

/** The rows of docs/spec-index.md's tables whose first cell is a section. */
function readIndex(markdown: string): IndexEntry[] {
  const row = new RegExp(String.raw`^\|\s*(?:<a id="([^"]*)"></a>)?${SIGN}(${NUMBER})\s*\|\s*([^|]*?)\s*\|`);
  return markdown.split('\n').flatMap((line) => {
    const m = row.exec(line);
    return m ? [{ anchor: m[1], section: m[2], title: m[3] }] : [];
  });
}

/**
 * The contract's sections: its numbered headings (`## 2.`, `### 2.1`), and
 * the items of a numbered list under one of them, as a further level
 * (item 2 under 5.2 is 5.2.2). Items have no title of their own.
 */
function readSpecSections(markdown: string): Map<string, string | undefined> {
  const sections = new Map<string, string | undefined>();
  let current: string | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^#{2,6}\s+(\d+(?:\.\d+)*)\.?\s+(.+?)\s*$/.exec(line);
    if (heading) {
      current = heading[1];
      sections.set(current, heading[2]);
      continue;
    }
    if (/^#/.test(line)) current = undefined;
    const item = /^(\d+)\.\s/.exec(line);
    if (item && current) sections.set(`${current}.${item[1]}`, undefined);
  }
  return sections;
}

/** What a set of references names that `known` lacks, one line each. */
function unknownReferences(file: string, text: string, known: ReadonlySet<string>): string[] {
  return findReferences(text).flatMap(({ line, raw, sections }) =>
    sections.filter((s) => !known.has(s)).map((s) => `${file}:${line}: ${SIGN}${s} (written "${raw}")`),
  );
}

/** The files whose references are checked: src/ and test/ TypeScript, docs/ Markdown, the README. */
async function referencingFiles(): Promise<string[]> {
  const under = async (dir: string, ending: string) =>
    (await readdir(join(ROOT, dir), { recursive: true }))
      .filter((name) => name.endsWith(ending) && !name.split(/[\\/]/).includes('node_modules'))
      .map((name) => join(dir, name));
  return [...(await under('src', '.ts')), ...(await under('test', '.ts')), ...(await under('docs', '.md')), 'README.md'].sort();
}

const s = (n: string) => `${SIGN}${n}`;

describe('reading references', () => {
  const sections = (text: string) => findReferences(text).flatMap((r) => r.sections);

  it('reads single sections, with or without a sentence around them', () => {
    assert.deepEqual(sections(`see ${s('5.2')}: signing`), ['5.2']);
    assert.deepEqual(sections(`(${s('5.2.2')}).`), ['5.2.2']);
    assert.deepEqual(sections(`as ${s('2.4')}.`), ['2.4']);
    assert.deepEqual(sections(`${s('7.2')}'s 400`), ['7.2']);
    assert.deepEqual(sections(`${s('7.2')} 4003005`), ['7.2']);
  });

  it('expands ranges and reads pairs', () => {
    assert.deepEqual(sections(`${s('4.2')}–${s('4.5')}`), ['4.2', '4.3', '4.4', '4.5']);
    assert.deepEqual(sections(`${s('2.6')}–2.8`), ['2.6', '2.7', '2.8']);
    assert.deepEqual(sections(`${SIGN}${s('5.2')}–5.3`), ['5.2', '5.3']);
    assert.deepEqual(sections(`${s('3.2')}/${s('3.3')} and ${s('4.2')}/4.3`), ['3.2', '3.3', '4.2', '4.3']);
    assert.deepEqual(sections(`${SIGN}${s('4.2')}, 4.3 and 5.1`), ['4.2', '4.3', '5.1']);
  });

  it('does not run a single reference on into the numbers after it', () => {
    assert.deepEqual(sections(`(${s('4.2')}–${s('4.3')}, 31 operations)`), ['4.2', '4.3']);
  });

  it('leaves out sections of other standards', () => {
    assert.deepEqual(sections(`RFC 4648 ${s('4')}`), []);
  });

  it('reports a backwards range, and a section the index lacks, with file and line', () => {
    const known = new Set(['4.2', '4.3', '5.2']);
    assert.deepEqual(unknownReferences('a.ts', `ok ${s('5.2')}\n// ${s('4.3')}–${s('4.2')} and ${s('12.4')}`, known), [
      `a.ts:2: ${s('4.3–4.2')} (written "${s('4.3')}–${s('4.2')}")`,
      `a.ts:2: ${s('12.4')} (written "${s('12.4')}")`,
    ]);
  });
});

const entries = readIndex(await readFile(INDEX, 'utf8'));
const listed = new Set(entries.map((e) => e.section));
const specPresent = existsSync(fileURLToPath(SPEC));
const skip = specPresent ? false : 'the contract (payment-service-interface.md) is not beside the repository, in ../shared/spec/';

describe('docs/spec-index.md', () => {
  it('lists each section once, with an anchor named after its number', () => {
    assert.ok(entries.length > 0, 'no section rows found in docs/spec-index.md');
    assert.equal(listed.size, entries.length, 'a section is listed twice');
    const wrong = entries.filter((e) => e.anchor !== `s${e.section.replaceAll('.', '-')}`);
    assert.deepEqual(
      wrong.map((e) => `${s(e.section)}: anchor ${e.anchor ?? '(none)'}`),
      [],
    );
  });

  it('names every section that src/, test/, docs/ and README.md cite', async () => {
    const unknown: string[] = [];
    for (const file of await referencingFiles()) {
      unknown.push(...unknownReferences(file, await readFile(join(ROOT, file), 'utf8'), listed));
    }
    assert.deepEqual(unknown, [], `references to sections docs/spec-index.md does not list:\n${unknown.join('\n')}`);
  });

  it('lists only sections the contract has, under its headings', { skip }, async () => {
    const spec = readSpecSections(await readFile(SPEC, 'utf8'));
    const problems = entries.flatMap(({ section, title }) => {
      if (!spec.has(section)) return [`${s(section)} is not in the contract`];
      const heading = spec.get(section);
      return heading !== undefined && heading !== title
        ? [`${s(section)}: the contract's heading is "${heading}", the index says "${title}"`]
        : [];
    });
    assert.deepEqual(problems, []);
  });

  it('lists every section the contract has', { skip }, async () => {
    const spec = readSpecSections(await readFile(SPEC, 'utf8'));
    assert.deepEqual([...spec.keys()].filter((section) => !listed.has(section)).map(s), []);
  });
});
