// QR encoder alone (its browser build): level M, the module matrix read back.
import QRCode from 'qrcode';

export const modules = (text) => {
  const { modules: bits } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: bits.size }, (_, y) => Array.from({ length: bits.size }, (_, x) => Boolean(bits.get(y, x))));
};
