/**
 * A merchant's site for the cross-origin tests: the pages and scripts a test
 * puts in `files`, plus the built script-tag files under `/dist/`, served on
 * loopback. One server answers two origins, `http://localhost:PORT` and
 * `http://127.0.0.1:PORT`, which is all a browser needs to apply its
 * cross-origin rules for real. Run `npm run build` first.
 */
import { createServer } from 'node:http';
import { access, readFile } from 'node:fs/promises';

export type LoopbackHost = 'localhost' | '127.0.0.1';

export interface MerchantSite {
  port: number;
  /** The site's origin under either loopback name. */
  origin(host: LoopbackHost): string;
  /** What the site serves, by path: `.html` as a page, `.js` as a script. */
  files: Map<string, string>;
  close(): Promise<void>;
}

const DIST = new URL('../dist/', import.meta.url);
/** The script-tag file and its chunks (in `dist/chunks/`): plain names, nothing that walks out of `dist/`. */
const DIST_FILE = /^\/dist\/((?:chunks\/)?[\w-]+(?:\.[\w-]+)*\.js)$/;

const typeOf = (path: string) => (path.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8');

/** A checkout page of the site: the script-tag file in its head, `body` as its body. */
export const checkoutPage = (body: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Checkout</title>
    <script type="module" src="/dist/pay-card-form.js"></script>
  </head>
  <body>
${body}
  </body>
</html>`;

export async function startMerchantSite(): Promise<MerchantSite> {
  await access(new URL('pay-card-form.js', DIST)).catch(() => {
    throw new Error('dist/pay-card-form.js is missing: run "npm run build" first.');
  });
  const files = new Map<string, string>();
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const built = DIST_FILE.exec(path)?.[1];
    const body = built ? await readFile(new URL(built, DIST), 'utf8').catch(() => undefined) : files.get(path);
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': typeOf(path), 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Loopback only. Chromium resolves `localhost` to this address too.
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The merchant site did not report its address.');
  return {
    port: address.port,
    origin: (host) => `http://${host}:${address.port}`,
    files,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
