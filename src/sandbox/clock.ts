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
  /** Runs `task` once the clock reaches `atMs`, whether by real time or by {@link Clock.advance}. */
  schedule(atMs: number, task: () => void): void;
}

export interface ClockOptions {
  /** Start frozen at this time: the clock then moves only through `advance` and `set`. */
  frozenAt?: number;
}

/** A clock that follows real time plus an offset, or stays frozen for deterministic tests. */
export function createClock(options: ClockOptions = {}): Clock {
  const frozen = options.frozenAt !== undefined;
  let base = options.frozenAt ?? 0;
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

  return {
    now() {
      runDue();
      return now();
    },
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance() takes a non-negative number of milliseconds');
      offset += ms;
      runDue();
    },
    set(epochMs) {
      const delta = epochMs - now();
      if (delta < 0) throw new RangeError('the sandbox clock never moves backwards');
      offset += delta;
      runDue();
    },
    schedule(atMs, run) {
      // After every task due at or before atMs: keeps the list sorted and ties in order.
      let i = tasks.length;
      while (i > 0 && tasks[i - 1]!.at > atMs) i--;
      tasks.splice(i, 0, { at: atMs, run });
    },
  };
}
