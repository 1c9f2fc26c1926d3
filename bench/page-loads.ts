/**
 * What a page downloads from `npm run build`'s output, for each way of
 * loading our elements: the built files found by following their imports
 * (import-graph.ts), each measured as the separate response it is
 * (measure.ts). Run `npm run build` first. Shared by `npm run bench` and the
 * size test, so both count the same files.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importGraph, importsIn, walkGraph, type GraphFile } from './import-graph.js';
import { measure, sumSizes, type Sizes } from './measure.js';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));

export interface PageLoad {
  /** Each file with its sizes, the entry first. */
  files: (GraphFile & { sizes: Sizes })[];
  /** The sums over `files`. */
  total: Sizes;
}

interface Way {
  /** The file the page names, in `dist/`. */
  entry: string;
  /** Count what the entry loads on demand (dynamic imports) too. */
  withLazy: boolean;
  /** What the row covers, for the tables. */
  what: string;
}

/** Keys as in bench/size-budget.json. */
export const WAYS = {
  isolatedPage: {
    entry: 'pay-card-form.js',
    withLazy: false,
    what: 'isolated mode (the default), merchant page: the ES module and its static imports; the form itself is in the frame',
  },
  frame: {
    entry: 'card-frame/card.html',
    withLazy: true,
    what: 'isolated mode, the frame the tokenization origin serves: its page and every script it loads, the brand marks it loads after the form included',
  },
  inlinePage: {
    entry: 'pay-card-form.js',
    withLazy: true,
    what: 'inline mode, merchant page: the same module, its static imports and the inline form it imports on demand',
  },
  classicScript: {
    entry: 'pay-card-form.iife.js',
    withLazy: false,
    what: 'the classic script: one file, isolated mode only (a classic script cannot load the inline form on demand); the form itself is in the frame',
  },
  pixScriptTag: {
    entry: 'pay-pix-qr.js',
    withLazy: false,
    what: '`<pay-pix-qr>`: element, Lit, BR Code reader and QR encoder',
  },
} as const satisfies Record<string, Way>;

export type WayName = keyof typeof WAYS;

/**
 * What only a page that turns on Parcelas or the buyer's document
 * (`installments`, `collect-tax-id`) loads: the form imports it on demand.
 * No row counts it; {@link measureOptIn} does.
 */
export const OPT_IN = /(^|\/)purchase-fields-[\w-]*\.js$/;
const optIn = (path: string) => OPT_IN.test(path);
/**
 * What the isolated element loads only when its frame fails: the cause's
 * diagnosis. No row counts it, not even the inline one (inline mode has no frame).
 */
export const ON_FAILURE = /(^|\/)frame-diagnosis-[\w-]*\.js$/;
/** What the element loads only when a page sets `messages` or a `--pay-*` value: their checks. No row counts it. */
export const ON_OVERRIDES = /(^|\/)override-checks-[\w-]*\.js$/;
/** Loaded only when a page's frame fails or it overrides sentences or theme values: on no page's usual path. */
export const whenNeeded = (path: string) => ON_FAILURE.test(path) || ON_OVERRIDES.test(path);
const notOnPath = (path: string) => optIn(path) || whenNeeded(path);

function read(path: string): string {
  try {
    return readFileSync(`${distDir}${path}`, 'utf8');
  } catch {
    throw new Error(`dist/${path} is missing: run \`npm run build\` first.`);
  }
}

export function measurePageLoad(name: WayName): PageLoad {
  const { entry, withLazy } = WAYS[name];
  const graph = importGraph(entry, read, notOnPath);
  const files = (withLazy ? [...graph.eager, ...graph.lazy] : graph.eager).map((f) => ({ ...f, sizes: measure(read(f.path)) }));
  return { files, total: sumSizes(files.map((f) => f.sizes)) };
}

/** What the entry of `name` loads on demand, not counted in its row unless `withLazy`; what only opt-in pages load left out. */
export function lazyFiles(name: WayName): GraphFile[] {
  return importGraph(WAYS[name].entry, read, optIn).lazy;
}

/** What a page of `name` loads on top of its row when it turns on Parcelas or the document: the files, and their sums. */
export function measureOptIn(name: 'frame' | 'inlinePage'): PageLoad {
  const counted = new Set(measurePageLoad(name).files.map((f) => f.path));
  const graph = importGraph(WAYS[name].entry, read);
  const files = graph.lazy.filter((f) => !counted.has(f.path) && !whenNeeded(f.path)).map((f) => ({ ...f, sizes: measure(read(f.path)) }));
  return { files, total: sumSizes(files.map((f) => f.sizes)) };
}

/** The checkout's script-tag file and the chunks it loads on demand: each method's element, and the payment flows. */
const CHECKOUT = {
  entry: 'pay-checkout.js',
  card: /^checkout-chunks\/script-tag-[\w-]+\.js$/,
  pix: /^checkout-chunks\/pix-[\w-]+\.js$/,
  flows: /^checkout-chunks\/payment-flows-[\w-]+\.js$/,
};

export interface CheckoutLoads {
  /** A page that opens `<pay-checkout>` on the card (the default): the file, its static imports, and the card method's chunk with its static imports. */
  cardPage: PageLoad;
  /** What a card payment then adds (loaded once the card is filled in): the payment flows' chunk and what it imports that the page has not loaded yet. */
  payingAdds: PageLoad;
  /** What choosing Pix adds to the page: the Pix element's chunk and the payment flows, with what they import, at once or on demand. */
  pixAdds: PageLoad;
}

export function measureCheckout(): CheckoutLoads {
  const noDynamic = () => true;
  const lazy = importGraph(CHECKOUT.entry, read).lazy.map((f) => f.path);
  const chunk = (method: 'card' | 'pix' | 'flows') => {
    const found = lazy.find((path) => CHECKOUT[method].test(path));
    if (!found) throw new Error(`dist/${CHECKOUT.entry} loads no ${method} chunk on demand (it loads ${lazy.join(', ') || 'nothing'}).`);
    return found;
  };
  const load = (paths: GraphFile[]): PageLoad => {
    const files = paths.map((f) => ({ ...f, sizes: measure(read(f.path)) }));
    return { files, total: sumSizes(files.map((f) => f.sizes)) };
  };
  const page = importGraph(CHECKOUT.entry, read, noDynamic).eager;
  const seen = new Set(page.map((f) => f.path));
  // The method's chunk starts once the element has run: one level below the page's files.
  const after = Math.max(...page.map((f) => f.depth)) + 1;
  const below = (files: GraphFile[], known: Set<string>) =>
    files.filter((f) => !known.has(f.path)).map((f) => ({ ...f, depth: f.depth + after }));
  const card = below(importGraph(chunk('card'), read, noDynamic).eager, seen);
  for (const f of card) seen.add(f.path);
  const flowsGraph = importGraph(chunk('flows'), read, noDynamic).eager;
  const paying = below(flowsGraph, seen);
  // The checkout always gives the Pix code its status address, so the status poll the Pix element loads on demand counts here.
  // The files the page has loaded are there already, and so is their own account of what they load on demand.
  const pixGraph = walkGraph(chunk('pix'), (path) => (seen.has(path) ? { static: [], dynamic: [] } : importsIn(path, read(path))));
  const pix = below([...pixGraph.eager, ...pixGraph.lazy, ...flowsGraph], seen).filter(
    (f, i, all) => all.findIndex((other) => other.path === f.path) === i,
  );
  return { cardPage: load([...page, ...card]), payingAdds: load(paying), pixAdds: load(pix) };
}
