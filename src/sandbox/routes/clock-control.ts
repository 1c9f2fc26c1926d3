import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { reply } from '../reply.js';
import type { SandboxContext } from '../context.js';
import { readJsonBody } from '../intake.js';

/**
 * The sandbox's admin credential: `Authorization: Bearer <this>` moves the
 * test clock over HTTP (`POST /sandbox/clock/advance` and `/set`). Public like
 * every sandbox key; it exists so that a page on another site cannot move the
 * clock (a cross-site request cannot send it without a preflight, which the
 * clock routes never allow).
 */
export const SANDBOX_ADMIN_TOKEN = 'adm_test_sandbox_clock_0001';

/**
 * The test clock over HTTP. These routes exist only in the sandbox: the real
 * service has no such thing, so nothing in the client ever calls them.
 *
 * - `GET /sandbox/clock` → `{ now }` (Unix ms)
 * - `POST /sandbox/clock/advance` with `{ "ms": 300000 }` → `{ now }`
 * - `POST /sandbox/clock/set` with `{ "now": <Unix ms> }` → `{ now }` (never backwards:
 *   a time already past, even by a millisecond, answers 4002)
 *
 * The two moves need `Authorization: Bearer <SANDBOX_ADMIN_TOKEN>` (HTTP 401,
 * code 401 otherwise) and `Content-Type: application/json` (415). No CORS is
 * ever answered here, so a page on another site cannot send either header:
 * its browser's preflight fails and the move never happens. A move of more
 * than ten years, or past 2100, answers 4002.
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

  const admitted = (c: Context) => adminBody(c, ctx.clock.now(), 'Moving the sandbox clock');

  app.get('/sandbox/clock', answerNow);
  app.post('/sandbox/clock/advance', async (c) => {
    const body = await admitted(c);
    if (body instanceof Response) return body;
    const ms = body.ms;
    if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0) return refuse(c, 'Send { "ms": <non-negative integer> }.');
    return move(c, () => ctx.clock.advance(ms));
  });
  app.post('/sandbox/clock/set', async (c) => {
    const body = await admitted(c);
    if (body instanceof Response) return body;
    const at = body.now;
    if (typeof at !== 'number' || !Number.isSafeInteger(at)) return refuse(c, 'Send { "now": <Unix milliseconds> }.');
    return move(c, () => ctx.clock.set(at));
  });
}

/**
 * The JSON object body of a sandbox-only admin route (the clock, the
 * console's actions), or its refusal: HTTP 401 without the admin token, then
 * the front door's (`intake.ts`). A body that is not an object reads as `{}`.
 */
export async function adminBody(c: Context, now: number, what: string): Promise<Record<string, unknown> | Response> {
  if (!isAdmin(c.req.header('authorization'))) {
    return reply(
      c,
      now,
      401,
      { reason: 'admin_credential_required' },
      `${what} needs "Authorization: Bearer <the sandbox admin token>" (docs/sandbox.md).`,
      401,
    );
  }
  const json = await readJsonBody(c, now);
  if (json instanceof Response) return json;
  const value = json.value;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Compares the bearer token with the admin token in constant time. */
function isAdmin(header: string | undefined): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(match[1]!), digest(SANDBOX_ADMIN_TOKEN));
}
