import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../sandbox.js';
import { MERCHANTS } from '../merchants.js';
import { DECLINING_TEST_CARDS, TEST_CARDS } from '../test-cards.js';
import { basicAuthorization, createCharge } from '../../server/charges.js';
import { SANDBOX_INSTALLMENT_POLICY } from './charges.js';
import { describeFixtures } from '../banner.js';
import type { ChargeRequest } from '../../server/schemas/charges.js';
import { BusinessError, HttpStatusError } from '../../server/errors.js';

/** Always in the future, so the suite never ages into failure. */
const FUTURE_YEAR = String(new Date().getFullYear() + 5);

/** `POST /v1/charges` (§4.1, §2.5) in the sandbox, through the server helper: test cards approve or decline (docs/charges.md). */
describe('sandbox charges', () => {
  let sandbox: Sandbox;
  const secretKey = MERCHANTS[0]!.secretKey;
  const tokenFor = async (number: string, publicKey = MERCHANTS[0]!.publicKey) => {
    const res = await fetch(`${sandbox.url}/v1/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${publicKey}` },
      body: JSON.stringify({
        card: {
          number,
          holderName: 'Ana Silva',
          expirationMonth: '12',
          expirationYear: FUTURE_YEAR,
          cvv: number.startsWith('3') && number.length === 15 ? '1234' : '123',
        },
      }),
    });
    assert.equal(res.status, 200);
    return ((await res.json()) as { data: { token: string } }).data.token;
  };
  const charge = (token: string): ChargeRequest => ({
    amount: 4990,
    payment_method: 'credit_card',
    payment_details: { token, installments: 1 },
  });

  before(async () => {
    sandbox = await createSandbox();
  });
  after(() => sandbox.close());

  it('every TEST_CARDS number is approved', async () => {
    for (const card of TEST_CARDS) {
      const result = await createCharge({ baseUrl: sandbox.url, secretKey }, charge(await tokenFor(card.number)));
      assert.equal(result?.status, 'approved', card.number);
      assert.deepEqual(result?.card, { brand: card.brand, last_four_digits: card.number.slice(-4) });
      assert.match(result?.id as string, /^ch_/);
    }
  });

  it('DECLINING_TEST_CARDS are always declined: BusinessError card_declined with the decline code', async () => {
    for (const card of DECLINING_TEST_CARDS) {
      const token = await tokenFor(card.number);
      for (let i = 0; i < 2; i++) {
        const error = await createCharge({ baseUrl: sandbox.url, secretKey }, charge(token)).catch((e: unknown) => e);
        assert.ok(error instanceof BusinessError, String(error));
        assert.equal(error.code, 'card_declined');
        assert.equal((error.data as { status: string }).status, 'declined');
        assert.equal((error.data as { decline_code: string }).decline_code, card.declineCode);
      }
    }
  });

  it('Basic auth is checked, and the token must be this merchant’s', async () => {
    const token = await tokenFor(TEST_CARDS[0].number);
    const wrongKey = await createCharge({ baseUrl: sandbox.url, secretKey: 'sk_test_51NotTheRightKey00' }, charge(token)).catch(
      (e: unknown) => e,
    );
    assert.ok(wrongKey instanceof HttpStatusError && wrongKey.status === 401);
    const unknown = await createCharge({ baseUrl: sandbox.url, secretKey }, charge('tok_of_nobody')).catch((e: unknown) => e);
    assert.ok(unknown instanceof HttpStatusError && unknown.status === 422 && unknown.reason === 'unknown_token');
    // A real token, but another merchant's: as unknown as a forged one.
    const other = MERCHANTS[1]!;
    const otherToken = await tokenFor(TEST_CARDS[0].number, other.publicKey);
    const foreign = await createCharge({ baseUrl: sandbox.url, secretKey }, charge(otherToken)).catch((e: unknown) => e);
    assert.ok(foreign instanceof HttpStatusError && foreign.status === 422 && foreign.reason === 'unknown_token');
    assert.equal((await createCharge({ baseUrl: sandbox.url, secretKey: other.secretKey }, charge(otherToken)))?.status, 'approved');
  });
});

