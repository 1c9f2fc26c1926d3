/**
 * `pay-card-form/pix`: importing this module defines `<pay-pix-qr>`. The BR
 * Code reader is re-exported for pages that check a payload themselves.
 */
import { PayPixQr } from './pix-qr/pay-pix-qr.js';

export { PayPixQr };
export type { PixState, PixStatus } from './pix-qr/pay-pix-qr.js';
export type { PixStatusAnswer } from './pix/pix-status.js';
export {
  PixCopiedEvent,
  PixExpiredEvent,
  PixPaidEvent,
  PixPayloadErrorEvent,
  type PayPixQrEventMap,
  type PayPixQrElementEventMap,
} from './pix-qr/events.js';
export { en as pixEn, ptBR as pixPtBR, type PixMessages } from './pix-qr/messages.js';
export { parseBrCode, BrCodeError, type BrCode, type BrCodeProblem } from './pix/br-code.js';

// Server-side rendering imports this module in Node, where there is no registry.
if (typeof customElements !== 'undefined' && !customElements.get('pay-pix-qr')) {
  customElements.define('pay-pix-qr', PayPixQr);
}
