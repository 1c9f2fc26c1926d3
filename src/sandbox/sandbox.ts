import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { createClock, type Clock } from './clock.js';
import type { SandboxContext } from './context.js';
import { MERCHANTS } from './merchants.js';
import { TokenVault } from './token-vault.js';
import { registerTokenRoutes } from './routes/tokens.js';
import { registerChargeRoutes } from './routes/charges.js';
import { registerClockRoutes } from './routes/clock-control.js';
import { checkFrameAncestor, DEFAULT_FRAME_ANCESTORS, registerFrameRoutes } from './routes/frame.js';
import { registerV3Routes } from './v3/register.js';
import { registerConsoleRoutes } from './routes/console.js';
import { registerWorkbenchRoutes } from './routes/workbench.js';
import { RequestLog, requestLogger } from './console/request-log.js';
import { BoundedStore } from './v3/bounded-store.js';
import { reply } from './reply.js';
import { createNodeServer } from './node-server.js';

export interface SandboxOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind; loopback by default, so nothing outside the machine reaches it. */
  host?: string;
  /** A clock to share, e.g. one created frozen with {@link createClock}. */
  clock?: Clock;
  /**
   * The pages allowed to embed the card frame, as CSP `frame-ancestors`
   * sources (`"https://shop.example"`, `"http://localhost:*"`). By default,
   * any port of `localhost` and `127.0.0.1`.
   */
  frameAncestors?: readonly string[];
  /** How many requests the console's log keeps (default 1,000); the oldest is forgotten first. */
  logCapacity?: number;
}

/** Charges the console remembers; past it, the oldest is forgotten. */
const MAX_CHARGES = 5_000;

/** The sandbox as a Hono app plus its state, without a server (for in-process use). */
export function createSandboxApp(options: Pick<SandboxOptions, 'clock' | 'frameAncestors' | 'logCapacity'> = {}): {
  app: Hono;
  context: SandboxContext;
} {
  const context: SandboxContext = {
    clock: options.clock ?? createClock(),
    merchants: MERCHANTS,
    tokens: new TokenVault(),
    charges: new BoundedStore(MAX_CHARGES, 'evict-oldest'),
    log: new RequestLog(options.logCapacity),
    frameAncestors: (options.frameAncestors ?? DEFAULT_FRAME_ANCESTORS).map(checkFrameAncestor),
  };
  const app = new Hono();
  // First, so the console's log sees every answer, refusals of the front door and 404s included.
  app.use(requestLogger(context, context.log));
  registerTokenRoutes(app, context);
  registerChargeRoutes(app, context);
  registerV3Routes(app, context);
  registerClockRoutes(app, context);
  registerFrameRoutes(app, context);
  registerConsoleRoutes(app, context);
  registerWorkbenchRoutes(app, context);
  app.notFound((c) => reply(c, context.clock.now(), 404, null, `No route ${c.req.method} ${new URL(c.req.url).pathname}.`, 404));
  app.onError((err, c) => {
    // Never echo the request: it may hold card data.
    console.error(`sandbox: internal error on ${c.req.method} ${new URL(c.req.url).pathname}: ${err.name}`);
    return reply(c, context.clock.now(), 500, null, 'Internal sandbox error.', 500);
  });
  return { app, context };
}

export interface Sandbox {
  /** Base URL, e.g. `http://127.0.0.1:4010`; pass it as `base-url` / `baseUrl`. */
  url: string;
  port: number;
  clock: Clock;
  context: SandboxContext;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/** Starts an in-memory sandbox over HTTP. Resolves once it listens. */
export function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const { app, context } = createSandboxApp(options);
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    const server = createNodeServer(app, context, host);
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      const info = server.address() as AddressInfo;
      const urlHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        url: `http://${urlHost}:${info.port}`,
        port: info.port,
        clock: context.clock,
        context,
        close: () =>
          new Promise<void>((done, fail) => {
            server.closeAllConnections();
            server.close((err) => (err ? fail(err) : done()));
          }),
      });
    });
  });
}
