import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pollDelay } from './poll-schedule.js';

describe('pollDelay', () => {
  it('polls every 2 s for the first minute, then every 10 s', () => {
    assert.equal(pollDelay(0), 2000);
    assert.equal(pollDelay(59_999), 2000);
    assert.equal(pollDelay(60_000), 10_000);
    assert.equal(pollDelay(3_600_000), 10_000);
  });

  it('asks about 30 times in the first minute and 6 a minute after', () => {
    const polls = (fromMs: number, toMs: number) => {
      let count = 0;
      for (let t = 0; t < toMs; t += pollDelay(t)) if (t >= fromMs) count++;
      return count;
    };
    assert.equal(polls(0, 60_000), 30);
    assert.equal(polls(60_000, 120_000), 6);
  });
});
