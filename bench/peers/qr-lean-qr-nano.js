// QR encoder alone, as <pay-pix-qr> uses it: byte mode, error correction level M at least,
// the module matrix read back (src/pix/qr-path.ts turns it into an SVG path).
import { correction, generate } from 'lean-qr/nano';

export const modules = (text) => {
  const code = generate(text, { minCorrectionLevel: correction.M });
  return Array.from({ length: code.size }, (_, y) => Array.from({ length: code.size }, (_, x) => code.get(x, y)));
};
