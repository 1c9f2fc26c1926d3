import * as z from 'zod/mini';
import { AMOUNT_PATTERN, MAX_AMOUNT, isAmountAboveZero, isAmountRepresentable } from '../amount.js';
import { hasOrderIdDatePrefix } from '../order-id.js';

/**
 * Building blocks shared by the request and response schemas of every
 * resource group. The client validates with them before sending and the
 * sandbox validates with the very same objects on arrival.
 */

/**
 * A shape the spec marks "not shown" (§2.12, §4.9): any JSON object. We never
 * invent fields for these; docs/server.md lists every such gap.
 */
export const OpenObject = z.record(z.string(), z.unknown());
export type OpenObject = z.infer<typeof OpenObject>;

/** A "not shown" response: any object, or null (the spec does not say a body is always present). */
export const OpenResponse = z.nullable(OpenObject);
export type OpenResponse = z.infer<typeof OpenResponse>;

/** A required string that is not empty (spec: "required, non-empty"). */
export const NonEmptyString = z
  .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') })
  .check(z.minLength(1, 'must not be empty'));

/**
 * §8: a positive decimal string with at most two decimal places, by the rules
 * of `amount.ts` (`isValidAmount`), with a message per problem. Numbers
 * are rejected on purpose: 0.1 + 0.2 is not 0.3 in binary floating point.
 */
export const Amount = z
  .string({
    error: (i) =>
      i.input === undefined
        ? 'is required'
        : typeof i.input === 'number'
          ? 'must be a decimal string such as "10.50", not a number (use centsToAmount())'
          : 'must be a string',
  })
  .check(
    z.regex(AMOUNT_PATTERN, 'must be a positive decimal with at most two decimal places, such as "10.50"'),
    z.refine(isAmountAboveZero, 'must be greater than zero'),
    z.refine((a) => !AMOUNT_PATTERN.test(a) || isAmountRepresentable(a), `must be at most ${MAX_AMOUNT}`),
  );

/**
 * §4.2/§4.3: the first six characters are a valid YYMMDD UTC date. Whether that
 * date is current (±1 h) depends on the clock, so it is checked apart, by
 * {@link isOrderIdDateCurrent}, in the client and the service.
 */
export const MerchantOrderId = NonEmptyString.check(
  z.refine(hasOrderIdDatePrefix, 'must start with a UTC date as YYMMDD (use merchantOrderId())'),
);

/** A small integer enum member, e.g. `pix_key_type` 1..5 (§2.9). */
export function intEnum(min: number, max: number, what: string) {
  return z
    .number({ error: (i) => (i.input === undefined ? 'is required' : `must be a number from ${min} to ${max} (${what})`) })
    .check(
      z.int(`must be an integer from ${min} to ${max} (${what})`),
      z.gte(min, `must be from ${min} to ${max} (${what})`),
      z.lte(max, `must be from ${min} to ${max} (${what})`),
    );
}

/**
 * §4.8 managed update and rotate select an account by exactly one of
 * `reference_id` or `account`. The structure of `account` is not shown, so
 * it is an open object.
 */
export const selectorFields = {
  reference_id: z.optional(NonEmptyString),
  account: z.optional(OpenObject),
};

/** Refinement: exactly one selector present. */
export function exactlyOneSelector(value: { reference_id?: unknown; account?: unknown }): boolean {
  return (value.reference_id !== undefined) !== (value.account !== undefined);
}

export const SELECTOR_MESSAGE = 'send exactly one selector: reference_id or account (§4.8)';
