import type { TokenizeResult } from '../card/types.js';
import { h } from '../dom/h.js';
import { setText } from '../dom/write.js';
import { hostSentences } from '../form/host-sentences.js';
import { NetworkError } from '../shared/errors.js';
import type { CardSurface, SurfaceDelegate } from './card-surface.js';

/**
 * Inline mode when the form's module did not arrive, its last attempt
 * included: the shopper reads that card payment is unavailable, as when an
 * isolated form's frame fails; the page gets a `NetworkError` (through
 * `tokenize-error`, `error`, `ready` and `tokenize()`); `retry()` asks for
 * the module again.
 */
export class UnloadedSurface implements CardSurface {
  readonly failure: NetworkError;
  readonly ready: Promise<void>;
  readonly #notice = h('p', { part: 'form-error', role: 'alert' });
  readonly #delegate: SurfaceDelegate;
  readonly #again: () => void;

  constructor(cause: unknown, delegate: SurfaceDelegate, again: () => void) {
    this.#delegate = delegate;
    this.#again = again;
    this.failure = new NetworkError(
      '<pay-card-form> could not load its inline form: the file it imports did not arrive in three attempts. Check the network, and serve every file of the build beside the script; el.retry() asks again.',
      { cause },
    );
    this.ready = Promise.reject(this.failure);
    // Read through `ready` by whoever awaits it; the page hears it through `tokenize-error`, the developer in the console,
    // once the element holds this surface, so that a listener reading `el.error` finds the same error.
    this.ready.catch(() => {});
    queueMicrotask(() => {
      console.warn(this.failure.message);
      delegate.failed(this.failure);
    });
  }

  update(root: ShadowRoot): void {
    const settings = this.#delegate.settings();
    if (!this.#notice.isConnected) root.append(this.#notice);
    setText(this.#notice, settings.messages?.unavailable ?? hostSentences(settings.lang).unavailable);
  }

  tokenize(): Promise<TokenizeResult> {
    return Promise.reject(this.failure);
  }

  retry(): void {
    this.#notice.remove();
    this.#again();
  }

  reset(): void {}
  showErrors(): void {}
  focus(): void {}
  anchor(): undefined {
    return undefined;
  }
}
