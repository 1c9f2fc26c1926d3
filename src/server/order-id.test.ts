import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hasOrderIdDatePrefix, isOrderIdDateCurrent, merchantOrderId, orderIdDay } from './order-id.js';

const DAY = Date.UTC(2026, 2, 14); // 2026-03-14T00:00:00Z
const HOUR = 3_600_000;

describe('merchant order IDs', () => {
  it('merchantOrderId() starts with the UTC date and is unique', () => {
    const id = merchantOrderId(DAY + 23 * HOUR + 59 * 60_000); // still the 14th in UTC
    assert.match(id, /^260314[0-9A-Z]{18}$/);
    assert.match(merchantOrderId(new Date(DAY)), /^260314/);
    const many = new Set(Array.from({ length: 500 }, () => merchantOrderId(DAY)));
    assert.equal(many.size, 500);
    assert.equal(isOrderIdDateCurrent(merchantOrderId(), Date.now()), true);
  });

  it('checks the YYMMDD prefix is a real date', () => {
    assert.equal(orderIdDay('260314ABC'), DAY);
    assert.equal(hasOrderIdDatePrefix('240229X'), true); // leap day
    for (const bad of ['250229X', '261301X', '260332X', '260300X', '26031', 'ABCDEF', ''])
      assert.equal(hasOrderIdDatePrefix(bad), false, bad);
  });

  it('accepts the UTC day with a ±1 h allowance (§8)', () => {
    const id = '260314ORDER';
    assert.equal(isOrderIdDateCurrent(id, DAY), true);
    assert.equal(isOrderIdDateCurrent(id, DAY + 23 * HOUR), true);
    assert.equal(isOrderIdDateCurrent(id, DAY - HOUR), true); // 23:00 on the 13th
    assert.equal(isOrderIdDateCurrent(id, DAY - HOUR - 1), false);
    assert.equal(isOrderIdDateCurrent(id, DAY + 25 * HOUR - 1), true); // 00:59:59.999 on the 15th
    assert.equal(isOrderIdDateCurrent(id, DAY + 25 * HOUR), false);
    assert.equal(isOrderIdDateCurrent('nodate', DAY), false);
  });
});
