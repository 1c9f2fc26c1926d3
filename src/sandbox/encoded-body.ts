/**
 * A static file's answer compressed as the browser accepts it, as a service
 * serving the card frame must: the frame's script is about 45 KB as built
 * and 16 KB with brotli, and on a phone's connection those bytes come before
 * the shopper can type. Each file's compressed forms are made once per
 * content (brotli at its best quality, which takes tens of milliseconds) and
 * kept while the file stays the same, so a rebuild shows at once.
 */
import type { Context } from 'hono';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type Encoding = 'br' | 'gzip';

/** The last content seen for each path, with its compressed forms. */
const made = new Map<string, { text: string; forms: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>> }>();

function compress(text: string, encoding: Encoding): Uint8Array<ArrayBuffer> {
  // Copied out of zlib's Buffer into an ArrayBuffer of its own, as a response body must be.
  return new Uint8Array(
    encoding === 'br'
      ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } })
      : gzipSync(text, { level: 9 }),
  );
}

/** The encoding to answer with: brotli, then gzip, when `Accept-Encoding` names it without `q=0`; else none. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  const accepted = new Set(
    (header ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name!.trim()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/** Answers `text` (the file at `path`), compressed when the request accepts it; the caller has set the other headers. */
export function encodedBody(c: Context, path: string, text: string): Response {
  c.header('vary', 'accept-encoding', { append: true });
  const encoding = acceptedEncoding(c.req.header('accept-encoding'));
  if (!encoding) return c.body(text);
  let entry = made.get(path);
  if (entry?.text !== text) made.set(path, (entry = { text, forms: {} }));
  const body = (entry.forms[encoding] ??= compress(text, encoding));
  c.header('content-encoding', encoding);
  return c.body(body);
}
