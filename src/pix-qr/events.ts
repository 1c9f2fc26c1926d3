/**
 * The events `<pay-pix-qr>` fires, one class each, so listeners get exact
 * types and `instanceof` works. All bubble and cross shadow roots.
 */
import type { BrCodeError } from '../pix/br-code-error.js';

const init = { bubbles: true, composed: true } as const;

/** The countdown reached `expires-at`: the code can no longer be paid. */
export class PixExpiredEvent extends Event {
  constructor() {
    super('expired', init);
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
  'payload-error': PixPayloadErrorEvent;
  copied: PixCopiedEvent;
}

declare global {
  interface GlobalEventHandlersEventMap extends PayPixQrEventMap {}
}
