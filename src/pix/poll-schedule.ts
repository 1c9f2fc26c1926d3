/**
 * How often `<pay-pix-qr status-url>` asks whether the code was paid. Pure:
 * the delay is a function of the time since polling began.
 *
 * Most shoppers pay within a minute of seeing the code, so the first minute
 * is polled often and the page turns to paid moments after the bank app
 * confirms; after that, a shopper who left the tab open costs the backend one
 * request every ten seconds. The element also polls at once when the page
 * becomes visible again, the shopper back from the bank app.
 */

/** The delay between polls during {@link FAST_POLL_FOR_MS}. */
export const FAST_POLL_MS = 2000;
/** How long, from the first poll, polls come every {@link FAST_POLL_MS}. */
export const FAST_POLL_FOR_MS = 60_000;
/** The delay between polls afterwards. */
export const SLOW_POLL_MS = 10_000;
/** A poll with no answer by then is given up as failed, and the next one is scheduled. */
export const POLL_TIMEOUT_MS = 10_000;

/** Milliseconds from the end of one poll to the start of the next, `elapsedMs` after the first poll began. */
export function pollDelay(elapsedMs: number): number {
  return elapsedMs < FAST_POLL_FOR_MS ? FAST_POLL_MS : SLOW_POLL_MS;
}
