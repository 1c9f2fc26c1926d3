import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type * as z from 'zod/mini';
import type { Operation } from '../../server/policy.js';
import type { Envelope } from '../../server/schemas/envelope.js';
import type { OperationTable } from '../../server/schemas/operations.js';
import { check } from '../../server/schemas/check.js';
import { isValidAmount } from '../../server/amount.js';
import { hasOrderIdDatePrefix, isOrderIdDateCurrent } from '../../server/order-id.js';
import type { SandboxContext } from '../context.js';
import { envelopeText, reply } from '../reply.js';
import { parseJsonBody, readBody } from '../intake.js';
import { issueMessage } from '../issue-text.js';
import type { V3AccountFixture, V3CredentialFixture } from './fixtures.js';
import { authenticate } from './gate.js';
import { noteRefusal } from '../console/trace.js';
import { v3State, type V3State } from './state.js';

/** What a route handler receives once the request is authenticated and validated. */
export interface V3Request<Req extends z.ZodMiniType> {
  c: Context;
  ctx: SandboxContext;
  /** This sandbox's v3 state (`ctx.v3`). */
  state: V3State;
  /** The request after the operation's zod schema (the client's own). */
  body: z.output<Req>;
  credential: V3CredentialFixture;
  /** The selected account (account routes only). */
  account: V3AccountFixture | null;
  now: number;
}

/**
 * A handler's answer: `code` 200 with data, or a business error (HTTP 200, §2.1).
 *
 * Validate, plan, commit: a handler never changes state itself. It reads,
 * decides, and returns its answer with a `commit` that applies the change
 * (plain `Map` writes and field assignments, nothing that can fail). The
 * route runs `commit` only after the answer has passed the response schema
 * and been serialised, so a refusal, or a failure of any kind before that,
 * leaves the state exactly as it was.
 */
export type V3Result =
  | { code?: 200; data: unknown; commit?: () => void }
  /** `httpStatus` only for refusals of the credential policy (403), as the gate's. */
  | { code: number | string; message: string; data?: Envelope['data']; httpStatus?: 403 };

export type V3Handler<Req extends z.ZodMiniType> = (req: V3Request<Req>) => V3Result | Promise<V3Result>;

/**
 * A handler that reads its request with the sandbox's own schema instead of
 * the operation's, where the service is laxer than the client (§4.8 caps a
 * page size the client refuses). Made with {@link readAs}.
 */
export interface ReadAs<S extends z.ZodMiniType = z.ZodMiniType> {
  readonly request: S;
  handle(req: V3Request<S>): V3Result | Promise<V3Result>;
}

/** A {@link ReadAs} entry: `handle` gets the body as `request` parses it. */
export function readAs<S extends z.ZodMiniType>(request: S, handle: V3Handler<S>): ReadAs<S> {
  return { request, handle };
}

/** The handlers of one group of the operation table: one per operation, its body typed by the operation's request schema. */
export type HandlerGroup<G extends OperationTable[string]> = { readonly [K in keyof G]: V3Handler<G[K]['request']> | ReadAs };

/**
 * The sandbox's handlers for an operation table, group by group. A table of
 * handlers that `satisfies HandlerTable<typeof Operations>` has one for
 * every operation, or does not compile.
 */
export type HandlerTable<T extends OperationTable> = { readonly [G in keyof T]: HandlerGroup<T[G]> };

/**
 * Registers one v3 operation: the body's front door (Content-Type, size;
 * `intake.ts`), signature and credential policy, JSON, validation with the
 * operation's schema, the handler, its answer checked against the
 * operation's response schema and serialised, and only then its commit.
 * Validation failures are business errors in an HTTP 200 envelope (§7.2):
 * 4000 for a missing field, 4002 otherwise; managed-account routes answer
 * `invalid_parameter` for selector problems and `field_invalid` for the rest.
 */
export function registerOperation<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
  app: Hono,
  ctx: SandboxContext,
  op: Operation<Req, Res>,
  handler: V3Handler<Req>,
): void {
  const state = v3State(ctx);
  app.post(op.path, async (c) => {
    const raw = await readBody(c, ctx.clock.now());
    if (raw instanceof Response) return raw;
    const auth = await authenticate(c, ctx, op, raw);
    if (auth instanceof Response) return auth;
    const now = ctx.clock.now();

    const json = parseJsonBody(c, now, raw);
    if (json instanceof Response) return json;
    const parsed = check(op.request, json.value);
    if (!parsed.success) {
      const issues = parsed.error.issues;
      const text = issues.map((i) => `${i.path.join('.') || '(body)'}: ${issueMessage(i)}`).join('; ');
      noteRefusal(c, {
        kind: 'validation',
        fields: issues.slice(0, 20).map((i) => ({ field: i.path.join('.') || '(body)', problem: issueMessage(i) })),
      });
      return reply(c, now, validationCode(op, json.value, issues), null, text.slice(0, 1000));
    }

    const result = await handler({ c, ctx, state, body: parsed.data, credential: auth.credential, account: auth.account, now });
    if ('message' in result && result.code !== 200) {
      return reply(c, now, result.code, result.data ?? null, result.message, result.httpStatus ?? 200);
    }
    // The sandbox holds itself to the same response schema the client checks;
    // every one of them describes an object or null, as §2.1 `data` is.
    const checked = check(op.response, result.data);
    if (!checked.success)
      return reply(c, now, invalidCode(op), null, 'The request cannot be answered: a field it sets does not fit the response.');
    const text = envelopeText(now, 200, checked.data as Envelope['data']);
    ('commit' in result ? result.commit : undefined)?.();
    return c.body(text, 200, { 'Content-Type': 'application/json' });
  });
}

