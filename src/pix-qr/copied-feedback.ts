import type { ReactiveController, ReactiveControllerHost } from '@lit/reactive-element';
import { browserClock, type Clock } from './clock.js';

/** How long the copy button says "Copied". */
export const COPIED_MS = 3000;

/**
 * The copy button's "Copied", for a moment after each copy. A copy during
 * the moment starts it again; leaving the page ends it, timer included.
 */
export class CopiedFeedback implements ReactiveController {
  /** Whether the button says "Copied" now. */
  shown = false;
  readonly #host: ReactiveControllerHost;
  readonly #clock: Clock;
  #timer: number | undefined;

  constructor(host: ReactiveControllerHost, clock: Clock = browserClock) {
    this.#host = host;
    this.#clock = clock;
    host.addController(this);
  }

  show(): void {
    this.#set(true);
    this.#timer = this.#clock.setTimeout(() => this.#set(false), COPIED_MS);
  }

  hostDisconnected(): void {
    this.#set(false);
  }

  #set(shown: boolean): void {
    this.#clock.clearTimeout(this.#timer);
    this.shown = shown;
    this.#host.requestUpdate();
  }
}
