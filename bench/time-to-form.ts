/**
 * `npm run bench` (last part): how long a page takes to show a card form a
 * shopper can type into, isolated mode against inline, in Chromium on
 * loopback. The merchant's page and the built script-tag files come from one
 * port, the sandbox (serving the frame, as the tokenization origin would)
 * from another, so the frame is cross-origin as in production. Run `npm run
 * build` first.
 *
 * Each run opens the page in a new browser context (an empty cache) and
 * reads, in milliseconds from the page's navigation start:
 *
 * - when `<pay-card-form>` is defined: its script and static imports have
 *   loaded and run;
 * - when `el.ready` resolves, the API's own answer;
 * - when the form is interactive: the card-number input has a layout box in
 *   its document and, in isolated mode, the frame holding it has its height
 *   (the host sets it from the frame's first size report; until then the
 *   frame is 0 px high). A script Playwright adds to every document before
 *   any of its own watches each new shadow root for the input and times it
 *   with a ResizeObserver; times from the frame's document are converted
 *   through `performance.timeOrigin`.
 *
 * Then it types a card number into the input it timed, to prove the form it
 * measured works. Timings live here and in docs/benchmarks.md only: nothing
 * fails for slowness.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Browser, Frame, Page } from 'playwright';
import { launchChromium } from '../test/chromium.js';
import { createSandbox } from '../src/sandbox/sandbox.js';
import { writeResults } from './results-doc.js';
import { watchMarks } from '../test/watch-marks.js';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const MODES = ['isolated', 'inline'] as const;
type Mode = (typeof MODES)[number];
const RUNS = 31;
/** Runs per mode before the counted ones: the browser's own first-use costs. */
const WARM_UP = 2;
const NUMBER = '4242424242424242';
const FORMATTED = '4242 4242 4242 4242';
const CARD_INPUT = 'input[autocomplete="cc-number"]';

const WATCH = watchMarks(CARD_INPUT, { typed: false });

function page(mode: Mode, sandboxUrl: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>time to an interactive form (${mode})</title>
    <script type="module" src="/dist/pay-card-form.js"></script>
  </head>
  <body>
    <pay-card-form mode="${mode}" public-key="pk_test_51LojaExemploActive0001" base-url="${sandboxUrl}"></pay-card-form>
    <script type="module">
      const form = document.querySelector('pay-card-form');
      customElements
        .whenDefined('pay-card-form')
        .then(() => ((window.benchDefined = performance.now()), form.ready))
        .then(() => (window.benchReady = performance.now()));
    </script>
  </body>
</html>`;
}

/** The merchant's side: the two pages and the built files beside `dist/pay-card-form.js`, nothing else. */
async function startMerchant(sandboxUrl: string): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const mode = MODES.find((m) => pathname === `/${m}.html`);
    if (mode) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(mode, sandboxUrl));
    const file = /^\/dist\/((?:chunks\/)?[\w-]+\.js)$/.exec(pathname)?.[1];
    const body = file && (await readFile(`${distDir}${file}`).catch(() => null));
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Timing {
  defined: number;
  ready: number;
  /** Isolated: when the frame's document began to load. */
  frameStart?: number;
  interactive: number;
}

type Marks = { origin: number; input?: number; frameShown?: number; defined?: number; ready?: number };
const marksOf = (target: Page | Frame) =>
  target.evaluate<Marks>(
    `({ origin: performance.timeOrigin, ...window.loadMarks, defined: window.benchDefined, ready: window.benchReady })`,
  );

async function run(browser: Browser, url: string, mode: Mode): Promise<Timing> {
  const context = await browser.newContext();
  try {
    // The frame's input, heard through the binding: Playwright's waitForFunction evaluates its predicate with eval,
    // which the frame's CSP refuses.
    let onFrameInput!: () => void;
    const frameInput = new Promise<void>((resolve) => (onFrameInput = resolve));
    await context.exposeBinding('loadMarked', ({ frame }, name: string) => {
      if (name === 'input' && frame.parentFrame()) onFrameInput();
    });
    const tab = await context.newPage();
    const errors: Error[] = [];
    tab.on('pageerror', (error) => errors.push(error));
    await tab.addInitScript(WATCH);
    await tab.goto(`${url}/${mode}.html`);
    await tab.waitForFunction(
      mode === 'inline' ? 'window.benchReady && window.loadMarks.input' : 'window.benchReady && window.loadMarks.frameShown',
    );
    const top = await marksOf(tab);
    let timing: Timing;
    let input;
    if (mode === 'inline') {
      timing = { defined: top.defined!, ready: top.ready!, interactive: top.input! - top.origin };
      input = tab.locator(`pay-card-form ${CARD_INPUT}`);
    } else {
      const frame = tab.frames().find((f) => f !== tab.mainFrame());
      if (!frame) throw new Error('isolated: the page has no frame');
      await frameInput;
      const inFrame = await marksOf(frame);
      timing = {
        defined: top.defined!,
        ready: top.ready!,
        frameStart: inFrame.origin - top.origin,
        interactive: Math.max(inFrame.input!, top.frameShown!) - top.origin,
      };
      input = tab.frameLocator('pay-card-form iframe').locator(CARD_INPUT);
    }
    // The form measured must be the form that works.
    await input.pressSequentially(NUMBER);
    const typed = await input.inputValue();
    if (typed !== FORMATTED) throw new Error(`${mode}: typing gave "${typed}", expected "${FORMATTED}"`);
    if (errors.length > 0) throw errors[0];
    return timing;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const spread = (values: number[]) => `${ms(median(values))} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;

await readFile(`${distDir}card-frame/card.html`).catch(() => {
  throw new Error('dist/card-frame/ is missing: run `npm run build` first.');
});
// Timings move with the machine's other work: the doc states how busy it was.
const load = loadavg()[0]!.toFixed(1);
const sandbox = await createSandbox();
const merchant = await startMerchant(sandbox.url);
const browser = await launchChromium();
const timings = new Map<Mode, Timing[]>(MODES.map((m) => [m, []]));
let version: string;
try {
  version = browser.version();
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    // Modes take turns, each going first in every other run.
    for (const mode of i % 2 ? [...MODES].reverse() : MODES) {
      const timing = await run(browser, merchant.url, mode);
      if (i >= WARM_UP) timings.get(mode)!.push(timing);
    }
    if (i >= WARM_UP) process.stderr.write(`time to form: run ${i - WARM_UP + 1} of ${RUNS} done\n`);
  }
} finally {
  await browser.close();
  merchant.server.closeAllConnections();
  await new Promise((resolve) => merchant.server.close(resolve));
  await sandbox.close();
}

