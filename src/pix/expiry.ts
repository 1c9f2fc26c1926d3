/**
 * When a PIX code stops being payable, and what the shopper hears as that
 * nears. Pure: every function takes the time as an argument.
 */

/**
 * Remaining time, in seconds, at which a countdown is announced to screen
 * readers. A few moments, not every second: a live region that speaks every
 * second drowns out everything else on the page.
 */
export const ANNOUNCED_SECONDS: readonly number[] = [30, 60, 300];

/**
 * The instant in Unix ms from an `expires-at` value: an ISO 8601 time
 * (`2026-11-22T15:04:05Z`, `…-03:00`) or Unix milliseconds, as a number or
 * a string of digits. Null when absent or unreadable, so a typo never
 * expires a code that is still payable.
 */
export function parseExpiresAt(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (/^[0-9]+$/.test(text)) return Number(text);
  // Date-only strings and bare "T" times are read as UTC or local time depending on their shape: ask for a full time.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : time;
}

/** Whole seconds left before `expiresAt`, counted up (0.2 s left is still "1 second"), never below 0. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/**
 * The announced threshold that the countdown passed going from `before` to
 * `after` seconds left, if any: the smallest one (the list is in ascending
 * order), so a tab that slept through two thresholds announces only the
 * nearer one. Zero is announced as expiry, not as a threshold.
 */
export function thresholdCrossed(before: number, after: number): number | null {
  return (after > 0 && ANNOUNCED_SECONDS.find((t) => before > t && after <= t)) || null;
}

/** "4:05", or "1:02:03" from an hour up, for the visible countdown. */
export function formatClock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
