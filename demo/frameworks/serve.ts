/**
 * `npm run demo:react`, `demo:vue`, `demo:svelte`: one framework example,
 * built against the built package (`dist/`, which the npm script builds
 * first) and served beside a sandbox it talks to, as test/frameworks.test.ts
 * does. The page server takes PORT (default: a free port near 4173), the
 * sandbox SANDBOX_PORT (default 4010).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview } from 'vite';
import { createSandbox, type Sandbox } from '../../src/sandbox/sandbox.js';
import { DEFAULT_SANDBOX_PORT, isMain, runFromCommandLine, type Ports } from '../run.js';
import { FRAMEWORKS, appDir, buildFrameworkApp, type Framework } from './build.js';

export interface FrameworkDemo {
  url: string;
  sandbox: Sandbox;
  close(): Promise<void>;
}

export async function startFrameworkDemo(framework: Framework, options: Ports = {}): Promise<FrameworkDemo> {
  const sandbox = await createSandbox({ port: options.sandboxPort ?? DEFAULT_SANDBOX_PORT });
  const outDir = await mkdtemp(join(tmpdir(), `pay-card-form-${framework}-`));
  const cleanUp = async () => {
    await sandbox.close();
    await rm(outDir, { recursive: true, force: true });
  };
  try {
    await buildFrameworkApp(framework, { outDir, baseUrl: sandbox.url });
    const server = await preview({
      configFile: false,
      root: appDir(framework),
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port: options.port, strictPort: false },
    });
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error(`The ${framework} example's server did not report its address.`);
    return {
      url,
      sandbox,
      close: async () => {
        await server.close();
        await cleanUp();
      },
    };
  } catch (error) {
    // Leave nothing listening behind a failed start.
    await cleanUp();
    throw error;
  }
}

if (isMain(import.meta.url)) {
  const framework = process.argv[2] as Framework;
  if (!FRAMEWORKS.includes(framework)) {
    console.error(`Usage: tsx demo/frameworks/serve.ts ${FRAMEWORKS.join('|')}`);
    process.exit(1);
  }
  await runFromCommandLine(
    `npm run demo:${framework}`,
    (ports) => startFrameworkDemo(framework, ports),
    (demo) => [`${framework} example: ${demo.url}`],
  );
}
