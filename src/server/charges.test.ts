import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../sandbox/sandbox.js';
import { MERCHANTS } from '../sandbox/fixtures.js';
import { basicAuthorization, createCharge, type ChargeRequest } from './charges.js';
import { ConfigError, HttpStatusError, RequestValidationError } from './errors.js';

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
    // The token the widget would produce.
    const res = await fetch(`${sandbox.url}/v1/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer pk_test_51LojaExemploActive0001' },
      body: JSON.stringify({ card: { number: '4111111111111111', holderName: 'Ana', expirationMonth: '12', expirationYear: '2031', cvv: '123' } }),
    });
    assert.equal(res.status, 200);
    token = ((await res.json()) as { data: { token: string } }).data.token;
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
    const ok = await createCharge({ baseUrl: `${sandbox.url}/`, secretKey }, { amount: 100, payment_method: 'credit_card', payment_details: { token, installments: 1 } });
    assert.equal(ok?.amount, 100);
  });

  it('a token of no merchant → HTTP 422 with reason unknown_token', async () => {
    const error = await createCharge({ baseUrl: sandbox.url, secretKey }, charge({ payment_details: { token: 'tok_forged', installments: 1 } })).catch((e: unknown) => e);
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
    for (const authorization of [`Bearer ${secretKey}`, `Basic ${Buffer.from(`${secretKey}:x`).toString('base64')}`, `Basic ${Buffer.from(`:${secretKey}`).toString('base64')}`]) {
      const res = await fetch(`${sandbox.url}/v1/charges`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: authorization }, body });
      assert.equal(res.status, 401, authorization.slice(0, 6));
    }
  });

  it('validates §2.5 before sending', async () => {
    const invalid = (field: string) => (e: unknown) => e instanceof RequestValidationError && e.field === field;
    const opts = { baseUrl: sandbox.url, secretKey };
    await assert.rejects(createCharge(opts, charge({ amount: 159.9 })), invalid('amount'));
    await assert.rejects(createCharge(opts, charge({ amount: '15990' as never })), invalid('amount'));
    await assert.rejects(createCharge(opts, charge({ payment_details: { token: '', installments: 1 } })), invalid('payment_details.token'));
    await assert.rejects(createCharge(opts, charge({ payment_details: { token, installments: 1.5 } })), invalid('payment_details.installments'));
    await assert.rejects(createCharge(opts, charge({ items: [{ name: 'x', quantity: 1, unit_price: 9.99, tangible: true }] })), invalid('items.0.unit_price'));
    await assert.rejects(createCharge(opts, { ...charge(), cvv: '123' } as never), RequestValidationError);
  });

  it('configuration errors: a public key instead of the secret key, a bad URL', async () => {
    await assert.rejects(createCharge({ baseUrl: sandbox.url, secretKey: 'pk_test_51LojaExemploActive0001' }, charge()), /never use the public key/);
    await assert.rejects(createCharge({ baseUrl: 'sandbox', secretKey }, charge()), ConfigError);
    await assert.rejects(createCharge({ baseUrl: sandbox.url } as never, charge()), /secretKey is missing/);
  });
});