/** The sandbox merchant's installment policy and the `customer.tax_id` check, over real HTTP with the raw wire (docs/sandbox.md). */
describe('sandbox charges: installment policy and tax_id', () => {
  let sandbox: Sandbox;
  let token: string;
  const post = async (body: unknown) => {
    const res = await fetch(`${sandbox.url}/v1/charges`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: basicAuthorization(MERCHANTS[0]!.secretKey) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { code: unknown; data: Record<string, unknown> | null; message: string } };
  };
  const charge = (amount: number, installments: unknown, taxId?: string) => ({
    amount,
    payment_method: 'credit_card',
    ...(taxId === undefined ? {} : { customer: { tax_id: taxId } }),
    payment_details: { token, installments },
  });
  const refusedOn = async (body: unknown, field: string) => {
    const { status, body: answer } = await post(body);
    assert.equal(status, 422, JSON.stringify(body));
    assert.equal(answer.code, 4002);
    assert.equal(answer.data?.field, field);
    assert.equal(typeof answer.data?.reason, 'string');
    assert.match(answer.message, new RegExp(`^${field.replace('.', '\\.')} is invalid`));
  };

  before(async () => {
    sandbox = await createSandbox();
    const res = await fetch(`${sandbox.url}/v1/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${MERCHANTS[0]!.publicKey}` },
      body: JSON.stringify({
        card: { number: '4111111111111111', holderName: 'Ana Silva', expirationMonth: '12', expirationYear: FUTURE_YEAR, cvv: '123' },
      }),
    });
    token = ((await res.json()) as { data: { token: string } }).data.token;
  });
  after(() => sandbox.close());

  it('the policy is the documented one, and the banner prints it', () => {
    assert.deepEqual(SANDBOX_INSTALLMENT_POLICY, { maxInstallments: 12, minInstallment: 500 });
    assert.match(describeFixtures(sandbox.url), /1 to 12 installments, each at least 500 centavos \(R\$ 5,00\)/);
  });

  it('refuses installments out of range, not integers, or under R$ 5,00 each, with 4002 and the field', async () => {
    for (const installments of [0, -1, 13, 24, 2.5, '3', null]) {
      await refusedOn(charge(60000, installments), 'payment_details.installments');
    }
    await refusedOn(charge(999, 2), 'payment_details.installments');
    await refusedOn(charge(5999, 12), 'payment_details.installments');
  });

  it('takes the edges of the policy: 12 × R$ 5,00, 2 × R$ 5,00, and 1× of any amount', async () => {
    for (const [amount, installments] of [
      [6000, 12],
      [1000, 2],
      [1, 1],
      [60000, 12],
    ] as const) {
      const { status, body } = await post(charge(amount, installments));
      assert.equal(status, 200, `${amount} in ${installments}`);
      assert.equal(body.code, 200);
      assert.equal(body.data?.status, 'approved');
    }
  });

  it('refuses an invalid tax_id, and takes a CPF, a numeric CNPJ and an alphanumeric CNPJ, normalized', async () => {
    for (const taxId of ['123.456.789-00', '111.111.111-11', '12.ABC.345/01DE-36', '1234', '', 'abc']) {
      await refusedOn(charge(15990, 3, taxId), 'customer.tax_id');
    }
    for (const [taxId, value] of [
      ['123.456.789-09', '12345678909'],
      ['11.222.333/0001-81', '11222333000181'],
      ['12.abc.345/01de-35', '12ABC34501DE35'],
    ]) {
      const { status, body } = await post(charge(15990, 3, taxId));
      assert.equal(status, 200, taxId);
      assert.deepEqual(body.data?.customer, { tax_id: value });
    }
  });

  it('a refused charge leaves nothing behind: the same token still charges', async () => {
    await refusedOn(charge(15990, 13), 'payment_details.installments');
    await refusedOn(charge(15990, 3, '000.000.000-00'), 'customer.tax_id');
    const { status, body } = await post(charge(15990, 3, '12345678909'));
    assert.equal(status, 200);
    assert.equal(body.data?.status, 'approved');
  });
});
