import { CHECKOUT_ERRORS, type CheckoutErrorAnswer, type CheckoutErrorCode } from '../../shared/checkout-protocol.js';
import { CHECKOUT_SENTENCES, type CheckoutLanguage } from './messages.js';

/**
 * The handler's front door: what it answers with, and how it reads a body.
 * Only what a checkout needs: a JSON object, small, sent as
 * `application/json`, which no cross-site form can send without the page's
 * own origin (a browser preflights it, and the handler answers no CORS).
 */

const HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  // Answers are about one order at one moment: never from a cache, never sniffed as HTML.
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

/** A JSON answer with the handler's headers. */
export function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...HEADERS, ...headers } });
}

/** An error answer: its status from the protocol's table, its sentence in the shopper's language. */
export function refuse(
  code: CheckoutErrorCode,
  language: CheckoutLanguage,
  extra: { field?: string; headers?: Record<string, string> } = {},
): Response {
  const body: CheckoutErrorAnswer = {
    error: code,
    message: CHECKOUT_SENTENCES[code][language],
    ...(extra.field !== undefined ? { field: extra.field } : {}),
  };
  return answer(CHECKOUT_ERRORS[code], body, extra.headers);
}

/** `application/json`, with at most a UTF-8 charset: what `fetch` with a JSON body sends. */
const JSON_MEDIA_TYPE = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/** A body read as JSON, or why it was not. */
export type Body = { ok: true; value: unknown } | { ok: false; code: 'unsupported_media_type' | 'body_too_large' | 'invalid_json' };

/**
 * Reads a JSON body of at most `limit` bytes. A declared `Content-Length`
 * over the limit is refused before a byte is read; a body sent without one is
 * read only up to the limit, then dropped.
 */
export async function readJson(request: Request, limit: number): Promise<Body> {
  if (!JSON_MEDIA_TYPE.test(request.headers.get('content-type') ?? '')) return { ok: false, code: 'unsupported_media_type' };
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > limit) return { ok: false, code: 'body_too_large' };
  if (!request.body) return { ok: false, code: 'invalid_json' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        // Stop reading: the rest is not wanted, and a runtime may close the connection after the answer.
        reader.cancel().catch(() => {});
        return { ok: false, code: 'body_too_large' };
      }
      chunks.push(value);
    }
  } catch {
    // The client went away mid-body, or sent something the runtime could not frame.
    return { ok: false, code: 'invalid_json' };
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown };
  } catch {
    return { ok: false, code: 'invalid_json' };
  }
}
