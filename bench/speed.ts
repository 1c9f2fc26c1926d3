/**
 * `npm run bench` (second half): how much work one keystroke costs, ours
 * beside the peers that do the same job, in the same run on the same machine.
 * Timings live here and in docs/benchmarks.md only; no test ever times
 * anything. Each figure is the median of several rounds, after a warm-up, so
 * one noisy round does not move it.
 */
import { writeResults } from './results-doc.js';
import { createRequire } from 'node:module';
import { detectBrand, preprocessCardNumber, validateNumber } from '../src/core.js';

// Peers come from bench/node_modules, which `npm run bench` installs (size.ts) and a
// plain `npm ci` does not: names are passed as values so type-checking never needs them.
const peer = (name: string): unknown => createRequire(import.meta.url)(name);
const creditCardType = peer('credit-card-type') as (n: string) => { type: string }[];
const cardValidator = peer('card-validator') as { number(n: string): { isValid: boolean } };
const imaskModule = 'imask';
const { default: IMask } = (await import(imaskModule)) as {
  default: { createMask(o: { mask: string }): { resolve(v: string): string } };
};

/** What a shopper's keystrokes look like: every prefix of a few real test numbers. */
const NUMBERS = ['4111111111111111', '5555555555554444', '378282246310005', '6363680000000007', '6011111111111117'];
const PREFIXES = NUMBERS.flatMap((n) => Array.from({ length: n.length }, (_, i) => n.slice(0, i + 1)));

const ROUNDS = 9;
const BATCH = 4_000;

/** Median nanoseconds per call of `fn` over the prefixes. */
function time(fn: (input: string) => unknown): number {
  let sink = 0;
  const run = () => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < BATCH; i++) sink ^= fn(PREFIXES[i % PREFIXES.length]!) ? 1 : 0;
    return Number(process.hrtime.bigint() - start) / BATCH;
  };
  run(); // warm-up: let the JIT compile both sides before we count
  const rounds = Array.from({ length: ROUNDS }, run).sort((a, b) => a - b);
  if (sink === 2) console.log(''); // keeps the results observable, so the loop is not optimised away
  return rounds[Math.floor(ROUNDS / 2)]!;
}

const imaskCard = IMask.createMask({ mask: '0000 0000 0000 0000' });

const TASKS: { task: string; rows: { name: string; fn: (s: string) => unknown }[] }[] = [
  {
    task: 'Detect the brand of a partial number',
    rows: [
      { name: 'pay-card-form `detectBrand`', fn: (s) => detectBrand(s) },
      { name: 'credit-card-type', fn: (s) => creditCardType(s)[0]?.type },
    ],
  },
  {
    task: 'Validate a number (length, brand, Luhn)',
    rows: [
      { name: 'pay-card-form `validateNumber`', fn: (s) => validateNumber(s) === null },
      { name: 'card-validator `number`', fn: (s) => cardValidator.number(s).isValid },
    ],
  },
  {
    task: 'Reformat the field after a keystroke',
    rows: [
      {
        name: 'pay-card-form `preprocessCardNumber` (with caret)',
        fn: (s) => preprocessCardNumber(s, { caretIndex: s.length, prevViewValue: s.slice(0, -1), inputType: 'insertText' }).viewValue,
      },
      { name: 'imask `resolve` (fixed 4-4-4-4 mask, no caret)', fn: (s) => imaskCard.resolve(s) },
    ],
  },
];

const lines = [
  `Measured by \`npm run bench\` on Node ${process.versions.node}: median of ${ROUNDS} rounds of ${BATCH} calls over every prefix of ${NUMBERS.length} test numbers. Lower is better; compare rows within a task, not across machines.`,
  '',
  '| task | implementation | ns per call |',
  '| --- | --- | ---: |',
];
for (const { task, rows } of TASKS) {
  for (const row of rows) lines.push(`| ${task} | ${row.name} | ${Math.round(time(row.fn))} |`);
}
const generated = lines.join('\n');

await writeResults('speed', generated);
console.log(generated);
