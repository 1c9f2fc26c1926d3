import type { ReactiveControllerHost } from '@lit/reactive-element';

/**
 * What an element's polite live region says. The host writes {@link text}
 * into the region on each update; {@link say} clears it first and sets the
 * sentence one update later, so the same sentence said twice is announced
 * twice.
 */
export class Announcer {
  /** The sentence the live region holds now. */
  text = '';
  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  say(text: string): void {
    this.text = '';
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() => {
      this.text = text;
      this.#host.requestUpdate();
    });
  }
}
