import { TxnStatus } from '../../server/enums.js';
import type { Clock } from '../clock.js';

/** A record whose `txn_status` moves on by itself, on the sandbox clock. */
export interface LifecycleRecord {
  status: number;
  updatedAt: number;
  /** Cancels the steps still scheduled on the clock; the record's store calls it when it evicts the record. */
  cancelSteps?: () => void;
  /**
   * Ends the record now, COMPLETED or FAILED, with the same effects as its
   * scheduled final step (the console's "settle or fail a refund"); set while
   * steps are pending, removed once the record is final.
   */
  finishNow?: (fails: boolean, at: number) => void;
}

/** When each step comes, in milliseconds after the record's start. */
export interface LifecycleTimes {
  processing: number;
  final: number;
}

export interface LifecycleOutcome {
  /** Ends in 3 FAILED rather than 2 COMPLETED. */
  fails: boolean;
  /** Runs once the record is COMPLETED, with the step's time. */
  onCompleted?: (at: number) => void;
  /** Runs once the record is FAILED, with the step's time. */
  onFailed?: (at: number) => void;
}

/**
 * §3.1: 1 PENDING → 5 PROCESSING → 2 COMPLETED or 3 FAILED, asynchronously.
 * Refunds follow it, and transfers mirror it (their transitions are not
 * shown, §3.3). The steps run on the sandbox clock, so a test moves time
 * instead of waiting; each sets the status and `updatedAt` to the step's own
 * time (not the moment the clock was moved), then runs the outcome's effect.
 */
export function scheduleStatusLifecycle(
  clock: Pick<Clock, 'schedule'>,
  record: LifecycleRecord,
  start: number,
  times: LifecycleTimes,
  outcome: LifecycleOutcome,
): void {
  const processingAt = start + times.processing;
  const finalAt = start + times.final;
  const processing = clock.schedule(processingAt, () => {
    record.status = TxnStatus.PROCESSING;
    record.updatedAt = processingAt;
  });
  const end = (fails: boolean, at: number) => {
    delete record.finishNow;
    record.status = fails ? TxnStatus.FAILED : TxnStatus.COMPLETED;
    record.updatedAt = at;
    (fails ? outcome.onFailed : outcome.onCompleted)?.(at);
  };
  const final = clock.schedule(finalAt, () => end(outcome.fails, finalAt));
  record.cancelSteps = () => {
    processing();
    final();
  };
  record.finishNow = (fails, at) => {
    record.cancelSteps!();
    end(fails, at);
  };
}
