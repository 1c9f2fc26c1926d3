/**
 * `npm run bench:phone`: how long a shopper on a phone's connection waits
 * until the card number is on screen and takes a typed digit, for the
 * isolated form, the inline form and a bare page with a plain input, in the
 * same run. Run `npm run build` first.
 *
 * The network: every byte between Chromium and the two servers (the
 * merchant's page and `dist/` on `127.0.0.1`, the sandbox serving the frame
 * on `localhost`, another site, so the frame runs in a process of its own)
 * goes through a proxy here that holds each direction for half of 150 ms
 * (each connection's first bytes a whole round trip more, for the
 * handshake) and lets through at most 1.6 Mbit/s down and 750 kbit/s up,
 * shared by every connection, as one phone's link is. The proxy moves real
 * bytes, so what the servers compress crosses compressed. The CPU: Chromium's
 * own throttling, ×4, in the page and in the frame. Each run opens a new
 * browser context: an empty cache.
 *
 * Each run reads, from the page's navigation start: when the card-number
 * input has a box (isolated: and the frame its height), and when the digit
 * a click on it and a key press put there arrives (its `input` event). The
 * page tells the bench the moment the field is on screen and where, and the
 * bench clicks there at once, as the first-click test does: a locator's
 * click would measure Playwright instead, which polls for the field at up
 * to 500 ms intervals and then runs its own script in each throttled
 * document before it clicks. The modes take turns. Timings live in
 * docs/benchmarks.md only: nothing fails for slowness.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Browser, Frame, Page } from 'playwright';
import { launchChromium } from '../test/chromium.js';
import { createSandbox } from '../src/sandbox/sandbox.js';
import { writeResults } from './results-doc.js';
import { clickPoint, watchMarks, type MarkBox as Box } from '../test/watch-marks.js';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const MODES = ['isolated', 'inline', 'bare', 'checkout'] as const;
type Mode = (typeof MODES)[number];
const RUNS = Number(process.env.PHONE_RUNS ?? 9);
const WARM_UP = 1;
const LATENCY_MS = 150;
const DOWN_BYTES_PER_S = 1_600_000 / 8;
const UP_BYTES_PER_S = 750_000 / 8;
const CPU_SLOWDOWN = 4;
const CARD_INPUT = 'input[autocomplete="cc-number"]';

const WATCH = watchMarks(CARD_INPUT, { typed: true });

/** The form's settings on every page with one: the checkout passes them on to its card form. */
const formSettings = (frameBase: string) => `public-key="pk_test_51LojaExemploActive0001" base-url="${frameBase}"`;

