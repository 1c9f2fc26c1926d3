import { adoptStyles, type ReactiveControllerHost } from '@lit/reactive-element';
import { parseAcceptedBrands } from '../card/accepted-brands.js';
import type { CardFieldName } from '../card/field-names.js';
import type { TokenizeResult } from '../card/types.js';
import { CardSession, type SessionSettings } from '../form/card-session.js';
import type { CardSurface, SurfaceDelegate } from './card-surface.js';
import { containTypedEvents } from './contained-events.js';
import { messagesMemo } from '../form/messages.js';
import { styles } from '../form/form.styles.js';

/**
 * `mode="inline"`: the card session runs in the element's own shadow root, in
 * the merchant's page. Shadow DOM keeps the page's CSS out, but not its
 * scripts (docs/security.md).
 */
export class InlineSurface implements CardSurface {
  /** Once the form is whole: Parcelas and the document, when on, are in it or could not be loaded (the host then says why). */
  get ready(): Promise<void> {
    const loading = this.#session.loading;
    return loading ? loading.catch(() => {}) : Promise.resolve();
  }
  readonly #session: CardSession;
  readonly #messagesFor = messagesMemo();
  /** The shadow root has the form's styles and holds in the typed events. */
  #prepared = false;

  constructor(host: ReactiveControllerHost, delegate: SurfaceDelegate) {
    this.#session = new CardSession(host, {
      settings: () => this.#settings(delegate),
      changed: (report) => delegate.changed(report),
      edited: () => delegate.edited(),
      submitted: () => delegate.submitted(),
    });
  }

  #settings(delegate: SurfaceDelegate): SessionSettings {
    const settings = delegate.settings();
    return {
      ...settings,
      sentences: this.#messagesFor(settings.lang, settings.messages),
      accepted: parseAcceptedBrands(settings.acceptedBrands),
    };
  }

  update(root: ShadowRoot, refresh: boolean): void {
    if (!this.#prepared) {
      // The form's styles replace the host's bare ones (they include the host box). Where Lit falls
      // back to <style> elements, adopting adds one: the host's is removed by hand.
      for (const child of [...root.children]) if (child.localName === 'style') child.remove();
      adoptStyles(root, [styles]);
      containTypedEvents(root);
      this.#prepared = true;
    }
    this.#session.update(root, refresh);
  }

  tokenize(): Promise<TokenizeResult> {
    return this.#session.tokenize();
  }

  reset(): void {
    this.#session.reset();
  }

  showErrors(): void {
    this.#session.showErrors();
  }

  focus(): void {
    this.#session.input('number')?.focus();
  }

  anchor(field: string): HTMLElement | undefined {
    return this.#session.input(field as CardFieldName);
  }
}
