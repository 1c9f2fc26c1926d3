import * as z from 'zod/mini';
import { parseTaxId } from '../../document/tax-id.js';
import { OpenObject, OpenResponse } from './common.js';

/** `POST {base_url}/v1/charges` (§4.1) with the token from `tokenize`. */
export const CHARGES_PATH = '/v1/charges';

const Int = (what: string, ...checks: z.core.$ZodCheck<number>[]) =>
  z.number({ error: `must be an integer (${what})` }).check(z.int(`must be an integer (${what})`), ...checks);

/**
 * The buyer's CPF or CNPJ (alphanumeric included), checked with
 * `parseTaxId` and sent normalized: no punctuation, letters upper-cased
 * (docs/tax-id.md). The spec shows only a string (§2.5); the check is ours.
 */
const TaxIdField = z.pipe(
  z.string(),
  z.transform((value: string, ctx) => {
    const taxId = parseTaxId(value);
    if (taxId) return taxId.value;
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: 'must be a valid CPF (11 digits) or CNPJ (14 characters, letters allowed in the first 12); check the digits typed',
    });
    return z.NEVER;
  }),
);

/** §2.5 customer. Every sub-field is typed as the spec shows; none is marked required there. */
export const ChargeCustomer = z.strictObject({
  name: z.optional(z.string()),
  email: z.optional(z.string()),
  tax_id: z.optional(TaxIdField),
  phone: z.optional(z.string()),
  /** Value seen: `individual`. Other values are not shown. */
  type: z.optional(z.string()),
});

/** §2.5 item. */
export const ChargeItem = z.strictObject({
  name: z.string(),
  quantity: Int('quantity', z.gte(1, 'must be at least 1')),
  unit_price: Int('unit_price, in centavos like amount'),
  tangible: z.boolean(),
});

/**
 * §2.5 charge request. Amounts are integers; the unit is not shown (§4.9), and
 * ours is centavos: `15990` is R$ 159,90 (docs/charges.md).
 * Our choice: `amount`, `payment_method` and `payment_details` are required
 * (a card charge is meaningless without them); the rest is optional but typed.
 */
export const ChargeRequest = z.strictObject({
  amount: Int('the total amount in centavos: 15990 is R$ 159,90', z.positive('must be greater than zero')),
  /** `credit_card` with a token (§2.5). */
  payment_method: z.string().check(z.minLength(1, 'must not be empty')),
  /** Value seen: `digital`. */
  product_type: z.optional(z.string()),
  customer: z.optional(ChargeCustomer),
  items: z.optional(z.array(ChargeItem)),
  payment_details: z.strictObject({
    /** The token from `tokenize` (§2.3). */
    token: z.string().check(z.minLength(1, 'is required: the token from tokenize')),
    installments: Int('installments', z.gte(1, 'must be at least 1')),
  }),
});
export type ChargeRequest = z.input<typeof ChargeRequest>;

/**
 * The charge response is not shown (§4.9), and §2.1 describes the envelope of
 * v3 responses only: an open object, or null when an envelope carried null data.
 */
export const ChargeResponse = OpenResponse;
export type ChargeResponse = z.output<typeof OpenObject> | null;
