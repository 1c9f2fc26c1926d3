import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TxnStatus } from '../../server/enums.js';
import { createClock } from '../clock.js';
import { scheduleStatusLifecycle, type LifecycleRecord } from './status-lifecycle.js';

describe('scheduleStatusLifecycle', () => {
  const START = Date.UTC(2026, 2, 14);
  const TIMES = { processing: 1_000, final: 3_000 };

  it('PENDING → PROCESSING → COMPLETED on the clock, each step stamped with its own time', () => {
    const clock = createClock({ frozenAt: START });
    const record: LifecycleRecord = { status: TxnStatus.PENDING, updatedAt: START };
    const completed: number[] = [];
    scheduleStatusLifecycle(clock, record, START, TIMES, { fails: false, onCompleted: (at) => completed.push(at) });
    clock.advance(999);
    assert.equal(record.status, TxnStatus.PENDING);
    clock.advance(5_000);
    assert.deepEqual(
      { ...record, cancelSteps: undefined },
      { status: TxnStatus.COMPLETED, updatedAt: START + 3_000, cancelSteps: undefined },
    );
    assert.deepEqual(completed, [START + 3_000]);
  });

  it('ends FAILED with its own effect, and cancelSteps stops what has not run', () => {
    const clock = createClock({ frozenAt: START });
    const failing: LifecycleRecord = { status: TxnStatus.PENDING, updatedAt: START };
    const effects: string[] = [];
    scheduleStatusLifecycle(clock, failing, START, TIMES, {
      fails: true,
      onFailed: () => effects.push('failed'),
      onCompleted: () => effects.push('completed'),
    });
    const cancelled: LifecycleRecord = { status: TxnStatus.PENDING, updatedAt: START };
    scheduleStatusLifecycle(clock, cancelled, START, TIMES, { fails: false, onCompleted: () => effects.push('cancelled one') });
    clock.advance(1_000);
    cancelled.cancelSteps!();
    clock.advance(2_000);
    assert.equal(failing.status, TxnStatus.FAILED);
    assert.equal(cancelled.status, TxnStatus.PROCESSING);
    assert.deepEqual(effects, ['failed']);
  });
});
