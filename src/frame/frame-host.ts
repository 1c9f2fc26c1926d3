// css-tag.js: the package's main entry would bring ReactiveElement along (it defines it as it loads).
import { adoptStyles, type CSSResult } from '@lit/reactive-element/css-tag.js';
import type { ReactiveController, ReactiveControllerHost } from '@lit/reactive-element';

/**
 * The frame's root element: a shadow root with the form's styles, and the
 * part of Lit's update cycle the card session relies on. The session and its
 * controllers ask for updates (`requestUpdate`), wait for them
 * (`updateComplete`) and learn when the host leaves the page
 * (`hostDisconnected`); updates asked for in the same task are batched into
 * one, in a microtask, as `ReactiveElement` batches them. Nothing else of
 * `ReactiveElement` runs in the frame (no attributes, no reactive
 * properties: its one input is the `settings` message), so the frame does not
 * carry it: 1.6 KB brotli of a document every isolated form loads. The
 * element itself, `<pay-card-form>`, is a `ReactiveElement`.
 */
export abstract class FrameHost extends HTMLElement implements ReactiveControllerHost {
  readonly renderRoot: ShadowRoot;
  readonly #controllers = new Set<ReactiveController>();
  #requested = false;
  #done: Promise<boolean> = Promise.resolve(true);

  constructor(styles: CSSResult) {
    super();
    this.renderRoot = this.attachShadow({ mode: 'open' });
    adoptStyles(this.renderRoot, [styles]);
  }

  addController(controller: ReactiveController): void {
    this.#controllers.add(controller);
    if (this.isConnected) controller.hostConnected?.();
  }

  removeController(controller: ReactiveController): void {
    this.#controllers.delete(controller);
  }

  /** Runs {@link update} once, after the current task's other requests: what `updateComplete` waits for. */
  requestUpdate(): void {
    if (this.#requested) return;
    this.#requested = true;
    this.#done = Promise.resolve().then(() => {
      this.#requested = false;
      this.update();
      // As Lit's: false when the update asked for another.
      return !this.#requested;
    });
  }

  /** Settles once the update asked for last has run. */
  get updateComplete(): Promise<boolean> {
    return this.#done;
  }

  connectedCallback(): void {
    for (const controller of this.#controllers) controller.hostConnected?.();
  }

  disconnectedCallback(): void {
    for (const controller of this.#controllers) controller.hostDisconnected?.();
  }

  protected abstract update(): void;
}
