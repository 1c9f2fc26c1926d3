import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** §2.1: every response travels in `{ code, message, data, time }`. */
export interface Envelope<T = unknown> {
  code: number | string;
  message: string;
  data: T | null;
  time: number;
}

/** Replies with the §2.1 envelope. Business errors keep HTTP 200 unless `status` says otherwise. */
export function reply<T>(
  c: Context,
  now: number,
  code: number | string,
  data: T | null,
  message = code === 200 ? 'success' : String(code),
  status: ContentfulStatusCode = 200,
): Response {
  const body: Envelope<T> = { code, message, data, time: now };
  return c.json(body, status);
}
