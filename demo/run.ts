/**
 * Command-line start for the demo servers: the page server's port from PORT
 * and the sandbox's from SANDBOX_PORT, the sandbox's fixtures, then the page
 * URLs as the last lines, and a clean stop on Ctrl-C. A port that is taken or
 * malformed ends the run with one line naming the variable to change.
 */
import { fileURLToPath } from 'node:url';
import { describeFixtures } from '../src/sandbox/banner.js';
import type { Sandbox } from '../src/sandbox/sandbox.js';

/** Where the demos' sandbox listens unless SANDBOX_PORT says otherwise; the framework examples default to it. */
export const DEFAULT_SANDBOX_PORT = 4010;

interface Running {
  sandbox: Sandbox;
  close(): Promise<void>;
}

export interface Ports {
  port?: number;
  sandboxPort?: number;
}

/** True when the module at `moduleUrl` is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && fileURLToPath(moduleUrl) === process.argv[1];
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function portFrom(variable: string): number | undefined {
  const text = process.env[variable];
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text) || Number(text) > 65535) fail(`${variable} must be a port number from 0 to 65535, not "${text}".`);
  return Number(text);
}

/**
 * `command` is how the user started the demo (`npm start`), for the hint.
 * `pages` lists the URLs to open, printed last.
 */
export async function runFromCommandLine<T extends Running>(
  command: string,
  start: (ports: Ports) => Promise<T>,
  pages: (demo: T) => string[],
): Promise<void> {
  const port = portFrom('PORT');
  const sandboxPort = portFrom('SANDBOX_PORT') ?? DEFAULT_SANDBOX_PORT;
  let demo: T;
  try {
    demo = await start({ port, sandboxPort });
  } catch (error) {
    const { code, port: busy } = error as NodeJS.ErrnoException & { port?: number };
    if (code !== 'EADDRINUSE') throw error;
    const variable = busy === sandboxPort ? 'SANDBOX_PORT' : 'PORT';
    fail(`Port ${busy} is in use. Set ${variable} to a free port, e.g. ${variable}=${(busy ?? 0) + 1} ${command}`);
  }
  console.log(describeFixtures(demo.sandbox.url));
  console.log(`\n${pages(demo).join('\n')}`);
  const stop = () => void demo.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
