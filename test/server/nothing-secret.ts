/**
 * What the tests of the server helper's errors share: a charge whose body
 * values are markers, the calls' names, and the check that an error holds no
 * secret, no Basic credential, no body value and no query string.
 */
import assert from 'node:assert/strict';
import { MERCHANTS } from '../../src/sandbox/merchants.js';
import { v3Credential } from '../../src/sandbox/v3/fixtures.js';
import { basicAuthorization } from '../../src/server/charges.js';
import type { ChargeRequest } from '../../src/server/schemas/charges.js';
import { PayCardError } from '../../src/shared/errors.js';

export const SECRET_KEY = MERCHANTS[0]!.secretKey;
export const V3_SECRET = v3Credential('ACCOUNT').secret;
/** Values of the request body: none may appear in an error. */
const BODY_TOKEN = 'tok_BodyMarker7731';
const BODY_NAME = 'Ana Marcadora';
export const charge: ChargeRequest = {
  amount: 100,
  payment_method: 'credit_card',
  customer: { name: BODY_NAME },
  payment_details: { token: BODY_TOKEN, installments: 1 },
};
export const CHARGE_CALL = 'charges.create (POST /v1/charges)';
export const STATUS_CALL = 'transfers.statusCheck (POST /v3/transfers/status/check)';

/** The error a promise rejects with; fails the test when it resolves. */
export async function failure(promise: Promise<unknown>): Promise<PayCardError> {
  const outcome = await promise.then(
    () => assert.fail('expected a rejection'),
    (error: unknown) => error,
  );
  assert.ok(PayCardError.isPayCardError(outcome), String(outcome));
  return outcome;
}

/** Nothing secret, nor the body, nor a query string, anywhere in the error; `more` are other secrets of the test. */
export function assertNothingSecret(error: Error, more: string[] = []): void {
  const text = [error.message, String(error), JSON.stringify(error), error.stack ?? '', JSON.stringify(error.cause ?? null)].join('\n');
  for (const value of [SECRET_KEY, basicAuthorization(SECRET_KEY).slice('Basic '.length), V3_SECRET, BODY_TOKEN, BODY_NAME, ...more]) {
    assert.ok(!text.includes(value), `${error.name} holds ${value.slice(0, 6)}…: ${error.message}`);
  }
  assert.doesNotMatch(error.message, /\?[\w-]+=/, 'a query string');
}