/** The route's code for an invalid field (§7.2 4002; `field_invalid` on managed-account routes). */
function invalidCode(op: Operation): number | string {
  return op.group === 'managed' ? 'field_invalid' : 4002;
}

function validationCode(op: Operation, body: unknown, issues: readonly z.core.$ZodIssue[]): number | string {
  if (op.group === 'managed') {
    const selector = issues.some((i) => i.path.length === 0 || i.path[0] === 'reference_id' || i.path[0] === 'account');
    return selector && op.name !== 'managedAccounts.list' ? 'invalid_parameter' : 'field_invalid';
  }
  // §7.2 4000 "missing required field": absent, or a blank string where a value is required.
  const missing = issues.some((i) => {
    const value = valueAt(body, i.path);
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  });
  return missing ? 4000 : 4002;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** A sandbox ID such as `txn_3kS9…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

/**
 * For "not shown" response shapes: what was sent, plus an `id`, `created_at`
 * and `updated_at` (Unix ms). These three names are the sandbox's choice
 * (docs/server.md), not the service's.
 */
export function echo<T extends Record<string, unknown>>(
  prefix: string,
  body: T,
  now: number,
): T & { id: string; created_at: number; updated_at: number } {
  return { ...body, id: newId(prefix), created_at: now, updated_at: now };
}

/**
 * A store that refuses when full (docs/reliability.md). `store_full` is the
 * sandbox's code (§7.4 leaves the catalogue open), in an HTTP 200 envelope.
 */
export function storeFull(what: string, cap: number): V3Result {
  return fail('store_full', `This sandbox holds at most ${cap} ${what} created by requests; restart it to start over.`);
}

/** Business error for an unknown ID. The service's code is not shown (§7.4); `not_found` is our choice. */
export function notFound(what: string): V3Result {
  return fail('not_found', `No ${what} with that ID for this account.`);
}

const FAILURE = Symbol('sandbox business error');

/** A business error in the §2.1 envelope (HTTP 200). */
export function fail(code: number | string, message: string, extra: { data?: Envelope['data']; httpStatus?: 403 } = {}): V3Result {
  return Object.assign({ code, message, ...extra }, { [FAILURE]: true });
}

/** §4.2, §4.3, §8: the order ID's UTC day must overlap now with ±1 h; otherwise business code 400 (§7.2). */
export function staleOrderId(id: string, now: number): V3Result | null {
  return isOrderIdDateCurrent(id, now) ? null : fail(400, 'merchant_order_id: its YYMMDD date is not the current UTC day (±1 h).');
}

/**
 * Open request shapes (PIX by key, bank account, TED; §4.9) are read with the
 * rules of their shown twins when the field is present: `amount` a positive
 * decimal string (4000 missing when required, 4002 invalid), `merchant_order_id`
 * a current YYMMDD ID (4002 format, 400 stale). Sandbox choice, docs/sandbox.md.
 */
export function readOpenFields(
  body: Record<string, unknown>,
  now: number,
  amountRequired: boolean,
): { amount: string | undefined; merchantOrderId: string | null } | V3Result {
  const { amount, merchant_order_id: orderId } = body;
  if (amount === undefined && amountRequired) return fail(4000, 'amount is required.');
  if (amount !== undefined && !isValidAmount(amount))
    return fail(4002, 'amount must be a positive decimal string with at most two places.');
  if (orderId !== undefined) {
    if (typeof orderId !== 'string' || !hasOrderIdDatePrefix(orderId))
      return fail(4002, 'merchant_order_id must start with a UTC date as YYMMDD.');
    const stale = staleOrderId(orderId, now);
    if (stale) return stale;
  }
  return { amount: amount as string | undefined, merchantOrderId: (orderId as string | undefined) ?? null };
}

/** Whether a function answered with {@link fail} instead of a value (stored records may have a `code` field of their own). */
export function isResult(value: unknown): value is V3Result {
  return typeof value === 'object' && value !== null && FAILURE in value;
}
