import type { Context, Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import { FRAME_ANCESTORS_HEADER, FRAME_PATH } from '../../channel/protocol.js';
import type { SandboxContext } from '../context.js';
import { reply } from '../reply.js';
import { allowAnyOrigin } from '../cors.js';
import { encodedBody } from '../encoded-body.js';
import { pageIntegrity } from '../page-integrity.js';

/** Where `npm run build` puts the frame, from this module in `src/sandbox/routes/` or `dist/sandbox/routes/`. */
const FRAME_DIR = new URL('../../../dist/card-frame/', import.meta.url);
const FRAME_ROOT = `/${FRAME_PATH.slice(0, FRAME_PATH.lastIndexOf('/'))}`;
const PAGE = FRAME_PATH.slice(FRAME_PATH.lastIndexOf('/') + 1);
/** A built chunk's name: letters, digits, `-`, `_` and a hash; nothing that walks out of the folder. */
const CHUNK = /^[\w-]+\.js$/;

/** Pages allowed to embed the frame when the sandbox is not told otherwise: any port on this machine. */
export const DEFAULT_FRAME_ANCESTORS = ['http://localhost:*', 'http://127.0.0.1:*', 'https://localhost:*'] as const;

/**
 * The frame document's policy: its own scripts only (the inline one allowed
 * by its hash, `scripts`), requests to its own origin only (the tokenize
 * call), no plugins, no forms posting elsewhere, and only the listed pages
 * may embed it. The console's page has the same policy, framed by no one.
 */
export function frameCsp(ancestors: readonly string[], scripts: readonly string[] = []): string {
  return [
    "default-src 'none'",
    ["script-src 'self'", ...scripts].join(' '),
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors.join(' ')}`,
  ].join('; ');
}

/**
 * A `frame-ancestors` source: a scheme and host, maybe a port or `*`; nothing
 * that could end the directive. An IPv6 address is refused on its own: CSP's
 * host grammar has no brackets or colons, so browsers ignore such a source,
 * and a frame the sandbox was told to allow would be refused without a word.
 */
export function checkFrameAncestor(source: string): string {
  if (/^(https?:\/\/)?(\[|[\da-f]*:[\da-f]*:)/i.test(source)) {
    throw new TypeError(
      `frameAncestors: "${source}" names an IPv6 address, which CSP sources cannot name, so browsers ignore it. ` +
        'Serve the page on a host name or an IPv4 address and list that, such as "http://localhost:*" or "http://192.168.1.20:*".',
    );
  }
  if (!/^(https?:\/\/(\*|(\*\.)?[\w-]+(\.[\w-]+)*)(:(\d+|\*))?|'self'|'none')$/.test(source)) {
    throw new TypeError(`frameAncestors: "${source}" is not a source such as "https://shop.example" or "http://localhost:*".`);
  }
  return source;
}

/** Default ports, for a source or an origin that names none. */
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/**
 * Whether a page of `origin` may embed the frame under these `frame-ancestors`
 * sources, matched as CSP matches them: `'self'` is the frame's own origin; a
 * source's `http` also admits `https`, and its default port the upgraded one;
 * a host `*.example` admits the subdomains of `example`, a port `*` any port.
 */
export function allowsAncestor(sources: readonly string[], origin: string, self: string): boolean {
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  const scheme = page.protocol.slice(0, -1);
  const port = page.port || DEFAULT_PORTS[scheme];
  return sources.some((source) => {
    if (source === "'self'") return origin === self;
    // No bracketed host: browsers ignore a source naming an IPv6 address, so no page is allowed by it.
    const parts = /^(https?):\/\/(\*|\*\.[^:]+|[^:[]+)(?::(\d+|\*))?$/.exec(source);
    if (!parts) return false;
    const [, sourceScheme, host, sourcePort = DEFAULT_PORTS[sourceScheme!]] = parts;
    const upgraded = sourceScheme === 'http' && scheme === 'https';
    if (sourceScheme !== scheme && !upgraded) return false;
    const hostname = page.hostname.toLowerCase();
    const hostMatches =
      host === '*' || (host!.startsWith('*.') ? hostname.endsWith(host!.slice(1).toLowerCase()) : hostname === host!.toLowerCase());
    const portMatches = sourcePort === '*' || sourcePort === port || (upgraded && sourcePort === '80' && port === '443');
    return hostMatches && portMatches;
  });
}

/**
 * Serves the isolated card form (`dist/card-frame/`) from the sandbox's own
 * origin, as the real service would: `GET {base}/frame/v1/card.html`, its
 * script inline, and the chunks it loads on demand beside it. The files are
 * read from disk for each request: they are small, and a rebuild shows
 * without a restart.
 */
export function registerFrameRoutes(app: Hono, ctx: SandboxContext): void {
  const headers = (c: Context, type: string, cache: string) => {
    c.header('content-type', type);
    c.header('x-content-type-options', 'nosniff');
    c.header('referrer-policy', 'no-referrer');
    c.header('cache-control', cache);
    c.header('cross-origin-opener-policy', 'same-origin');
  };
  const missing = (c: Context) =>
    reply(
      c,
      ctx.clock.now(),
      503,
      { reason: 'frame_not_built' },
      'The card frame is missing from this copy of pay-card-form: install the package again (in a clone of its repository, build it first).',
      503,
    );

  app.get(`${FRAME_ROOT}/${PAGE}`, async (c) => {
    const page = await readFile(new URL(PAGE, FRAME_DIR), 'utf8').catch(() => null);
    if (page === null) return missing(c);
    const { scriptSources, etag } = pageIntegrity(page);
    // The page carries the script: revalidated each time, so a new build shows at once, and unchanged it costs a 304.
    headers(c, 'text/html; charset=utf-8', 'no-cache');
    c.header('etag', etag);
    c.header('content-security-policy', frameCsp(ctx.frameAncestors, scriptSources));
    // The element's probe (docs/sandbox.md#the-card-frame): a CORS read, which names the page's origin. A
    // navigation names none, and gets no answer about it. The page itself is public: any origin may read it.
    const origin = c.req.header('origin');
    if (origin) {
      const allowed = allowsAncestor(ctx.frameAncestors, origin, new URL(c.req.url).origin);
      allowAnyOrigin(c);
      c.header('access-control-expose-headers', FRAME_ANCESTORS_HEADER);
      c.header(FRAME_ANCESTORS_HEADER, allowed ? 'allowed' : 'refused; setting=SANDBOX_FRAME_ANCESTORS');
    }
    c.header('vary', 'origin');
    if (matchesEtag(c.req.header('if-none-match'), etag)) {
      c.header('vary', 'accept-encoding', { append: true });
      return c.body(null, 304);
    }
    return encodedBody(c, PAGE, page);
  });
  app.get(`${FRAME_ROOT}/:file`, async (c) => {
    const file = c.req.param('file');
    if (!CHUNK.test(file)) return reply(c, ctx.clock.now(), 404, null, 'No such frame file.', 404);
    const script = await readFile(new URL(file, FRAME_DIR), 'utf8').catch(() => null);
    if (script === null) return reply(c, ctx.clock.now(), 404, null, 'No such frame file.', 404);
    // A chunk's name holds the hash of its content, so a name is never served with other content: kept for a year.
    headers(c, 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable');
    return encodedBody(c, file, script);
  });
}

/** Whether an `If-None-Match` header names `etag` (or is `*`), compared as HTTP's weak comparison does (`W/` aside). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
