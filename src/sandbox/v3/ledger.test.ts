import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ledger } from './ledger.js';

describe('Ledger', () => {
  it('a debit is checked at once and applied only on commit', () => {
    const ledger = new Ledger([['a', 500]]);
    assert.deepEqual(ledger.planDebit('a', 501), { ok: false, available: 500 });
    const debit = ledger.planDebit('a', 500);
    assert.ok(debit.ok);
    assert.equal(ledger.balance('a'), 500);
    debit.commit();
    assert.equal(ledger.balance('a'), 0);
  });

  it('moves need no check; null is money outside the balances', () => {
    const ledger = new Ledger([['a', 100]]);
    ledger.move('a', 'b', 150);
    ledger.move(null, 'a', 10);
    ledger.move('b', null, 50);
    assert.deepEqual(
      [...ledger.entries()],
      [
        ['a', -40],
        ['b', 100],
      ],
    );
  });

  it('a refund hold is refused above what remains refundable, and a release gives it back', () => {
    const ledger = new Ledger([]);
    const settlement = { amountCents: 1000, refundedCents: 0 };
    const first = ledger.planRefundHold(settlement, 600);
    assert.ok(first.ok);
    first.commit();
    assert.deepEqual(ledger.planRefundHold(settlement, 401), { ok: false, available: 400 });
    ledger.releaseRefundHold(settlement, 600);
    assert.equal(settlement.refundedCents, 0);
  });
});
