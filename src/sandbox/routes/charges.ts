import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import { ChargeRequest, CHARGES_PATH } from '../../server/schemas/charges.js';
import { check } from '../../server/schemas/check.js';
import type { SandboxContext } from '../context.js';
import { reply } from '../reply.js';
import { readJsonBody } from '../intake.js';
import { issueMessage } from '../issue-text.js';
import type { MerchantFixture } from '../merchants.js';
import { DECLINING_TEST_CARDS } from '../test-cards.js';

/**
 * The sandbox merchant's installment policy (our choice: the spec shows
 * none). A charge in more installments, or in installments under the
 * minimum, is refused; 1× is always taken, whatever the amount, as
 * `installmentOptions` always offers it.
 */
export const SANDBOX_INSTALLMENT_POLICY = {
  /** The most installments a charge may have. */
  maxInstallments: 12,
  /** The smallest installment, in centavos (R$ 5,00), for a charge in 2 or more. */
  minInstallment: 500,
} as const;

/**
 * Registers `POST /v1/charges` (§4.1). Authorization is HTTP Basic with the
 * secret key as user name and an empty password (our choice, §5.4;
 * docs/charges.md). The request is validated with the client's zod schema and
 * the token must belong to the merchant.
 *
 * The response is not shown (§4.9). Sandbox choice, in the §2.1 envelope:
 * - approved: code 200, data = the request plus `id`, `status: "approved"`,
 *   `card` (brand and last four digits) and `created_at`;
 * - declined (a card of {@link DECLINING_TEST_CARDS}): business code
 *   `card_declined` in an HTTP 200 envelope, data = `id`, `status: "declined"`,
 *   `decline_code`, `created_at`, so a decline can never pass for a success.
 */
export function registerChargeRoutes(app: Hono, ctx: SandboxContext): void {
  app.post(CHARGES_PATH, async (c) => {
    const now = ctx.clock.now();
    const merchant = merchantFromBasic(ctx.merchants, c.req.header('authorization'));
    if (!merchant) {
      return reply(
        c,
        now,
        401,
        null,
        // Words only: a client redacts what a server writes, and the shape of a credential would come out mangled.
        'The secret key is missing or unknown: send your sk_test_… key as the user name, with an empty password (HTTP Basic).',
        401,
      );
    }
    const json = await readJsonBody(c, now);
    if (json instanceof Response) return json;
    const parsed = check(ChargeRequest, json.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.map(String).join('.');
      const reason = issueMessage(issue);
      return reply(c, now, 4002, { field, reason }, `${field || 'body'} is invalid: ${reason}`, 422);
    }
    // Checked before anything else is looked up or created: a refused charge leaves nothing behind.
    const policy = installmentProblem(parsed.data.amount, parsed.data.payment_details.installments);
    if (policy) {
      const field = 'payment_details.installments';
      return reply(c, now, 4002, { field, reason: policy }, `${field} is invalid: ${policy}`, 422);
    }
    // The token must be one this merchant created: another merchant's token is as unknown as a forged one.
    const card = ctx.tokens.find(merchant.id, parsed.data.payment_details.token);
    if (!card) {
      return reply(
        c,
        now,
        4002,
        { field: 'payment_details.token', reason: 'unknown_token' },
        'payment_details.token is not a token of this merchant.',
        422,
      );
    }
    const id = `ch_${randomBytes(12).toString('base64url')}`;
    const declined = DECLINING_TEST_CARDS.find((d) => d.number === card.number);
    // Remembered for the console only: what it shows is the card's brand and last four, never more.
    ctx.charges.set(id, {
      id,
      merchantId: merchant.id,
      amount: parsed.data.amount,
      installments: parsed.data.payment_details.installments,
      status: declined ? 'declined' : 'approved',
      brand: card.brand,
      lastFour: card.number.slice(-4),
      createdAt: now,
    });
    if (declined) {
      return reply(
        c,
        now,
        'card_declined',
        { id, status: 'declined', decline_code: declined.declineCode, created_at: now },
        `The card was declined (${declined.declineCode}).`,
      );
    }
    return reply(c, now, 200, {
      ...parsed.data,
      id,
      status: 'approved',
      card: { brand: card.brand, last_four_digits: card.number.slice(-4) },
      created_at: now,
    });
  });
}

/** Why `installments` breaks {@link SANDBOX_INSTALLMENT_POLICY} for `amount` (centavos), or undefined. */
function installmentProblem(amount: number, installments: number): string | undefined {
  const { maxInstallments, minInstallment } = SANDBOX_INSTALLMENT_POLICY;
  if (installments > maxInstallments) return `must be at most ${maxInstallments} (the sandbox merchant's policy)`;
  // amount ÷ installments < minimum, in integers.
  if (installments > 1 && amount < minInstallment * installments) {
    return `each installment must be at least ${minInstallment} centavos (R$ 5,00): ${amount} in ${installments} is under it`;
  }
  return undefined;
}

/** The merchant whose secret key is the Basic user name (empty password), compared in constant time. */
function merchantFromBasic(merchants: readonly MerchantFixture[], header: string | undefined): MerchantFixture | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0 || decoded.slice(colon + 1) !== '') return undefined;
  const user = digest(decoded.slice(0, colon));
  let found: MerchantFixture | undefined;
  for (const m of merchants) if (timingSafeEqual(digest(m.secretKey), user)) found = m;
  return found;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
