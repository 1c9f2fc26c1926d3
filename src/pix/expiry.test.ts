import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatClock, parseExpiresAt, secondsLeft, thresholdCrossed } from './expiry.js';

describe('expiry', () => {
  it('reads ISO times with a zone and Unix milliseconds; refuses what it cannot read', () => {
    assert.equal(parseExpiresAt('2026-11-22T15:00:00Z'), Date.UTC(2026, 10, 22, 15));
    assert.equal(parseExpiresAt('2026-11-22T12:00:00-03:00'), Date.UTC(2026, 10, 22, 15));
    assert.equal(parseExpiresAt('1795000000000'), 1795000000000);
    assert.equal(parseExpiresAt(1795000000000), 1795000000000);
    for (const bad of ['', ' ', 'tomorrow', '2026-11-22', '2026-13-40T99:99', NaN, null, undefined])
      assert.equal(parseExpiresAt(bad), null, String(bad));
  });

  it('counts whole seconds up, and never below zero', () => {
    assert.equal(secondsLeft(10_000, 0), 10);
    assert.equal(secondsLeft(10_000, 9_800), 1);
    assert.equal(secondsLeft(10_000, 10_000), 0);
    assert.equal(secondsLeft(10_000, 99_000), 0);
  });

  it('names the threshold passed, only once, and the nearest when several were skipped', () => {
    assert.equal(thresholdCrossed(301, 300), 300);
    assert.equal(thresholdCrossed(300, 299), null);
    assert.equal(thresholdCrossed(61, 60), 60);
    assert.equal(thresholdCrossed(400, 45), 60);
    assert.equal(thresholdCrossed(400, 10), 30);
    assert.equal(thresholdCrossed(31, 0), null, 'expiry is announced as expiry, not as a threshold');
    assert.equal(thresholdCrossed(1000, 900), null);
  });

  it('formats the visible clock', () => {
    assert.equal(formatClock(0), '0:00');
    assert.equal(formatClock(65), '1:05');
    assert.equal(formatClock(3599), '59:59');
    assert.equal(formatClock(3723), '1:02:03');
  });
});
