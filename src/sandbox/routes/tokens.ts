import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { validateCard } from '../../card/validators.js';
import { bearerKey, TokenizeCode, TOKENS_PATH } from '../../tokenize/wire.js';
import { reply } from '../reply.js';
import type { SandboxContext } from '../context.js';

/** The tokenization endpoint (docs/tokenization.md). */
export function registerTokenRoutes(app: Hono, ctx: SandboxContext): void {
  // Card entry runs on the merchant's page, on any origin: the public key says who the merchant is.
  app.use(TOKENS_PATH, cors({ origin: '*', allowMethods: ['POST'], allowHeaders: ['Content-Type', 'Authorization'], maxAge: 600 }));
  app.post(TOKENS_PATH, bodyLimit({ maxSize: 16 * 1024 }), async (c) => {
    const now = ctx.clock.now();
    const key = bearerKey(c.req.header('authorization'));
    if (!key) {
      return reply(c, now, TokenizeCode.UNAUTHORIZED, null, 'Missing public key: send "Authorization: Bearer pk_…".', 401);
    }
    const merchant = ctx.merchants.find((m) => m.publicKey === key || m.inactivePublicKey === key);
    if (!merchant) return reply(c, now, TokenizeCode.UNAUTHORIZED, null, 'Unknown public key.', 401);
    if (merchant.publicKey !== key) return reply(c, now, TokenizeCode.UNAUTHORIZED, null, 'This public key is inactive.', 401);

    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return reply(c, now, TokenizeCode.MISSING_FIELD, null, 'The request body must be JSON.', 400);
    }
    const card = (body as { card?: unknown } | null)?.card;
    if (!card || typeof card !== 'object') {
      return reply(c, now, TokenizeCode.MISSING_FIELD, null, 'The request body must carry a "card" object.', 400);
    }
    // The server never trusts the client's checks: the same validators run here.
    const checked = validateCard(card as never, { now: new Date(now) });
    if (!checked.valid || !checked.brand) {
      const [field, reason] = Object.entries(checked.errors)[0]!;
      return reply(c, now, TokenizeCode.INVALID_FIELD, { field, reason }, `${field} is invalid (${reason}).`, 422);
    }
    // §1.1: the CVV was needed for the check above and goes no further.
    const result = ctx.tokens.tokenize(merchant.id, checked.card, checked.brand, now);
    return reply(c, now, TokenizeCode.OK, { ...result });
  });
}
