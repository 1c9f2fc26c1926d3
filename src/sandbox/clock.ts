/**
 * The sandbox's notion of "now". Every rule that depends on time (QR reference
 * lifetime, the 48 h order-ID window, the 90-day refund age, asynchronous
 * refund steps) reads this clock, so tests can move time instead of waiting.
 */
export interface Clock {
  /** Current time in Unix milliseconds. */
  now(): number;
  /** Moves the clock forward by `ms` milliseconds and runs what became due. */
  advance(ms: number): void;
  /** Sets the clock to an absolute time (never backwards). */
  set(epochMs: number): void;
  /**
   * Runs `task` once the clock reaches `atMs`, whether by real time or by
   * {@link Clock.advance}. Returns a function that cancels the task if it
   * has not run yet (the sandbox cancels the steps of records it evicts).
   */
  schedule(atMs: number, task: () => void): () => void;
}

/** The largest single move of the clock: ten years (the longest rule it drives is 90 days). */
export const MAX_CLOCK_STEP_MS = 10 * 365 * 24 * 3_600_000;
/** The clock never passes 2100-01-01 UTC: order IDs carry a two-digit year (§4.2), and Dates stay valid. */
export const MAX_CLOCK_TIME = Date.UTC(2100, 0, 1);

export interface ClockOptions {
  /** Start frozen at this time: the clock then moves only through `advance` and `set`. */
  frozenAt?: number;
}

/** A clock that follows real time plus an offset, or stays frozen for deterministic tests. */
export function createClock(options: ClockOptions = {}): Clock {
  const frozen = options.frozenAt !== undefined;
  const base = options.frozenAt ?? 0;
  let offset = 0;
  /** Pending tasks, earliest first (ties in the order they were scheduled). */
  const tasks: { at: number; run: () => void }[] = [];

  const now = () => (frozen ? base : Date.now()) + offset;
  const runDue = () => {
    const current = now();
    // The list is sorted, so only its head can be due. A task may schedule
    // another, which lands in order and is run here too if already due.
    while (tasks.length > 0 && tasks[0]!.at <= current) tasks.shift()!.run();
  };

  /** Absurd moves are refused before anything changes: they would break every later request. */
  const move = (ms: number) => {
    if (ms > MAX_CLOCK_STEP_MS) throw new RangeError(`the sandbox clock moves at most ${MAX_CLOCK_STEP_MS} ms (ten years) at a time`);
    if (now() + ms > MAX_CLOCK_TIME) throw new RangeError('the sandbox clock stops at 2100-01-01T00:00:00Z');
    offset += ms;
    runDue();
  };

  return {
    now() {
      runDue();
      return now();
    },
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance() takes a non-negative number of milliseconds');
      move(ms);
    },
    set(epochMs) {
      if (!Number.isFinite(epochMs)) throw new RangeError('set() takes Unix milliseconds');
      const delta = epochMs - now();
      if (delta < 0) throw new RangeError('the sandbox clock never moves backwards');
      move(delta);
    },
    schedule(atMs, run) {
      // After every task due at or before atMs: keeps the list sorted and ties in order.
      let i = tasks.length;
      while (i > 0 && tasks[i - 1]!.at > atMs) i--;
      const task = { at: atMs, run };
      tasks.splice(i, 0, task);
      return () => {
        const at = tasks.indexOf(task);
        if (at >= 0) tasks.splice(at, 1);
      };
    },
  };
}
