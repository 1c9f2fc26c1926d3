/**
 * `npm run bench` (second part): what one keystroke costs the page's main
 * thread, measured in Chromium from outside the page. One page holds
 * `<pay-card-form mode="inline">` (the built ES module and the chunks it
 * loads, served from `dist/`; run `npm run build` first), imask and cleave.js
 * each on a plain input, and a bare input. Each
 * gets the same real key presses (a card number typed, then deleted, a few
 * times) and the Chrome DevTools Protocol's `Performance.getMetrics`
 * counters, read before and after, give the main thread's time per key: all
 * of it (`TaskDuration`), script (`ScriptDuration`), and style plus layout
 * (`RecalcStyleDuration` + `LayoutDuration`). Thread time, not wall time, so
 * other work on the machine moves the figures less.
 *
 * The contenders take turns within each run, and each figure is the median
 * of the runs. Timings live here and in docs/benchmarks.md only; no test
 * ever times anything.
 */
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from 'playwright';
import { launchChromium } from '../test/chromium.js';
import { bundleForBrowser } from './bundle.js';
import { installPeers } from './install-peers.js';
import { writeResults } from './results-doc.js';

const fromBench = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Where the page and `dist/` are served from, inside Playwright (`page.route`): no server, no port. */
const ORIGIN = 'https://keystrokes.test';
/** The isolated form's frame, from another site, as the tokenization service serves it: Chromium gives it a process of its own. */
const FRAME_ORIGIN = 'https://cards.test';

/** The same keys for every input: a Visa test number, typed and then deleted, `CYCLES` times per run. */
const NUMBER = '4111111111111111';
const FORMATTED = '4111 1111 1111 1111';
/** Enough to empty a formatted field even if a deletion only moves past a space. */
const BACKSPACES = FORMATTED.length + 1;
const CYCLES = 2;
const KEYS_PER_RUN = CYCLES * (NUMBER.length + BACKSPACES);
const RUNS = 9;
/** A pause after each key, so each one gets its own frame as a person's typing does. */
const BETWEEN_KEYS_MS = 30;
/** Long enough for a key's trailing work (animations, deferred updates) to finish before counters are read. */
const SETTLE_MS = 400;

interface Contender {
  name: string;
  what: string;
  /** A Playwright selector for the input the keys go to (inside the frame, for the isolated form). */
  input: string;
  /** The isolated form: the keys go to its frame, whose process's main thread is counted too. */
  framed?: boolean;
}

const CONTENDERS: Contender[] = [
  { name: 'pay-card-form', what: 'the element: formatting with caret, brand badge, validation, messages', input: 'pay-card-form #number' },
  {
    name: 'pay-card-form, isolated',
    what: "the same form in its frame, from another site: the frame's process and the page's, added",
    input: '#number',
    framed: true,
  },
  { name: 'imask', what: 'plain input, 4-4-4-4 mask', input: '#imask' },
  { name: 'cleave.js', what: 'plain input, `creditCard: true` (formatting by brand)', input: '#cleave' },
  { name: 'bare input', what: 'plain input, no script: the floor', input: '#bare' },
  {
    name: 'bare input, no placeholder',
    what: 'the same without a placeholder: what Chromium spends on one',
    input: '#bare-no-placeholder',
  },
];

/**
 * Every input shows the element's own card-number placeholder, as a card
 * field on a checkout page does. Chromium restyles an input's placeholder on
 * every change of its value, whatever script runs (a trace of a bare input
 * with a placeholder shows one style recalculation per key, none without), so
 * inputs without one would leave that cost to our row alone. The last row
 * shows what it costs.
 */
const PLACEHOLDER = '1234 1234 1234 1234';

interface PerKey {
  /** Milliseconds of main-thread time per key (for the isolated form, both processes'). */
  task: number;
  /** The page's process alone (for the isolated form; the others' whole figure is the page's). */
  pageTask: number;
  script: number;
  styleLayout: number;
}

