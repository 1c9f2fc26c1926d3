import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NonceCache } from './nonce-cache.js';

describe('NonceCache', () => {
  it('NonceCache forgets nonces after the retention period', () => {
    const cache = new NonceCache(1000);
    assert.equal(cache.remember('c', 'n', 0), true);
    assert.equal(cache.remember('c', 'n', 999), false);
    assert.equal(cache.remember('other', 'n', 999), true);
    assert.equal(cache.remember('c', 'n', 1000), false, 'still spent on the last millisecond of the period');
    assert.equal(cache.remember('c', 'n', 1001), true);
  });

  it('NonceCache with maxEntries forgets its oldest nonce first when time does not move', () => {
    const cache = new NonceCache(1000, 2);
    assert.equal(cache.remember('c', 'a', 0), true);
    assert.equal(cache.remember('c', 'b', 0), true);
    assert.equal(cache.remember('c', 'c', 0), true);
    assert.equal(cache.size, 2);
    assert.equal(cache.remember('c', 'b', 0), false);
    assert.equal(cache.remember('c', 'a', 0), true);
  });
});
