/**
 * `npm run demo:script-tag`: the script-tag pages, served the way a merchant's
 * site would serve them: plain files, no bundler, the built
 * `dist/pay-card-form.js` (or `.iife.js`) and nothing from `src/`. Run
 * `npm run build` first. Also used by test/script-tag.test.ts, which starts it
 * on free ports.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandbox, type Sandbox } from '../../src/sandbox/sandbox.js';
import { DEFAULT_SANDBOX_PORT, isMain, runFromCommandLine, type Ports } from '../run.js';

export interface ScriptTagDemo {
  url: string;
  sandbox: Sandbox;
  close(): Promise<void>;
}

const pagesDir = fileURLToPath(new URL('.', import.meta.url));
const distDir = fileURLToPath(new URL('../../dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * Maps a URL path to a file: `/dist/…` to the build output, anything else to
 * this folder. Returns null for paths that climb out of either (`..`).
 */
function fileFor(pathname: string): string | null {
  const [base, rest] = pathname.startsWith('/dist/')
    ? [distDir, pathname.slice('/dist/'.length)]
    : [pagesDir, pathname.slice(1) || 'index.html'];
  const file = normalize(join(base, decodeURIComponent(rest)));
  return file.startsWith(base.endsWith(sep) ? base : base + sep) ? file : null;
}

export async function startScriptTagDemo(options: Ports = {}): Promise<ScriptTagDemo> {
  const sandbox = await createSandbox({ port: options.sandboxPort ?? DEFAULT_SANDBOX_PORT });
  const server: Server = createServer(async (req, res) => {
    const file = fileFor(new URL(req.url ?? '/', 'http://localhost').pathname);
    const type = file && TYPES[extname(file)];
    if (!file || !type || file.endsWith('.ts')) {
      res.writeHead(404).end();
      return;
    }
    try {
      let body: Buffer | string = await readFile(file);
      // The pages name the sandbox with a placeholder, like the main demo does.
      if (type.startsWith('text/html')) body = body.toString('utf8').replaceAll('%SANDBOX_URL%', sandbox.url);
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 5174, '127.0.0.1', resolve);
    });
  } catch (error) {
    // Leave nothing listening behind a failed start.
    await sandbox.close();
    throw error;
  }
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The script-tag demo server did not report its address.');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    sandbox,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.close();
    },
  };
}

if (isMain(import.meta.url)) {
  await runFromCommandLine('npm run demo:script-tag', startScriptTagDemo, (demo) => [
    `Script-tag page (module):  ${demo.url}`,
    `Script-tag page (classic): ${demo.url}classic.html`,
  ]);
}
