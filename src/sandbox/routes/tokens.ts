import type { Hono } from 'hono';
import { validateCard } from '../../card/validators.js';
import { bearerKey, TokenizeCode, TOKENS_PATH } from '../../tokenize/wire.js';
import { reply } from '../reply.js';
import type { SandboxContext } from '../context.js';
import { allowAnyOrigin, openPreflight } from '../cors.js';
import { MAX_TOKEN_BODY_BYTES, readJsonBody } from '../intake.js';

/** The card fields the validators read (§2.2). */
const CARD_ERROR_PATHS = ['number', 'holderName', 'expirationMonth', 'expirationYear', 'cvv'] as const;

/** The tokenization endpoint (docs/tokenization.md). */
export function registerTokenRoutes(app: Hono, ctx: SandboxContext): void {
  // Card entry runs on the merchant's page, on any origin: the public key says who the merchant is.
  openPreflight(app, TOKENS_PATH, ['POST'], ['Content-Type', 'Authorization']);
  app.post(TOKENS_PATH, async (c) => {
    allowAnyOrigin(c);
    const now = ctx.clock.now();
    const key = bearerKey(c.req.header('authorization'));
    if (!key) {
      return reply(c, now, TokenizeCode.UNAUTHORIZED, null, 'Missing public key: send "Authorization: Bearer pk_…".', 401);
    }
    const merchant = ctx.merchants.find((m) => m.publicKey === key || m.inactivePublicKey === key);
    if (!merchant) return reply(c, now, TokenizeCode.UNAUTHORIZED, null, 'Unknown public key.', 401);
    if (merchant.publicKey !== key) return reply(c, now, TokenizeCode.UNAUTHORIZED, null, 'This public key is inactive.', 401);

    const json = await readJsonBody(c, now, MAX_TOKEN_BODY_BYTES);
    if (json instanceof Response) return json;
    const card = (json.value as { card?: unknown } | null)?.card;
    if (!card || typeof card !== 'object' || Array.isArray(card)) {
      return reply(c, now, TokenizeCode.MISSING_FIELD, null, 'The request body must carry a "card" object.', 400);
    }
    // Only strings reach the validators: `{"toString":1}` or a number must not get as far as String().
    const fields = card as Record<string, unknown>;
    const wrong = CARD_ERROR_PATHS.find((field) => fields[field] !== undefined && typeof fields[field] !== 'string');
    if (wrong) {
      return reply(
        c,
        now,
        TokenizeCode.INVALID_FIELD,
        { field: `card.${wrong}`, reason: 'not_a_string' },
        `card.${wrong} must be a string.`,
        422,
      );
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
