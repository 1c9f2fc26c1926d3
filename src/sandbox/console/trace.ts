import type { Context } from 'hono';
import type { Refusal } from '../../console/api.js';

/**
 * What one request tells the console's log on its way through the routes:
 * the body the front door read, and why a route refused it. Apart from the
 * log itself, so the front door and the gate can note things without
 * importing what the log imports.
 */

/** What one request has told the log on its way through (its body, why it was refused). */
export interface Trace {
  body: Uint8Array | null;
  refusal: Refusal | null;
}

/** Keyed by the request object, so a trace ends with its request. */
export const traces = new WeakMap<Request, Trace>();

/** The body as the front door read it (`intake.ts`): the log shows it redacted. */
export function noteBody(c: Context, body: Uint8Array): void {
  const trace = traces.get(c.req.raw);
  if (trace) trace.body = body;
}

/** Whether the log is following this request: an explanation is worth computing only then. */
export function isTraced(c: Context): boolean {
  return traces.has(c.req.raw);
}

/** Why a route refused, in more words than its answer carries (the gate, validation). */
export function noteRefusal(c: Context, refusal: Refusal): void {
  const trace = traces.get(c.req.raw);
  if (trace) trace.refusal = refusal;
}
