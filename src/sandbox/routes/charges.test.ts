import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../sandbox.js';
import { MERCHANTS } from '../merchants.js';
import { DECLINING_TEST_CARDS, TEST_CARDS } from '../test-cards.js';
import { createCharge } from '../../server/charges.js';
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
