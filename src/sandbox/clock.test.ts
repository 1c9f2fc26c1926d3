import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClock } from './clock.js';

describe('sandbox clock', () => {
  const start = Date.UTC(2026, 2, 14, 12, 0, 0);

  it('a frozen clock moves only through advance and set, never backwards', () => {
    const clock = createClock({ frozenAt: start });
    assert.equal(clock.now(), start);
    clock.advance(1_500);
    assert.equal(clock.now(), start + 1_500);
    clock.set(start + 10_000);
    assert.equal(clock.now(), start + 10_000);
    clock.set(start + 10_000); // the same time is not backwards
    assert.throws(() => clock.set(start + 9_999), /never moves backwards/);
    assert.throws(() => clock.advance(-1), RangeError);
    assert.throws(() => clock.advance(Number.NaN), RangeError);
    assert.equal(clock.now(), start + 10_000);
  });

  it('runs due tasks in time order, ties in the order scheduled, each once', () => {
    const clock = createClock({ frozenAt: start });
    const ran: string[] = [];
    clock.schedule(start + 300, () => ran.push('c'));
    clock.schedule(start + 100, () => ran.push('a'));
    clock.schedule(start + 200, () => ran.push('b1'));
    clock.schedule(start + 200, () => ran.push('b2'));
    clock.schedule(start + 1_000, () => ran.push('late'));
    assert.deepEqual(ran, []);
    clock.advance(99);
    assert.deepEqual(ran, []);
    clock.advance(1);
    assert.deepEqual(ran, ['a']);
    clock.advance(200);
    assert.deepEqual(ran, ['a', 'b1', 'b2', 'c']);
    clock.now();
    clock.set(start + 999);
    assert.deepEqual(ran, ['a', 'b1', 'b2', 'c']);
    clock.set(start + 5_000);
    assert.deepEqual(ran, ['a', 'b1', 'b2', 'c', 'late']);
  });

  it('a task may schedule another: run at once when already due, later otherwise', () => {
    const clock = createClock({ frozenAt: start });
    const ran: string[] = [];
    clock.schedule(start + 100, () => {
      ran.push('first');
      clock.schedule(start + 50, () => ran.push('already due'));
      clock.schedule(start + 500, () => ran.push('later'));
    });
    clock.schedule(start + 200, () => ran.push('second'));
    clock.advance(300);
    assert.deepEqual(ran, ['first', 'already due', 'second']);
    clock.advance(200);
    assert.deepEqual(ran, ['first', 'already due', 'second', 'later']);
  });

  it('a task in the past runs on the next reading', () => {
    const clock = createClock({ frozenAt: start });
    let ran = 0;
    clock.schedule(start - 1, () => ran++);
    assert.equal(ran, 0);
    assert.equal(clock.now(), start);
    assert.equal(ran, 1);
    clock.now();
    assert.equal(ran, 1);
  });

  it('a real-time clock follows Date.now plus what was advanced', () => {
    const clock = createClock();
    const before = Date.now();
    clock.advance(60_000);
    const read = clock.now();
    const after = Date.now();
    assert.ok(read >= before + 60_000 && read <= after + 60_000);
  });
});
