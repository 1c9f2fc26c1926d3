/**
 * The element's events as types, so `addEventListener('tokenized', e => e.detail.token)`
 * type-checks in plain TypeScript and in frameworks that read DOM event maps
 * (Vue's and Svelte's templates, React 19's `ontokenized` prop through
 * `pay-card-form/react`). Types only: this module emits no code.
 */
import type { PayCardForm } from '../pay-card-form.js';
import type { CardChangeEvent } from './change-event.js';
import type { TokenizeErrorEvent } from './tokenize-error-event.js';
import type { TokenizedEvent } from './tokenized-event.js';

/** Every event `<pay-card-form>` fires, by name. All bubble and cross shadow roots (`composed`). */
export interface PayCardFormEventMap {
  /** The card was tokenized; `detail` is safe to send to your backend. */
  tokenized: TokenizedEvent;
  /** Completeness, brand or a field's validity changed. Named like the native event it refines. */
  change: CardChangeEvent;
  /** Validation, key, API or network failure; `detail.error` is one of the typed errors. */
  'tokenize-error': TokenizeErrorEvent;
}

/**
 * What `addEventListener` on the element knows: the element's own events win
 * over the generic HTML ones (`change` is a `CustomEvent` here, not a plain `Event`).
 */
export type PayCardFormElementEventMap = Omit<HTMLElementEventMap, keyof PayCardFormEventMap> & PayCardFormEventMap;

/** A listener for one of the element's events, with `this` bound to the element. */
export type PayCardFormListener<K extends keyof PayCardFormElementEventMap> = (
  this: PayCardForm,
  event: PayCardFormElementEventMap[K],
) => unknown;

/**
 * Typed `addEventListener` / `removeEventListener` on the element, merged into
 * the class's type (no code: the methods are HTMLElement's own).
 */
declare module '../pay-card-form.js' {
  interface PayCardForm {
    addEventListener<K extends keyof PayCardFormElementEventMap>(
      type: K,
      listener: PayCardFormListener<K>,
      options?: boolean | AddEventListenerOptions,
    ): void;
    addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
    removeEventListener<K extends keyof PayCardFormElementEventMap>(
      type: K,
      listener: PayCardFormListener<K>,
      options?: boolean | EventListenerOptions,
    ): void;
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
  }
}

declare global {
  /**
   * `tokenized` and `tokenize-error` bubble out of the element, so a listener on
   * `document` or a parent form sees them too. `change` is left out on purpose:
   * the DOM already types it as `Event` for every element, and both cannot hold.
   */
  interface GlobalEventHandlersEventMap {
    tokenized: TokenizedEvent;
    'tokenize-error': TokenizeErrorEvent;
  }
}
