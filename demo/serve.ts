/**
 * `npm start`: the demo checkout page and the sandbox, together.
 * Also used by the end-to-end test, which starts both on free ports.
 */
import { createServer, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { describeFixtures } from '../src/sandbox/banner.js';

export interface Demo {
  url: string;
  sandbox: Sandbox;
  close(): Promise<void>;
}

/** Puts the sandbox's address where the demo page reads it. */
function sandboxAddress(url: string): Plugin {
  return {
    name: 'pay-demo-sandbox-address',
    transformIndexHtml: (page) => page.replaceAll('%SANDBOX_URL%', url),
  };
}

export async function startDemo(options: { port?: number; sandboxPort?: number } = {}): Promise<Demo> {
  const sandbox = await createSandbox({ port: options.sandboxPort ?? 4010 });
  const vite = await createServer({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    server: { port: options.port ?? 5173, strictPort: false },
    plugins: [sandboxAddress(sandbox.url)],
    logLevel: 'warn',
  });
  await vite.listen();
  const url = vite.resolvedUrls?.local[0];
  if (!url) throw new Error('The demo server did not report its address.');
  return {
    url,
    sandbox,
    close: async () => {
      await vite.close();
      await sandbox.close();
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const demo = await startDemo({
    port: process.env.PORT ? Number(process.env.PORT) : undefined,
    sandboxPort: process.env.SANDBOX_PORT ? Number(process.env.SANDBOX_PORT) : undefined,
  });
  console.log(describeFixtures(demo.sandbox.url));
  console.log(`\nDemo checkout: ${demo.url}\n`);
  const stop = () => void demo.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
