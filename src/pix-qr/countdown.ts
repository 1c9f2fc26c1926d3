import type { ReactiveController, ReactiveControllerHost } from '@lit/reactive-element';
import { secondsLeft, thresholdCrossed } from '../pix/expiry.js';
import { browserClock, type Clock } from './clock.js';

/** What the countdown tells its element. */
export interface CountdownEvents {
  /** The time left passed one of `ANNOUNCED_SECONDS` while counting (never at the start). */
  threshold(seconds: number): void;
  /** The time left reached zero; the countdown has stopped. */
  expire(): void;
}

/**
 * The countdown to `expires-at`: the whole seconds left, read again just
 * after each whole second. Its one timer runs only while the element is in
 * the page; back in the page (a move), it reads the clock at once and goes on.
 */
export class Countdown implements ReactiveController {
  /** Whole seconds left, or null when not counting (no usable `expires-at`, or the code is no longer pending). */
  left: number | null = null;
  readonly #host: ReactiveControllerHost & Element;
  readonly #events: CountdownEvents;
  readonly #clock: Clock;
  #expiresAt: number | null | undefined;
  #now: (() => number) | undefined;
  #timer: number | undefined;

  constructor(host: ReactiveControllerHost & Element, events: CountdownEvents, clock: Clock = browserClock) {
    this.#host = host;
    this.#events = events;
    this.#clock = clock;
    host.addController(this);
  }

  /**
   * Counts down to `expiresAt` (Unix ms) on the clock `now`, from a fresh
   * start: new terms are not a threshold passing. Null stops the countdown.
   */
  start(expiresAt: number | null, now: () => number): void {
    this.#expiresAt = expiresAt;
    this.#now = now;
    this.left = null;
    this.#tick();
  }

  /** Back in the page after a move: reads the clock at once and goes on. */
  hostConnected(): void {
    if (this.left) this.#tick();
  }

  hostDisconnected(): void {
    this.#clock.clearTimeout(this.#timer);
  }

  #tick(): void {
    this.#clock.clearTimeout(this.#timer);
    // The seconds left are shown: every reading renders.
    this.#host.requestUpdate();
    const expiresAt = this.#expiresAt;
    if (expiresAt == null) return;
    const now = this.#now!();
    const before = this.left;
    const left = (this.left = secondsLeft(expiresAt, now));
    if (!left) return this.#events.expire();
    const crossed = before === null ? null : thresholdCrossed(before, left);
    if (crossed) this.#events.threshold(crossed);
    // Just after the next whole second of the time left, so the display never lags a second behind.
    if (this.#host.isConnected) this.#timer = this.#clock.setTimeout(() => this.#tick(), ((expiresAt - now) % 1000 || 1000) + 20);
  }
}
