/**
 * Time as `<pay-pix-qr>`'s controllers read it and wait on it. The element
 * uses the browser's; a controller's test passes its own and steps through
 * minutes at once (see `manualClock` in test-helpers.ts).
 */
export interface Clock {
  /** Milliseconds, for durations: only differences between two readings mean something. */
  now(): number;
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number | undefined): void;
}

export const browserClock: Clock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};