async function counters(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

async function typeAndDelete(page: Page): Promise<void> {
  for (const key of NUMBER) {
    await page.keyboard.press(key);
    await page.waitForTimeout(BETWEEN_KEYS_MS);
  }
  for (let i = 0; i < BACKSPACES; i++) {
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(BETWEEN_KEYS_MS);
  }
}

/** The input a contender's keys go to. */
const inputOf = (page: Page, contender: Contender) =>
  contender.framed ? page.frameLocator('#isolated iframe').locator(contender.input) : page.locator(contender.input);

/** One run for one contender: the keys of `CYCLES` cycles, the counters' growth divided by the key count, in each process the keys reach. */
async function measureRun(page: Page, sessions: { page: CDPSession; frame: CDPSession }, contender: Contender): Promise<PerKey> {
  await inputOf(page, contender).focus();
  await page.waitForTimeout(SETTLE_MS);
  const watched = contender.framed ? [sessions.page, sessions.frame] : [sessions.page];
  const before = await Promise.all(watched.map(counters));
  for (let i = 0; i < CYCLES; i++) await typeAndDelete(page);
  await page.waitForTimeout(SETTLE_MS);
  const after = await Promise.all(watched.map(counters));
  const perKey = (name: string, only?: number) =>
    (watched.reduce((sum, _, i) => (only === undefined || only === i ? sum + after[i]![name]! - before[i]![name]! : sum), 0) * 1000) /
    KEYS_PER_RUN;
  return {
    task: perKey('TaskDuration'),
    pageTask: perKey('TaskDuration', 0),
    script: perKey('ScriptDuration'),
    styleLayout: perKey('RecalcStyleDuration') + perKey('LayoutDuration'),
  };
}

/** Before anything is counted: each input formats the number as expected and empties again, and the code is warm. */
async function check(page: Page, contender: Contender): Promise<void> {
  const input = inputOf(page, contender);
  await input.focus();
  for (const key of NUMBER) await page.keyboard.press(key);
  const typed = await input.inputValue();
  const expected = contender.name.startsWith('bare input') ? NUMBER : FORMATTED;
  if (typed !== expected) throw new Error(`${contender.name}: typing gave "${typed}", expected "${expected}"`);
  for (let i = 0; i < BACKSPACES; i++) await page.keyboard.press('Backspace');
  const left = await input.inputValue();
  if (left !== '') throw new Error(`${contender.name}: ${BACKSPACES} Backspaces left "${left}"`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

await readFile(fromBench('../dist/pay-card-form.js')).catch(() => {
  throw new Error('dist/pay-card-form.js is missing: run `npm run build` first.');
});
installPeers();
const { code: peers } = await bundleForBrowser(fromBench('keystroke-page.js'), fromBench('.'));
// `</script` cannot appear inside an inline script; the bundle should not contain it, but never risk a broken page.
if (/<\/script/i.test(peers)) throw new Error('the peers bundle contains "</script": inline it another way');

const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>keystroke benchmark</title></head>
  <body>
    <pay-card-form mode="inline" public-key="pk_test_51LojaExemploActive0001" base-url="http://127.0.0.1:9"></pay-card-form>
    <pay-card-form id="isolated" public-key="pk_test_51LojaExemploActive0001" base-url="${FRAME_ORIGIN}"></pay-card-form>
    <p><label>imask <input id="imask" inputmode="numeric" autocomplete="off" placeholder="${PLACEHOLDER}"></label></p>
    <p><label>cleave.js <input id="cleave" inputmode="numeric" autocomplete="off" placeholder="${PLACEHOLDER}"></label></p>
    <p><label>bare <input id="bare" inputmode="numeric" autocomplete="off" placeholder="${PLACEHOLDER}"></label></p>
    <p><label>bare, no placeholder <input id="bare-no-placeholder" inputmode="numeric" autocomplete="off"></label></p>
    <script type="module" src="/dist/pay-card-form.js"></script>
    <script type="module">${peers}</script>
  </body>
</html>`;

// Thread time moves less than wall time with the machine's other work, but it moves: the doc states how busy it was.
const load = loadavg()[0]!.toFixed(1);
const browser = await launchChromium();
const rows = new Map<string, PerKey[]>(CONTENDERS.map((c) => [c.name, []]));
const pageErrors: Error[] = [];
const version = browser.version();
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  // The page and the built files from one made-up origin, answered here: the ES module loads its inline form as a page would.
  await page.route(`${ORIGIN}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/') return route.fulfill({ contentType: 'text/html', body: html });
    const file = /^\/dist\/((?:chunks\/)?[\w-]+\.js)$/.exec(pathname)?.[1];
    const body = file && (await readFile(fromBench(`../dist/${file}`)).catch(() => null));
    return body ? route.fulfill({ contentType: 'text/javascript', body }) : route.fulfill({ status: 404 });
  });
  // The frame's page and scripts, as the tokenization service serves them at {base}/frame/v1/.
  await page.route(`${FRAME_ORIGIN}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    const file = /^\/frame\/v1\/((?:assets\/)?[\w.-]+\.(?:html|js|css))$/.exec(pathname)?.[1];
    const body = file && (await readFile(fromBench(`../dist/card-frame/${file}`)).catch(() => null));
    const contentType = file?.endsWith('.html') ? 'text/html' : file?.endsWith('.css') ? 'text/css' : 'text/javascript';
    return body ? route.fulfill({ contentType, body }) : route.fulfill({ status: 404 });
  });
  await page.goto(`${ORIGIN}/`);
  await page.locator('pay-card-form #number').waitFor();
  await page.frameLocator('#isolated iframe').locator('#number').waitFor();
  for (const contender of CONTENDERS) await check(page, contender);
  const frame = page.frames().find((f) => f.url().startsWith(FRAME_ORIGIN));
  if (!frame) throw new Error(`no frame from ${FRAME_ORIGIN}`);
  // A session of the frame's own: its process's counters (Chromium runs a frame from another site out of process).
  const sessions = { page: await page.context().newCDPSession(page), frame: await page.context().newCDPSession(frame) };
  for (const session of Object.values(sessions)) await session.send('Performance.enable', { timeDomain: 'threadTicks' });
  for (let run = 0; run < RUNS; run++) {
    // A different contender goes first in each run, so none always meets a fresh or a tired page.
    for (let i = 0; i < CONTENDERS.length; i++) {
      const contender = CONTENDERS[(run + i) % CONTENDERS.length]!;
      rows.get(contender.name)!.push(await measureRun(page, sessions, contender));
    }
    process.stderr.write(`keystrokes: run ${run + 1} of ${RUNS} done\n`);
  }
} finally {
  await browser.close();
}
// Other work can start or stop while the runs go: the doc gives the load at both ends.
const loadAfter = loadavg()[0]!.toFixed(1);
// A page that threw while typing measured a broken input, not a slow one.
if (pageErrors.length > 0) throw pageErrors[0];

const ms = (value: number) => value.toFixed(3);
const medians = new Map(
  [...rows].map(([name, runs]) => [
    name,
    {
      task: median(runs.map((r) => r.task)),
      pageTask: median(runs.map((r) => r.pageTask)),
      script: median(runs.map((r) => r.script)),
      styleLayout: median(runs.map((r) => r.styleLayout)),
    },
  ]),
);
const range = (name: string, key: keyof PerKey) => {
  const values = rows.get(name)!.map((r) => r[key]);
  return `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
};
const m = (name: string) => medians.get(name)!;

const lines = [
  `Measured by \`npm run bench\` in Chromium ${version} (headless, Playwright), on Node ${process.versions.node}. One page, one input per row, the same real key presses for each: ${NUMBER} typed and then ${BACKSPACES} Backspaces, ${CYCLES} times per run (${KEYS_PER_RUN} keys), ${BETWEEN_KEYS_MS} ms apart so each key gets its own frame. Main-thread time per key from the DevTools Protocol's \`Performance.getMetrics\` (thread time), the median of ${RUNS} runs in rotating order; the range of the runs in brackets. Compare rows, not machines. Load average when the runs began: ${load} on ${cpus().length} CPUs; when they ended: ${loadAfter}.`,
  '',
  '| input | what it does | whole main thread per key | script | style and layout |',
  '| --- | --- | ---: | ---: | ---: |',
  ...CONTENDERS.map(
    (c) =>
      `| ${c === CONTENDERS[0] ? `**${c.name}**` : c.name} | ${c.what} | ${ms(m(c.name).task)} ms (${range(c.name, 'task')}) | ${ms(m(c.name).script)} ms | ${ms(m(c.name).styleLayout)} ms |`,
  ),
  '',
  `Isolated, both processes: ${ms(m('pay-card-form, isolated').task)} ms per key, ${(m('pay-card-form, isolated').task / m('imask').task).toFixed(2)}× imask's whole main thread (must: at most 1.2×; goal: 1.1×), of which the page's process ${ms(m('pay-card-form, isolated').pageTask)} ms while the shopper types in the frame.`,
  '',
  `Goals: whole main thread per key at or below imask's: ${m('pay-card-form').task <= m('imask').task ? 'met' : 'not met'} (${ms(m('pay-card-form').task)} against ${ms(m('imask').task)} ms); script per key at or below cleave.js's: ${m('pay-card-form').script <= m('cleave.js').script ? 'met' : 'not met'} (${ms(m('pay-card-form').script)} against ${ms(m('cleave.js').script)} ms). Style and layout per key: ${(m('pay-card-form').styleLayout / m('imask').styleLayout).toFixed(1)}× imask's.`,
];
const generated = lines.join('\n');

await writeResults('speed', generated);
console.log(generated);
