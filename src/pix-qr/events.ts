/**
 * The events `<pay-pix-qr>` fires, one class each, so listeners get exact
 * types and `instanceof` works. All bubble and cross shadow roots.
 */
import type { BrCodeError } from '../pix/br-code-error.js';

const init = { bubbles: true, composed: true } as const;

/** The code can no longer be paid: the countdown reached `expires-at`, or `status-url` answered `expired`. */
export class PixExpiredEvent extends Event {
  constructor() {
    super('expired', init);
  }
}

/** `status-url` answered `paid`: the element shows the paid state and has stopped polling. */
export class PixPaidEvent extends Event {
  constructor() {
    super('paid', init);
  }
}

/** The `payload` is malformed or was tampered with; `detail.error.reason` says how. The element shows its error state. */
export class PixPayloadErrorEvent extends CustomEvent<{ error: BrCodeError }> {
  constructor(error: BrCodeError) {
    super('payload-error', { ...init, detail: { error } });
  }
}

/** The shopper copied the code. `detail.method` is `clipboard` (Clipboard API) or `command` (the fallback). */
export class PixCopiedEvent extends CustomEvent<{ method: 'clipboard' | 'command' }> {
  constructor(method: 'clipboard' | 'command') {
    super('copied', { ...init, detail: { method } });
  }
}

/** Every event `<pay-pix-qr>` fires, by name. */
export interface PayPixQrEventMap {
  expired: PixExpiredEvent;
  paid: PixPaidEvent;
  'payload-error': PixPayloadErrorEvent;
  copied: PixCopiedEvent;
}

/** What `addEventListener` on the element knows: its own events beside the generic HTML ones. */
export type PayPixQrElementEventMap = HTMLElementEventMap & PayPixQrEventMap;

/** Typed `addEventListener` / `removeEventListener`, merged into the element's type (no code). */
declare module './pay-pix-qr.js' {
  interface PayPixQr {
    addEventListener<K extends keyof PayPixQrElementEventMap>(
      type: K,
      listener: (this: PayPixQr, event: PayPixQrElementEventMap[K]) => unknown,
      options?: boolean | AddEventListenerOptions,
    ): void;
    addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
    removeEventListener<K extends keyof PayPixQrElementEventMap>(
      type: K,
      listener: (this: PayPixQr, event: PayPixQrElementEventMap[K]) => unknown,
      options?: boolean | EventListenerOptions,
    ): void;
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
  }
}

// `paid` is left out: a checkout element may fire a `paid` of its own with a detail, and this global map
// holds one type per name. The element's own `addEventListener` (above) knows `paid`.
declare global {
  interface GlobalEventHandlersEventMap {
    expired: PixExpiredEvent;
    'payload-error': PixPayloadErrorEvent;
    copied: PixCopiedEvent;
  }
}
