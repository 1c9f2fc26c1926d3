import type { Context, Hono } from 'hono';
import { reply } from '../reply.js';
import type { SandboxContext } from '../context.js';

/**
 * The test clock over HTTP. These routes exist only in the sandbox: the real
 * service has no such thing, so nothing in the client ever calls them.
 *
 * - `GET /sandbox/clock` → `{ now }` (Unix ms)
 * - `POST /sandbox/clock/advance` with `{ "ms": 300000 }` → `{ now }`
 * - `POST /sandbox/clock/set` with `{ "now": <Unix ms> }` → `{ now }` (never backwards:
 *   a time already past, even by a millisecond, answers 4002)
 *
 * Moving the clock runs what became due: QR references expire, refunds and
 * transfers take their next asynchronous step. Sign later requests with the
 * moved time (docs/sandbox.md).
 */
export function registerClockRoutes(app: Hono, ctx: SandboxContext): void {
  /** Answers with the clock's time, read once, in `time` and in `data.now`. */
  const answerNow = (c: Context) => {
    const now = ctx.clock.now();
    return reply(c, now, 200, { now });
  };
  const refuse = (c: Context, message: string) => reply(c, ctx.clock.now(), 4002, null, message, 400);
  /**
   * Moves the clock. The clock itself decides whether a move is allowed: a
   * check here, before the move, could pass and then be overtaken by real
   * time (a `set` to "now" one millisecond too late), so its refusal is
   * answered as 4002 rather than left to become a 500.
   */
  const move = (c: Context, how: () => void) => {
    try {
      how();
    } catch (error) {
      if (error instanceof RangeError) return refuse(c, `${error.message[0]!.toUpperCase()}${error.message.slice(1)}.`);
      throw error;
    }
    return answerNow(c);
  };

  app.get('/sandbox/clock', answerNow);
  app.post('/sandbox/clock/advance', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { ms?: unknown } | null;
    const ms = body?.ms;
    if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0) return refuse(c, 'Send { "ms": <non-negative integer> }.');
    return move(c, () => ctx.clock.advance(ms));
  });
  app.post('/sandbox/clock/set', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { now?: unknown } | null;
    const at = body?.now;
    if (typeof at !== 'number' || !Number.isSafeInteger(at)) return refuse(c, 'Send { "now": <Unix milliseconds> }.');
    return move(c, () => ctx.clock.set(at));
  });
}
