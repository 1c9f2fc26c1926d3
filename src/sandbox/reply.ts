import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Envelope } from '../server/schemas/envelope.js';

/**
 * Replies with the §2.1 envelope, typed by the very schema the client reads
 * responses with. Business errors keep HTTP 200 unless `status` says otherwise.
 */
export function reply(
  c: Context,
  now: number,
  code: Envelope['code'],
  data: Envelope['data'],
  message = code === 200 ? 'success' : String(code),
  status: ContentfulStatusCode = 200,
): Response {
  return c.body(envelopeText(now, code, data, message), status, { 'Content-Type': 'application/json' });
}

/**
 * The envelope as JSON text. Routes that change state serialise their answer
 * with it before they commit, so an answer that cannot be written never
 * follows a change.
 */
export function envelopeText(
  now: number,
  code: Envelope['code'],
  data: Envelope['data'],
  message = code === 200 ? 'success' : String(code),
): string {
  const body: Envelope = { code, message, data, time: now };
  return JSON.stringify(body);
}
