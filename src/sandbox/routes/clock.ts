import type { Hono } from 'hono';
import { reply } from '../envelope.js';
import type { SandboxContext } from '../context.js';

/**
 * The test clock over HTTP. These routes exist only in the sandbox: the real
 * service has no such thing, so nothing in the client ever calls them.
 *
 * - `GET /sandbox/clock` → `{ now }` (Unix ms)
 * - `POST /sandbox/clock/advance` with `{ "ms": 300000 }` → `{ now }`
 * - `POST /sandbox/clock/set` with `{ "now": <Unix ms> }` → `{ now }` (never backwards)
 *
 * Moving the clock runs what became due: QR references expire, refunds and
 * transfers take their next asynchronous step. Sign later requests with the
 * moved time (docs/sandbox.md).
 */
export function registerClockRoutes(app: Hono, ctx: SandboxContext): void {
  app.get('/sandbox/clock', (c) => reply(c, ctx.clock.now(), 200, { now: ctx.clock.now() }));
  app.post('/sandbox/clock/advance', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { ms?: unknown } | null;
    const ms = body?.ms;
    if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0) {
      return reply(c, ctx.clock.now(), 4002, null, 'Send { "ms": <non-negative integer> }.', 400);
    }
    ctx.clock.advance(ms);
    return reply(c, ctx.clock.now(), 200, { now: ctx.clock.now() });
  });
  app.post('/sandbox/clock/set', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { now?: unknown } | null;
    const at = body?.now;
    if (typeof at !== 'number' || !Number.isSafeInteger(at)) {
      return reply(c, ctx.clock.now(), 4002, null, 'Send { "now": <Unix milliseconds> }.', 400);
    }
    if (at < ctx.clock.now()) return reply(c, ctx.clock.now(), 4002, null, 'The sandbox clock never moves backwards.', 400);
    ctx.clock.set(at);
    return reply(c, ctx.clock.now(), 200, { now: ctx.clock.now() });
  });
}