const of = (mode: Mode, key: keyof Timing) => timings.get(mode)!.map((t) => t[key]!);
const after = (mode: Mode, key: 'defined' | 'ready') => timings.get(mode)!.map((t) => t.interactive - t[key]);
// Paired by run: the two modes of one run ran back to back, under the same load.
const paired = (values: (mode: Mode) => number[]) => {
  const inline = values('inline');
  return values('isolated').map((value, i) => value - inline[i]!);
};
const generated = [
  `Measured by \`npm run bench\` in Chromium ${version} (headless, Playwright), on Node ${process.versions.node}: the merchant page and \`dist/\` on one loopback port, the sandbox serving the frame on another; a new browser context (empty cache) per run, ${RUNS} runs per mode after ${WARM_UP} not counted, modes taking turns. Milliseconds from the page's navigation start, median of the runs, range in brackets. Compare rows, not machines: loopback has no network latency, so each request that waits for another costs far more on a real connection. Load average when the runs began: ${load} on ${cpus().length} CPUs.`,
  '',
  '| mode | element defined | frame starts loading | `el.ready` resolves | form interactive | interactive after definition | interactive after `ready` |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...MODES.map(
    (mode) =>
      `| ${mode} | ${spread(of(mode, 'defined'))} | ${mode === 'isolated' ? spread(of(mode, 'frameStart')) : '–'} | ${spread(of(mode, 'ready'))} | **${spread(of(mode, 'interactive'))}** | ${spread(after(mode, 'defined'))} | ${spread(after(mode, 'ready'))} |`,
  ),
  '',
  `Isolated mode against inline, run by run (median of the differences, range in brackets): ${spread(paired((mode) => of(mode, 'interactive')))} more from navigation start to an interactive form; ${spread(paired((mode) => after(mode, 'defined')))} more from the element's definition, which leaves out the loading of the page's script, the same in both modes.`,
].join('\n');

await writeResults('load', generated);
console.log(generated);
