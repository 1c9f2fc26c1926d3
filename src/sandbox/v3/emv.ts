/**
 * The sandbox writes and reads BR Codes with the package's own codec, so the
 * payloads it hands out are exactly what `parseBrCode` and `<pay-pix-qr>` read.
 */
export { PIX_GUI, brCodeName, crc16, encodeBrCode, decodeBrCode, type BrCode, type BrCodeProblem } from '../../pix/br-code.js';
