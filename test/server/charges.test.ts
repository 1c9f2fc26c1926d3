import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../../src/sandbox/sandbox.js';
import { MERCHANTS } from '../../src/sandbox/merchants.js';
import { startRawServer } from './raw-servers.js';
import { basicAuthorization, createCharge } from '../../src/server/charges.js';
import type { ChargeRequest } from '../../src/server/schemas/charges.js';
import {
  BusinessError,
  ChargeOutcomeUnknownError,
  HttpStatusError,
  InstallmentPlanError,
  MalformedResponseError,
  PermissionDeniedError,
  RequestValidationError,
  SignatureRejectedError,
} from '../../src/server/errors.js';
import { ConfigurationError } from '../../src/shared/errors.js';
import { checkInstallmentPlan } from '../../src/server/installment-plan.js';
import { installmentOptions, InstallmentConfigError } from '../../src/card/installments.js';

/** Always in the future, so the suite never ages into failure. */
const FUTURE_YEAR = String(new Date().getFullYear() + 5);

/** A token of a test card, from the sandbox's tokenization route, as the element would get it. */
async function cardToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/v1/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${MERCHANTS[0]!.publicKey}` },
    body: JSON.stringify({
      card: { number: '4111111111111111', holderName: 'Ana', expirationMonth: '12', expirationYear: FUTURE_YEAR, cvv: '123' },
    }),
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

describe('createCharge against the sandbox', () => {
  let sandbox: Sandbox;
  let token: string;
  const secretKey = MERCHANTS[0]!.secretKey;
  const charge = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
    amount: 15990,
    payment_method: 'credit_card',
    product_type: 'digital',
    customer: { name: 'Ana Silva', email: 'ana@example.com', tax_id: '12345678909', phone: '+5511999999999', type: 'individual' },
    items: [{ name: 'Curso', quantity: 1, unit_price: 15990, tangible: false }],
    payment_details: { token, installments: 3 },
    ...overrides,
  });

  before(async () => {
    sandbox = await createSandbox();
    token = await cardToken(sandbox.url);
  });
  after(() => sandbox.close());

  it('Basic credential: secret key as user name, empty password', () => {
    assert.equal(basicAuthorization('sk_test_abc12345'), `Basic ${Buffer.from('sk_test_abc12345:').toString('base64')}`);
    assert.equal(basicAuthorization('sk_test_abc12345'), 'Basic c2tfdGVzdF9hYmMxMjM0NTo=');
  });

  it('creates a charge with a token and returns an open object', async () => {
    const result = await createCharge({ baseUrl: sandbox.url, secretKey }, charge());
    assert.ok(result);
    assert.equal(result.amount, 15990);
    assert.equal(typeof result.id, 'string');
    assert.deepEqual(result.payment_details, { token, installments: 3 });
  });

  it('the minimum charge: amount, payment_method, payment_details', async () => {
    const ok = await createCharge(
      { baseUrl: `${sandbox.url}/`, secretKey },
      { amount: 100, payment_method: 'credit_card', payment_details: { token, installments: 1 } },
    );
    assert.equal(ok?.amount, 100);
  });

  it('a token of no merchant → HTTP 422 with reason unknown_token', async () => {
    const error = await createCharge(
      { baseUrl: sandbox.url, secretKey },
      charge({ payment_details: { token: 'tok_forged', installments: 1 } }),
    ).catch((e: unknown) => e);
    assert.ok(error instanceof HttpStatusError);
    assert.equal(error.status, 422);
    assert.equal(error.reason, 'unknown_token');
    assert.equal(error.code, 4002);
  });

  it('an unknown secret key → HTTP 401', async () => {
    const error = await createCharge({ baseUrl: sandbox.url, secretKey: 'sk_test_51SomeoneElse0000' }, charge()).catch((e: unknown) => e);
    assert.ok(error instanceof HttpStatusError);
    assert.equal(error.status, 401);
  });

  it('the sandbox refuses other Authorization forms', async () => {
    const body = JSON.stringify(charge());
    for (const authorization of [
      `Bearer ${secretKey}`,
      `Basic ${Buffer.from(`${secretKey}:x`).toString('base64')}`,
      `Basic ${Buffer.from(`:${secretKey}`).toString('base64')}`,
    ]) {
      const res = await fetch(`${sandbox.url}/v1/charges`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: authorization },
        body,
      });
      assert.equal(res.status, 401, authorization.slice(0, 6));
    }
  });

  it('validates §2.5 before sending', async () => {
    const invalid = (field: string) => (e: unknown) => e instanceof RequestValidationError && e.field === field;
    const opts = { baseUrl: sandbox.url, secretKey };
    await assert.rejects(createCharge(opts, charge({ amount: 159.9 })), invalid('amount'));
    await assert.rejects(createCharge(opts, charge({ amount: '15990' as never })), invalid('amount'));
    await assert.rejects(createCharge(opts, charge({ payment_details: { token: '', installments: 1 } })), invalid('payment_details.token'));
    await assert.rejects(
      createCharge(opts, charge({ payment_details: { token, installments: 1.5 } })),
      invalid('payment_details.installments'),
    );
    await assert.rejects(
      createCharge(opts, charge({ items: [{ name: 'x', quantity: 1, unit_price: 9.99, tangible: true }] })),
      invalid('items.0.unit_price'),
    );
    await assert.rejects(createCharge(opts, { ...charge(), cvv: '123' } as never), RequestValidationError);
  });

  // A public key instead of the secret key: test/misconfiguration.test.ts.
  it('configuration errors: a bad URL, no secret key', async () => {
    await assert.rejects(createCharge({ baseUrl: 'sandbox', secretKey }, charge()), ConfigurationError);
    await assert.rejects(createCharge({ baseUrl: sandbox.url } as never, charge()), /secretKey is missing/);
  });
});

/**
 * §4.9: the charge response is not shown, and the §2.1 envelope is the v3
 * one. Whatever a 2xx says, the charge may exist: nothing here may look like
 * "failed, safe to send again" unless the body really says so.
 */
describe('createCharge reads any 2xx answer', () => {
  const secretKey = MERCHANTS[0]!.secretKey;
  const request: ChargeRequest = { amount: 100, payment_method: 'credit_card', payment_details: { token: 'tok_1', installments: 1 } };

  /** Answers every request with `status` and `body`, and counts the requests. */
  async function answering(status: number, body: string, contentType = 'application/json') {
    let requests = 0;
    const server = await startRawServer((_req, res) => {
      requests++;
      res.writeHead(status, { 'content-type': contentType });
      res.end(body);
    });
    return { ...server, requests: () => requests };
  }

  async function chargeAgainst(status: number, body: string, contentType?: string) {
    const server = await answering(status, body, contentType);
    try {
      const outcome = await createCharge({ baseUrl: server.url, secretKey }, request).catch((e: unknown) => e);
      assert.equal(server.requests(), 1, 'a charge is never resent');
      return outcome;
    } finally {
      await server.close();
    }
  }

  it('a plain JSON object (no envelope) is the charge, returned as it is, for 200 and 201', async () => {
    for (const status of [200, 201]) {
      const body = { id: 'ch_1', status: 'paid', amount: 100, message: 'ok', time: 1 };
      assert.deepEqual(await chargeAgainst(status, JSON.stringify(body)), body);
    }
    // `data` alone does not make an envelope: without `code` the object is the charge.
    assert.deepEqual(await chargeAgainst(200, '{"data":{"id":"ch_2"}}'), { data: { id: 'ch_2' } });
  });

  it('an envelope with code 200 gives its data (also without message or time)', async () => {
    assert.deepEqual(await chargeAgainst(200, '{"code":200,"message":"success","data":{"id":"ch_3"},"time":1}'), { id: 'ch_3' });
    assert.deepEqual(await chargeAgainst(201, '{"code":200,"data":{"id":"ch_4"}}'), { id: 'ch_4' });
    assert.equal(await chargeAgainst(200, '{"code":200,"message":"success","data":null,"time":1}'), null);
  });

  it('an envelope with code ≠ 200 → BusinessError with code, message and data', async () => {
    const declined = await chargeAgainst(
      200,
      '{"code":"card_declined","message":"Cartão recusado","data":{"id":"ch_5","status":"declined"},"time":1}',
    );
    assert.ok(declined instanceof BusinessError);
    assert.equal(declined.code, 'card_declined');
    assert.equal(declined.operation, 'charges.create');
    assert.deepEqual(declined.data, { id: 'ch_5', status: 'declined' });
    assert.match(declined.message, /Cartão recusado/);
    // A number code without the rest of the envelope is still a business code.
    const bare = await chargeAgainst(200, '{"code":4002}');
    assert.ok(bare instanceof BusinessError);
    assert.equal(bare.code, 4002);
    assert.equal(bare.data, null);
  });

  it('a 2xx body that is not a JSON object → ChargeOutcomeUnknownError: may have been created, do not retry blindly', async () => {
    for (const [status, body, contentType] of [
      [200, '<html>Charge accepted</html>', 'text/html'],
      [201, '', 'application/json'],
      [200, '[1,2]', 'application/json'],
      [200, '"ok"', 'application/json'],
      [200, 'null', 'application/json'],
      [200, '{"code":200,"data":"ch_6"}', 'application/json'],
    ] as const) {
      const error = await chargeAgainst(status, body, contentType);
      assert.ok(error instanceof ChargeOutcomeUnknownError, `${status} ${body}: ${String(error)}`);
      assert.ok(!(error instanceof MalformedResponseError));
      assert.equal(error.status, status);
      assert.equal(error.operation, 'charges.create');
      assert.match(error.message, /may have been created|probably created/);
      assert.match(error.message, /not retry/);
      assert.match(error.message, /reconcile with the provider/);
    }
  });

  it('a status outside 2xx → HttpStatusError; 401 is about the secret key, not a signature', async () => {
    const unauthorized = await chargeAgainst(401, '{"code":401,"message":"bad key","data":null,"time":1}');
    assert.ok(unauthorized instanceof HttpStatusError);
    assert.ok(!(unauthorized instanceof SignatureRejectedError));
    assert.equal(unauthorized.status, 401);
    assert.match(unauthorized.message, /refused the credential/);
    const forbidden = await chargeAgainst(403, '{"code":403,"message":"no","data":{"reason":"merchant_blocked"},"time":1}');
    assert.ok(forbidden instanceof PermissionDeniedError);
    assert.equal(forbidden.reason, 'merchant_blocked');
    const gateway = await chargeAgainst(502, 'Bad gateway', 'text/plain');
    assert.ok(gateway instanceof HttpStatusError);
    assert.equal(gateway.status, 502);
    assert.equal(gateway.code, undefined);
    const redirect = await chargeAgainst(302, '', 'text/plain');
    assert.ok(redirect instanceof HttpStatusError);
    assert.equal(redirect.status, 302);
  });
});

describe('createCharge and the Brazilian checkout: tax_id and the installment plan', () => {
  let sandbox: Sandbox;
  let token: string;
  const secretKey = MERCHANTS[0]!.secretKey;
  const config = { amount: 15990, maxInstallments: 12, interestFree: 4, monthlyRate: '1.99', minInstallment: 500 };

  before(async () => {
    sandbox = await createSandbox();
    token = await cardToken(sandbox.url);
  });
  after(() => sandbox.close());

  it('refuses a bad customer.tax_id before sending anything', async () => {
    let calls = 0;
    const counting: typeof fetch = (...args) => {
      calls++;
      return fetch(...args);
    };
    for (const taxId of ['123.456.789-00', '11111111111111', '12.ABC.345/01DE-3X', 'not a document']) {
      const error = await createCharge(
        { baseUrl: sandbox.url, secretKey, fetch: counting },
        { amount: 15990, payment_method: 'credit_card', customer: { tax_id: taxId }, payment_details: { token, installments: 1 } },
      ).catch((e: unknown) => e);
      assert.ok(error instanceof RequestValidationError, String(error));
      assert.equal(error.field, 'customer.tax_id');
      assert.match(error.message, /valid CPF .* or CNPJ/);
    }
    assert.equal(calls, 0);
  });

  it('sends a good tax_id normalized: CPF, numeric CNPJ, alphanumeric CNPJ', async () => {
    for (const [taxId, value] of [
      ['123.456.789-09', '12345678909'],
      [' 11.222.333/0001-81 ', '11222333000181'],
      ['12.abc.345/01de-35', '12ABC34501DE35'],
    ]) {
      const result = await createCharge(
        { baseUrl: sandbox.url, secretKey },
        { amount: 15990, payment_method: 'credit_card', customer: { tax_id: taxId }, payment_details: { token, installments: 1 } },
      );
      assert.deepEqual(result?.customer, { tax_id: value });
    }
  });

  it('checkInstallmentPlan: the chosen option, its total charged, accepted by the sandbox', async () => {
    for (const installments of [1, 4, 5, 12]) {
      const option = checkInstallmentPlan({ config, installments, amount: installmentOptions(config)[installments - 1]!.total });
      assert.equal(option.count, installments);
      const result = await createCharge(
        { baseUrl: sandbox.url, secretKey },
        { amount: option.total, payment_method: 'credit_card', payment_details: { token, installments } },
      );
      assert.equal(result?.status, 'approved');
      assert.equal(result?.amount, option.total);
    }
    assert.deepEqual(checkInstallmentPlan({ config, installments: 5, amount: 16955 }), {
      count: 5,
      installment: 3391,
      firstInstallment: 3391,
      total: 16955,
      interestFree: false,
    });
  });

  it('checkInstallmentPlan: a count not offered, or an amount that is not its total, is refused', () => {
    const refused = (installments: number, amount: number, field: string) =>
      assert.throws(
        () => checkInstallmentPlan({ config, installments, amount }),
        (e: unknown) =>
          e instanceof InstallmentPlanError &&
          e instanceof RequestValidationError &&
          e.field === field &&
          e.operation === 'installment plan check',
      );
    refused(13, 15990, 'payment_details.installments');
    refused(0, 15990, 'payment_details.installments');
    refused(2.5, 15990, 'payment_details.installments');
    // R$ 19,99 with a R$ 5,00 minimum: 4× would be R$ 4,99.
    assert.throws(
      () => checkInstallmentPlan({ config: { ...config, amount: 1999 }, installments: 4, amount: 1999 }),
      (e: unknown) =>
        e instanceof RequestValidationError && e.field === 'payment_details.installments' && /offers 1×, 2×, 3×$/.test(e.message),
    );
    // The cash price with interest (the page dropped the interest), or the interest sem juros.
    refused(5, 15990, 'amount');
    refused(4, 16000, 'amount');
    assert.throws(
      () => checkInstallmentPlan({ config: { ...config, monthlyRate: '1,99' }, installments: 1, amount: 15990 }),
      (e: unknown) => e instanceof InstallmentConfigError && e.option === 'monthlyRate',
    );
  });

  it('checkInstallmentPlan: a refusal is named as the plan check, never as a request that was not sent', () => {
    const refusal = (installments: number, amount: number) => {
      try {
        checkInstallmentPlan({ config, installments, amount });
      } catch (error) {
        return error as InstallmentPlanError;
      }
      assert.fail(`${installments}× for ${amount} was accepted`);
    };
    const total = refusal(6, 15990);
    assert.equal(total.name, 'InstallmentPlanError');
    assert.equal(
      total.message,
      "The installment plan check refused the charge: amount: must be 17124 (the total of 6× in your plan), not 15990; charge the option's total",
    );
    const count = refusal(13, 15990);
    assert.equal(
      count.message,
      'The installment plan check refused the charge: payment_details.installments: 13 is not offered for this amount; the plan offers 1×, 2×, 3×, 4×, 5×, 6×, 7×, 8×, 9×, 10×, 11×, 12×',
    );
    for (const error of [total, count]) {
      assert.doesNotMatch(error.message, /charges\.create|Invalid request|POST/);
      assert.notEqual(error.operation, 'charges.create');
    }
  });
});
