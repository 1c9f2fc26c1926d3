import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parsePixStatusAnswer } from './pix-status.js';

describe('parsePixStatusAnswer', () => {
  it('reads each status, ignoring fields beside it', () => {
    assert.equal(parsePixStatusAnswer({ status: 'pending' }), 'pending');
    assert.equal(parsePixStatusAnswer({ status: 'paid', orderId: '42', paidAt: '2026-11-22T15:04:05Z' }), 'paid');
    assert.equal(parsePixStatusAnswer(JSON.parse('{"status":"expired"}')), 'expired');
  });

  it('refuses any other shape rather than guess a status from it', () => {
    for (const bad of [
      null,
      undefined,
      'paid',
      42,
      [],
      ['paid'],
      {},
      { status: 'PAID' },
      { status: 'ACTIVE' },
      { state: 'paid' },
      { status: null },
    ])
      assert.equal(parsePixStatusAnswer(bad), null, JSON.stringify(bad));
  });
});