function page(mode: Mode, frameBase: string): string {
  const body =
    mode === 'bare'
      ? `<label>Card number <input autocomplete="cc-number" inputmode="numeric" /></label>`
      : mode === 'checkout'
        ? // Opened on the card, its default; no payment is made, so the handler's address is never asked.
          `<script type="module" src="/dist/pay-checkout.js"></script>
    <pay-checkout endpoint="/api/checkout" order-id="order-1" amount="15990" ${formSettings(frameBase)}></pay-checkout>`
        : `<script type="module" src="/dist/pay-card-form.js"></script>
    <pay-card-form mode="${mode}" ${formSettings(frameBase)}></pay-card-form>`;
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width" /><title>on a phone (${mode})</title></head>
  <body>
    ${body}
  </body>
</html>`;
}

/** The merchant's server: the three pages and `dist/`, compressed as a production server would send them. */
async function startMerchant(frameBase: () => string): Promise<Server> {
  const { brotliCompressSync } = await import('node:zlib');
  // Compressed once per file, as a server with a cache or a CDN would: compressing is not the network's time.
  const compressed = new Map<string, Buffer>();
  const server = createHttpServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const mode = MODES.find((m) => pathname === `/${m}.html`);
    const file = /^\/dist\/((?:chunks\/|checkout-chunks\/)?[\w-]+\.js)$/.exec(pathname)?.[1];
    const body = mode ? page(mode, frameBase()) : file && (await readFile(`${distDir}${file}`, 'utf8').catch(() => null));
    if (!body) return void res.writeHead(404).end();
    const brotli = /\bbr\b/.test(String(req.headers['accept-encoding']));
    res.writeHead(200, {
      'content-type': mode ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8',
      'cache-control': 'no-store',
      ...(brotli ? { 'content-encoding': 'br' } : {}),
    });
    if (brotli && !compressed.has(pathname)) compressed.set(pathname, brotliCompressSync(body));
    res.end(brotli ? compressed.get(pathname) : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** One direction of the phone's link: every connection's bytes share its rate, each chunk leaving half a round trip after it came. */
class Link {
  #freeAt = 0;
  constructor(readonly bytesPerSecond: number) {}
  /** When a chunk of `bytes` that arrived now has crossed. */
  send(bytes: number): number {
    const start = Math.max(performance.now() + LATENCY_MS / 2, this.#freeAt);
    this.#freeAt = start + (bytes / this.bytesPerSecond) * 1000;
    return this.#freeAt;
  }
}

/** A proxy to `port` on loopback that makes every connection through it behave like one on the phone's link. */
async function startProxy(port: number, host: string, down: Link, up: Link): Promise<{ port: number; server: Server }> {
  const sockets = new Set<Socket>();
  const relay = (from: Socket, to: Socket, link: Link, firstDelay: number) => {
    // In order: each chunk leaves when the link has carried the ones before it.
    let last = performance.now() + firstDelay;
    from.on('data', (chunk: Buffer) => {
      const due = Math.max(link.send(chunk.length), last);
      last = due;
      setTimeout(() => to.writable && to.write(chunk), Math.max(0, due - performance.now()));
    });
    from.on('end', () => setTimeout(() => to.end(), Math.max(0, last - performance.now())));
    from.on('error', () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('close', () => sockets.delete(socket));
    }
    // A new connection's first request waits for the handshake: one more round trip.
    relay(client, upstream, up, LATENCY_MS);
    relay(upstream, client, down, 0);
  });
  server.on('close', () => sockets.forEach((socket) => socket.destroy()));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

interface Timing {
  shown: number;
  typed: number;
  /** Where the time went before the form showed: when each request of its path began and ended. */
  steps: Partial<Record<Step, number>>;
}

/**
 * The requests on each form's path, from the browser's own resource
 * timings: isolated, the frame's page (its navigation, from the moment the
 * host created the frame), which carries the frame's script; inline, the
 * inline form's chunk; the checkout, the card form's chunk, then its frame.
 */
const STEPS = {
  frameCreated: "the frame's navigation starts (the host created it)",
  frameFirstByte: "the frame's page: first byte",
  framePageLoaded: "the frame's page, its script inside: loaded",
  chunkAsked: "the inline form's chunk: requested",
  chunkLoaded: "the inline form's chunk: loaded",
  cardChunkAsked: "the card form's chunk: requested",
  cardChunkLoaded: "the card form's chunk: loaded",
  clicked: 'the click reaches the field (its `pointerdown`; isolated, in the runs where the browser could already send it into the frame)',
} as const;
type Step = keyof typeof STEPS;

/**
 * The resource timings of `document`, in absolute times: its navigation's
 * first and last byte, and the first script whose address matches `script`, if given.
 */
const timingsOf = (document: Page | Frame, script?: RegExp) =>
  document.evaluate<{ firstByte: number; lastByte: number; asked?: number; loaded?: number }>(`(() => {
    const at = (time) => (time === undefined ? undefined : performance.timeOrigin + time);
    const found = ${script ? `performance.getEntriesByType('resource').find((entry) => ${script}.test(entry.name))` : 'undefined'};
    const [navigation] = performance.getEntriesByType('navigation');
    return { firstByte: at(navigation.responseStart), lastByte: at(navigation.responseEnd), asked: at(found?.startTime), loaded: at(found?.responseEnd) };
  })()`);

type Marks = { origin: number; input?: number; frameShown?: number; clicked?: number; typed?: number };
const marksOf = (target: Page | Frame) => target.evaluate<Marks>(`({ origin: performance.timeOrigin, ...window.loadMarks })`);

/** The pages whose card form is in a frame. */
const framed = (mode: Mode) => mode === 'isolated' || mode === 'checkout';

async function run(browser: Browser, url: string, mode: Mode): Promise<Timing> {
  const context = await browser.newContext();
  try {
    // In a frame, the field is on screen once it has a box in the frame and the frame its height in the page.
    const needed = framed(mode) ? ['input', 'frameShown'] : ['input'];
    const boxes = new Map<string, Box>();
    let onScreen!: (point: { x: number; y: number }) => void;
    const shownAt = new Promise<{ x: number; y: number }>((resolve) => (onScreen = resolve));
    // Heard through the binding, not polled: Playwright's waitForFunction evaluates its predicate with eval, which the
    // frame's CSP refuses whenever the first check does not already hold.
    let onTyped!: () => void;
    const typedNow = new Promise<void>((resolve) => (onTyped = resolve));
    await context.exposeBinding('loadMarked', (_source, name: string, box?: Box) => {
      if (name === 'typed') onTyped();
      if (box) boxes.set(name, box);
      if (!needed.every((n) => boxes.has(n))) return;
      onScreen(clickPoint(boxes.get('input')!, boxes.get('frameShown')));
    });
    const tab = await context.newPage();
    const slow = async (target: Page | Frame) => {
      const session = await context.newCDPSession(target);
      await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    };
    await slow(tab);
    // The frame's process too, once the frame has its own (when its page commits): its script is still on its way then.
    const frameDocument = new Promise<Frame>((resolve, reject) =>
      tab.on('framenavigated', (frame) => {
        if (frame !== tab.mainFrame() && frame.url().includes('/frame/')) slow(frame).then(() => resolve(frame), reject);
      }),
    );
    frameDocument.catch(() => {});
    await tab.addInitScript(WATCH);
    await tab.goto(`${url}/${mode}.html`, { waitUntil: 'commit' });
    const input = framed(mode)
      ? tab.frameLocator('pay-card-form iframe').locator(CARD_INPUT)
      : tab.locator(mode === 'inline' ? `pay-card-form ${CARD_INPUT}` : CARD_INPUT);
    // As a shopper does: a click on the field once it is there, and a digit.
    const point = await shownAt;
    await tab.mouse.click(point.x, point.y);
    await tab.keyboard.press('4');
    const document = framed(mode) ? await frameDocument : tab.mainFrame();
    await typedNow;
    const top = await marksOf(tab);
    const inDocument = framed(mode) ? await marksOf(document) : top;
    const shown = framed(mode) ? Math.max(inDocument.input!, top.frameShown!) : inDocument.input!;
    const typed = await input.inputValue();
    if (typed !== '4') throw new Error(`${mode}: the digit typed gave "${typed}"`);
    const since = (time: number | undefined) => (time === undefined ? undefined : time - top.origin);
    let steps: Timing['steps'] = {};
    if (framed(mode)) {
      const frame = await timingsOf(document);
      if (mode === 'checkout') {
        const card = await timingsOf(tab, /\/checkout-chunks\/script-tag-[\w-]+\.js$/);
        steps = { cardChunkAsked: since(card.asked), cardChunkLoaded: since(card.loaded) };
      }
      steps = {
        ...steps,
        frameCreated: since(inDocument.origin),
        frameFirstByte: since(frame.firstByte),
        framePageLoaded: since(frame.lastByte),
        clicked: since(inDocument.clicked),
      };
    } else if (mode === 'inline') {
      const page = await timingsOf(tab, /\/chunks\/inline-surface-[\w-]+\.js$/);
      steps = { chunkAsked: since(page.asked), chunkLoaded: since(page.loaded), clicked: since(top.clicked) };
    }
    return { shown: shown - top.origin, typed: inDocument.typed! - top.origin, steps };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[]) =>
  `${Math.round(median(values))} ms (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;

await readFile(`${distDir}card-frame/card.html`).catch(() => {
  throw new Error('dist/card-frame/ is missing: run `npm run build` first.');
});
const load = loadavg()[0]!.toFixed(1);
const down = new Link(DOWN_BYTES_PER_S);
const up = new Link(UP_BYTES_PER_S);
const sandbox = await createSandbox();
const sandboxProxy = await startProxy(Number(new URL(sandbox.url).port), 'localhost', down, up);
const frameBase = `http://localhost:${sandboxProxy.port}`;
const merchant = await startMerchant(() => frameBase);
const merchantProxy = await startProxy((merchant.address() as AddressInfo).port, '127.0.0.1', down, up);
const browser = await launchChromium();
const timings = new Map<Mode, Timing[]>(MODES.map((m) => [m, []]));
let version: string;
try {
  version = browser.version();
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const order = [...MODES.slice(i % MODES.length), ...MODES.slice(0, i % MODES.length)];
    for (const mode of order) {
      const timing = await run(browser, `http://127.0.0.1:${merchantProxy.port}`, mode);
      if (i >= WARM_UP) timings.get(mode)!.push(timing);
    }
    if (i >= WARM_UP) process.stderr.write(`on a phone: run ${i - WARM_UP + 1} of ${RUNS} done\n`);
  }
} finally {
  await browser.close();
  for (const server of [merchantProxy.server, sandboxProxy.server, merchant]) await new Promise((resolve) => server.close(resolve));
  await sandbox.close();
}

const of = (mode: Mode, key: 'shown' | 'typed') => timings.get(mode)!.map((t) => t[key]);
/** `mode` less `than`, run by run (the modes take turns, so run i of each shares the machine's moment). */
const paired = (key: 'shown' | 'typed', mode: Mode, than: Mode) => of(mode, key).map((value, i) => value - of(than, key)[i]!);
const LABELS: Record<Mode, string> = {
  isolated: '`<pay-card-form>`, isolated',
  inline: '`<pay-card-form>`, inline',
  bare: 'a bare page, a plain input',
  checkout: '`<pay-checkout>` opened on the card (isolated)',
};
const stepRows = (mode: Mode, which: (step: Step) => boolean) =>
  (Object.keys(STEPS) as Step[])
    .filter(which)
    .map((step) => [step, timings.get(mode)!.flatMap((t) => t.steps[step] ?? [])] as const)
    .filter(([, values]) => values.length > 0)
    .map(
      ([step, values]) =>
        `| ${mode} | ${STEPS[step]}${values.length < RUNS ? ` (${values.length} of ${RUNS} runs)` : ''} | ${spread(values)} |`,
    );
const generated = [
  `Measured by \`npm run bench\` in Chromium ${version} (headless, Playwright), on Node ${process.versions.node}: ${LATENCY_MS} ms round trip, ${(DOWN_BYTES_PER_S * 8) / 1e6} Mbit/s down and ${(UP_BYTES_PER_S * 8) / 1e3} kbit/s up shared by every connection (a proxy in the bench moves the real bytes), CPU slowed ×${CPU_SLOWDOWN} in the page and in the frame, an empty cache; the page on \`127.0.0.1\`, the frame on \`localhost\` (another site). ${RUNS} runs per mode after ${WARM_UP} not counted, modes taking turns; milliseconds from the page's navigation start, median, range in brackets. Load average when the runs began: ${load} on ${cpus().length} CPUs.`,
  '',
  '| page | card number on screen | a clicked, typed digit in it |',
  '| --- | ---: | ---: |',
  ...MODES.map((mode) => `| ${LABELS[mode]} | ${spread(of(mode, 'shown'))} | **${spread(of(mode, 'typed'))}** |`),
  '',
  `Isolated against inline, run by run: ${spread(paired('shown', 'isolated', 'inline'))} more to the card number on screen, ${spread(paired('typed', 'isolated', 'inline'))} more to the typed digit (limit: at most 300 ms, two round trips; goal: one, 150 ms).`,
  '',
  `The checkout against the isolated card form alone, run by run: ${spread(paired('shown', 'checkout', 'isolated'))} more to the card number on screen, ${spread(paired('typed', 'checkout', 'isolated'))} more to the typed digit.`,
  '',
  "The requests on each form's path (the browser's resource timings, same runs), beside the two times above:",
  '',
  '| form | step | median, range |',
  '| --- | --- | ---: |',
  ...(['isolated', 'inline', 'checkout'] as const).flatMap((mode) => [
    ...stepRows(mode, (step) => step !== 'clicked'),
    `| ${mode} | the card number on screen | ${spread(of(mode, 'shown'))} |`,
    ...stepRows(mode, (step) => step === 'clicked'),
    `| ${mode} | the typed digit | ${spread(of(mode, 'typed'))} |`,
  ]),
].join('\n');

await writeResults('phone', generated);
console.log(generated);
