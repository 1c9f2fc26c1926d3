/**
 * How big a file is on the wire: raw bytes, gzip (level 9) and brotli
 * (quality 11, what CDNs serve for static files), for one file or the
 * several a page fetches. Shared by `npm run bench` and the size-budget
 * test, so both count the same way.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export function measure(bytes: Uint8Array | string): Sizes {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return {
    raw: buffer.byteLength,
    gzip: gzipSync(buffer, { level: 9 }).byteLength,
    brotli: brotliCompressSync(buffer, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: buffer.byteLength,
      },
    }).byteLength,
  };
}

/** Bytes as KB with one decimal (1 KB = 1024 bytes), as the budget and the docs state them. */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The sizes of files a page fetches one by one: each is compressed on its own, as each is its own response. */
export function sumSizes(files: Sizes[]): Sizes {
  return files.reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip, brotli: sum.brotli + f.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
}
