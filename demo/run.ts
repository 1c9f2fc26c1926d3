/**
 * Command-line start for the demo servers: ports from PORT and SANDBOX_PORT,
 * the sandbox's fixtures and the page URLs printed, a clean stop on Ctrl-C.
 */
import { fileURLToPath } from 'node:url';
import { describeFixtures } from '../src/sandbox/banner.js';
import type { Sandbox } from '../src/sandbox/sandbox.js';

interface Running {
  sandbox: Sandbox;
  close(): Promise<void>;
}

/** True when the module at `moduleUrl` is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && fileURLToPath(moduleUrl) === process.argv[1];
}

export async function runFromCommandLine<T extends Running>(
  start: (options: { port?: number; sandboxPort?: number }) => Promise<T>,
  pages: (demo: T) => string,
): Promise<void> {
  const demo = await start({
    port: process.env.PORT ? Number(process.env.PORT) : undefined,
    sandboxPort: process.env.SANDBOX_PORT ? Number(process.env.SANDBOX_PORT) : undefined,
  });
  console.log(describeFixtures(demo.sandbox.url));
  console.log(`\n${pages(demo)}\n`);
  const stop = () => void demo.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
