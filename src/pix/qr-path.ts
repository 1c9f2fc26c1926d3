/**
 * A QR code as one SVG path: each run of dark modules in a row is a
 * rectangle. One path scales crisply at any zoom and weighs far less than a
 * node per module. The quiet zone is part of the geometry, not of the CSS,
 * so a page style cannot shrink it.
 */
import { correction, generate } from 'lean-qr/nano';

/** Light modules around the symbol, as ISO/IEC 18004 requires for reliable scanning. */
export const QUIET_ZONE = 4;

/** What an SVG needs: the side of its `viewBox` (quiet zone included) and the path of the dark modules. */
export interface QrPath {
  /** Side of the square viewBox, in modules, quiet zone included. */
  size: number;
  /** Path data for the dark modules, already offset by the quiet zone. */
  d: string;
}

/**
 * Encodes text with error correction level M at least (a PIX code on a
 * phone screen survives glare and a cracked display; the smallest symbol
 * that fits is chosen), and traces the dark modules.
 */
export function qrPath(text: string): QrPath {
  const code = generate(text, { minCorrectionLevel: correction.M });
  let d = '';
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size;) {
      if (!code.get(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (code.get(x, y)) x++;
      d += `M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h${start - x}z`;
    }
  }
  return { size: code.size + 2 * QUIET_ZONE, d };
}
