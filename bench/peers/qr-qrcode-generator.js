// QR encoder alone: level M, smallest version that fits, the module matrix read back.
import qrcode from 'qrcode-generator';

export const modules = (text) => {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  return Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => qr.isDark(y, x)));
};
