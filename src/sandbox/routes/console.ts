import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { ADMIN_META, ConsolePath, type LogSnapshot, type StartInfo } from '../../console/api.js';
import type { SandboxContext } from '../context.js';
import { reply } from '../reply.js';
import { openApiDocument } from '../openapi.js';
import { MERCHANTS } from '../merchants.js';
import { DECLINING_TEST_CARDS, TEST_CARDS, TEST_TAX_IDS } from '../test-cards.js';
import { SANDBOX_ADMIN_TOKEN } from './clock-control.js';
import { frameCsp } from './frame.js';

/** Where `npm run build` puts the console page, from this module in `src/sandbox/routes/` or `dist/sandbox/routes/`. */
const CONSOLE_DIR = new URL('../../../dist/console-page/', import.meta.url);
/** A built asset's name: letters, digits, `-`, `_`, a hash and its type; nothing that walks out of the folder. */
const ASSET = /^[\w-]+\.(js|css)$/;

/** The page's policy: the frame's (its own script, style and requests only), and no one may frame it. */
const CONSOLE_CSP = frameCsp(["'none'"]);

/** The sandbox's documentation, as published with the package's repository. */
const DOCS_URL = 'https://github.com/pay-card-form/pay-card-form/blob/main/docs/sandbox.md';

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;
const LOOPBACK_ADDRESS = /^(127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/;

/**
 * Whether the page is asked for from this machine, by a loopback name: only
 * then does it carry the admin token, so the console can move the clock and
 * run its actions without it being typed. Another machine (a sandbox started
 * with HOST=0.0.0.0) gets the page without it; and a loopback connection under
 * another name is a DNS-rebinding page, which gets nothing either.
 */
function isLocal(c: Context): boolean {
  const remote = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress ?? '';
  return LOOPBACK_ADDRESS.test(remote) && LOOPBACK_HOST.test(c.req.header('host') ?? '');
}

/**
 * The console (docs/sandbox.md "The console"): the page at `GET /`, its
 * built script, the request log as JSON and as server-sent events, and
 * `GET /openapi.json`, what a newcomer needs first (test keys, cards and
 * documents, the `base-url`), and a 204 for `/favicon.ico`. Same origin as the sandbox: no CORS, but for the
 * OpenAPI document, which is public and which online editors fetch.
 */
export function registerConsoleRoutes(app: Hono, ctx: SandboxContext): void {
  const headers = (c: Context, type: string) => {
    c.header('content-type', type);
    c.header('x-content-type-options', 'nosniff');
    c.header('referrer-policy', 'no-referrer');
    c.header('cache-control', 'no-store');
  };

  app.get(ConsolePath.PAGE, async (c) => {
    const page = await readFile(new URL('index.html', CONSOLE_DIR), 'utf8').catch(() => null);
    if (page === null)
      return reply(
        c,
        ctx.clock.now(),
        503,
        { reason: 'console_not_built' },
        'The console is missing from this copy of pay-card-form: install the package again (in a clone of its repository, build it first).',
        503,
      );
    headers(c, 'text/html; charset=utf-8');
    c.header('content-security-policy', CONSOLE_CSP);
    c.header('cross-origin-opener-policy', 'same-origin');
    const token = isLocal(c) ? `<meta name="${ADMIN_META}" content="${SANDBOX_ADMIN_TOKEN}">` : '';
    return c.body(page.replace('</head>', `${token}</head>`));
  });

  app.get(`${ConsolePath.ASSETS}/:file`, async (c) => {
    const file = c.req.param('file');
    const kind = ASSET.exec(file)?.[1];
    const text = kind ? await readFile(new URL(`assets/${file}`, CONSOLE_DIR), 'utf8').catch(() => null) : null;
    if (text === null) return reply(c, ctx.clock.now(), 404, null, 'No such console file.', 404);
    headers(c, kind === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');
    return c.body(text);
  });

  app.get(ConsolePath.FAVICON, (c) => c.body(null, 204));

  // The fixtures' own test keys, secret included: what the banner prints, for a newcomer to copy (docs/sandbox.md says why).
  app.get(ConsolePath.START, (c) => {
    const body: StartInfo = {
      baseUrl: new URL(c.req.url).origin,
      docsUrl: DOCS_URL,
      merchants: MERCHANTS.map(({ id, name, publicKey, secretKey }) => ({ id, name, publicKey, secretKey })),
      cards: [
        ...TEST_CARDS.map(({ brand, number }) => ({ brand, number, declineCode: null })),
        ...DECLINING_TEST_CARDS.map(({ brand, number, declineCode }) => ({ brand, number, declineCode })),
      ],
      taxIds: TEST_TAX_IDS.map(({ kind, value }) => ({ kind, value })),
    };
    return c.json(body, 200, { 'cache-control': 'no-store' });
  });

  app.get(ConsolePath.REQUESTS, (c) => {
    const body: LogSnapshot = { entries: ctx.log.summaries(), capacity: ctx.log.capacity };
    return c.json(body, 200, { 'cache-control': 'no-store' });
  });

  app.get(`${ConsolePath.REQUESTS}/:id`, (c) => {
    const id = c.req.param('id');
    const entry = /^\d{1,15}$/.test(id) ? ctx.log.find(Number(id)) : undefined;
    if (!entry) return reply(c, ctx.clock.now(), 404, null, 'That request is no longer in the log.', 404);
    return c.json(entry, 200, { 'cache-control': 'no-store' });
  });

  app.get(ConsolePath.EVENTS, (c) =>
    streamSSE(c, async (stream) => {
      // Every summary first, then each new one: a reconnecting page starts over from the snapshot.
      const snapshot: LogSnapshot = { entries: ctx.log.summaries(), capacity: ctx.log.capacity };
      await stream.writeSSE({ event: 'snapshot', data: JSON.stringify(snapshot) });
      const stop = ctx.log.subscribe((summary) => {
        // null: the log was emptied (a reset); the page starts over from an empty snapshot.
        const event = summary
          ? { event: 'request', data: JSON.stringify(summary) }
          : { event: 'snapshot', data: JSON.stringify({ entries: [], capacity: ctx.log.capacity }) };
        void stream.writeSSE(event);
      });
      await new Promise<void>((done) => stream.onAbort(done));
      stop();
    }),
  );

  const document = JSON.stringify(openApiDocument());
  app.get(ConsolePath.OPENAPI, (c) => {
    c.header('access-control-allow-origin', '*');
    return c.body(document, 200, { 'content-type': 'application/json' });
  });
}
