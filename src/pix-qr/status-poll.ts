import type { ReactiveController, ReactiveControllerHost } from '@lit/reactive-element';
import { parsePixStatusAnswer, type PixStatus } from '../pix/pix-status.js';
import { POLL_TIMEOUT_MS, pollDelay } from '../pix/poll-schedule.js';
import type { Clock } from './clock.js';

/**
 * Where a poll is:
 * - `off`: not started, or the element left the page (back in the page, it polls at once);
 * - `asking`: a request is out (its one timer is the request's deadline);
 * - `waiting`: for the next poll (the timer is the next poll's);
 * - `done`: the address said paid or expired, or {@link StatusPoll.stop} was called. Final.
 */
export type StatusPollState = 'off' | 'asking' | 'waiting' | 'done';

/**
 * What the poll tells its element after each poll: the status answered (the
 * poll is `done` after `paid` or `expired`), or null when the poll failed (no
 * answer, an HTTP error, an answer of another shape).
 */
export type StatusPollListener = (status: PixStatus | null) => void;

/**
 * Asks a status address whether the code was paid, on the schedule of
 * `pollDelay` (every 2 s for the first minute, then every 10 s), and at once
 * when the page becomes visible again: the shopper back from the bank app.
 * The next poll is scheduled when the previous one ends, so a slow backend
 * never has two requests from one element at a time.
 *
 * A failed poll is retried on the same schedule and reported through
 * `trouble`; it never settles the code. Leaving the page aborts the request,
 * clears the timer and stops listening for visibility.
 */
export class StatusPoll implements ReactiveController {
  state: StatusPollState = 'off';
  readonly url: string;
  readonly #host: ReactiveControllerHost;
  readonly #heard: StatusPollListener;
  readonly #clock: Clock;
  /** When the first poll began, on {@link Clock.now}: the schedule counts from it, across moves. */
  #start: number | undefined;
  #timer: number | undefined;
  /** The request out now; a poll whose request is no longer this one was stopped and drops its answer. */
  #request: AbortController | undefined;
  #warned = false;

  /** `clock` is the element's (`browserClock`), passed in rather than imported so this module, loaded on demand, shares no code with the element's file. */
  constructor(host: ReactiveControllerHost, url: string, heard: StatusPollListener, clock: Clock) {
    this.#host = host;
    this.url = url;
    this.#heard = heard;
    this.#clock = clock;
    // Polls at once if the element is in the page, else when it enters it.
    host.addController(this);
  }

  hostConnected(): void {
    if (this.state !== 'off') return;
    document.addEventListener('visibilitychange', this);
    void this.#poll();
  }

  hostDisconnected(): void {
    if (this.state !== 'done') this.#halt('off');
  }

  /** Stops for good and lets go of the element. */
  stop(): void {
    this.#halt('done');
    this.#host.removeController(this);
  }

  /** `visibilitychange`: back in view, the shopper may have just paid, so ask now rather than at the next tick. */
  handleEvent(): void {
    if (document.visibilityState === 'visible' && this.state === 'waiting') void this.#poll();
  }

  async #poll(): Promise<void> {
    const clock = this.#clock;
    clock.clearTimeout(this.#timer);
    this.state = 'asking';
    this.#start ??= clock.now();
    const request = (this.#request = new AbortController());
    this.#timer = clock.setTimeout(() => request.abort(), POLL_TIMEOUT_MS);
    let status: PixStatus | null = null;
    let problem = '';
    try {
      const response = await fetch(this.url, { headers: { accept: 'application/json' }, cache: 'no-store', signal: request.signal });
      status = response.ok ? parsePixStatusAnswer(await response.json().catch(() => null)) : null;
      if (!status) problem = response.ok ? 'an answer without a known "status"' : `HTTP ${response.status}`;
    } catch {
      // Offline, refused, or past the deadline: the shopper's network, not the backend's answer.
    }
    if (this.#request !== request) return;
    clock.clearTimeout(this.#timer);
    if (problem && !this.#warned) {
      this.#warned = true;
      console.warn(
        `<pay-pix-qr>: status-url gave ${problem}; polling goes on. It must answer GET with JSON {"status": "pending" | "paid" | "expired"}.`,
      );
    }
    if (status && status !== 'pending') this.#halt('done');
    else {
      this.state = 'waiting';
      this.#timer = clock.setTimeout(() => void this.#poll(), pollDelay(clock.now() - this.#start!));
    }
    this.#heard(status);
  }

  #halt(state: StatusPollState): void {
    this.state = state;
    this.#request?.abort();
    this.#request = undefined;
    this.#clock.clearTimeout(this.#timer);
    document.removeEventListener('visibilitychange', this);
  }
}
