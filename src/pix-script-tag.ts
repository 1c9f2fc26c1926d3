/**
 * The PIX script-tag build: defines `<pay-pix-qr>` and exposes only what a
 * page without a bundler uses beside it.
 */
export { PayPixQr, parseBrCode, BrCodeError, PixCopiedEvent, PixExpiredEvent, PixPaidEvent, PixPayloadErrorEvent } from './pix.js';
