import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { reply } from './reply.js';
import { noteBody } from './console/trace.js';

/**
 * The sandbox's front door for request bodies, shared by every POST route:
 * cheap header checks first (Content-Type, Content-Length), a bounded read
 * that also holds for chunked bodies (no Content-Length), then JSON that the
 * routes can safely use. These refusals come before any route logic, so they
 * never touch state.
 *
 * Envelope codes (our choice, docs/sandbox.md "Refused bodies"); they are
 * transport-level, deliberately apart from §7.2's business codes:
 * - HTTP 415, code 415 `unsupported_media_type`: Content-Type is not JSON;
 * - HTTP 413, code 413 `body_too_large`: the body is over the route's limit;
 * - HTTP 400, code `invalid_json`: the body is not UTF-8 JSON
 *   (`data.reason` `not_json`), nests deeper than {@link MAX_JSON_DEPTH}
 *   (`too_deep`), or has a `__proto__` key (`forbidden_key`).
 */

/** Largest body of a signed v3 call, a charge or a clock move, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Largest body of a tokenization: one card. */
export const MAX_TOKEN_BODY_BYTES = 16 * 1024;
/** No v3 shape nests anywhere near this deep; the sandbox stores and echoes open shapes, so it refuses deeper ones. */
export const MAX_JSON_DEPTH = 32;

export const IntakeCode = {
  UNSUPPORTED_MEDIA_TYPE: 415,
  BODY_TOO_LARGE: 413,
  INVALID_JSON: 'invalid_json',
} as const;

/** `application/json` or a `+json` type, with parameters; a charset, if any, must be UTF-8. */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  if (header === 'application/json') return true;
  const [type, ...params] = header.split(';');
  const essence = type!.trim().toLowerCase();
  if (essence !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(essence)) return false;
  return params.every((p) => {
    const [name, value = ''] = p.split('=');
    return name!.trim().toLowerCase() !== 'charset' || /^"?utf-8"?$/i.test(value.trim());
  });
}

/**
 * Checks the Content-Type and reads the raw body, at most `limit` bytes.
 * A declared Content-Length over the limit is refused before reading; a
 * body without one (chunked) is counted as it streams and dropped as soon as
 * it passes the limit. Answers a refusal as a Response.
 */
export async function readBody(c: Context, now: number, limit = MAX_BODY_BYTES): Promise<Uint8Array | Response> {
  const body = await readBounded(c, now, limit);
  // The console shows what was read (redacted); a refused body was never read, so it never reaches the log.
  if (!(body instanceof Response)) noteBody(c, body);
  return body;
}

async function readBounded(c: Context, now: number, limit: number): Promise<Uint8Array | Response> {
  if (!isJsonContentType(c.req.header('content-type'))) {
    return reply(
      c,
      now,
      IntakeCode.UNSUPPORTED_MEDIA_TYPE,
      { reason: 'unsupported_media_type' },
      'Send Content-Type: application/json (UTF-8).',
      415,
    );
  }
  const declared = c.req.header('content-length');
  if (declared !== undefined) {
    // Node's HTTP parser has already refused a malformed Content-Length.
    if (Number(declared) > limit) return tooLarge(c, now, limit);
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    return incoming ? readIncoming(incoming) : new Uint8Array(await c.req.arrayBuffer());
  }
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return tooLarge(c, now, limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

function tooLarge(c: Context, now: number, limit: number): Response {
  return reply(c, now, IntakeCode.BODY_TOO_LARGE, { reason: 'body_too_large', limit }, `The body is over ${limit} bytes.`, 413);
}

/**
 * The body straight from Node's request stream, whose length the HTTP parser
 * already holds to the declared Content-Length. Reading it here rather than
 * through the adapter's web `Request` saves most of a small request's time.
 */
function readIncoming(incoming: IncomingMessage): Uint8Array | Promise<Uint8Array> {
  // A small body usually comes in the same packet as its headers: by now the
  // parser has ended the message and the whole body waits in the stream's
  // buffer, where read() hands all of it over at once.
  if (incoming.complete && incoming.readableFlowing === null && !incoming.readableEnded) {
    return (incoming.read() as Buffer | null) ?? new Uint8Array(0);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    incoming.once('error', reject);
  });
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The body as JSON the routes can use, or a refusal (`invalid_json`, HTTP 400). */
export function parseJsonBody(c: Context, now: number, raw: Uint8Array): { value: unknown } | Response {
  let value: unknown;
  try {
    value = JSON.parse(UTF8.decode(raw));
  } catch {
    return refuseJson(c, now, 'not_json', 'The body must be JSON in UTF-8.');
  }
  const problem = shapeProblem(value);
  if (problem === 'too_deep') return refuseJson(c, now, problem, `The JSON nests deeper than ${MAX_JSON_DEPTH} levels.`);
  if (problem === 'forbidden_key') return refuseJson(c, now, problem, 'The JSON has a "__proto__" key.');
  return { value };
}

function refuseJson(c: Context, now: number, reason: string, message: string): Response {
  return reply(c, now, IntakeCode.INVALID_JSON, { reason }, message, 400);
}

/** Both steps for routes that need no raw bytes (v3 routes also verify them): the JSON body, or a refusal. */
export async function readJsonBody(c: Context, now: number, limit = MAX_BODY_BYTES): Promise<{ value: unknown } | Response> {
  const raw = await readBody(c, now, limit);
  return raw instanceof Response ? raw : parseJsonBody(c, now, raw);
}

/**
 * Walks parsed JSON without recursion. Too deep a value could not be
 * serialised back (open shapes are echoed); a `__proto__` key would become a
 * prototype when a record is patched with `Object.assign`.
 */
function shapeProblem(root: unknown): 'too_deep' | 'forbidden_key' | null {
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) return 'too_deep';
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object') stack.push([item, depth + 1]);
      continue;
    }
    for (const key of Object.keys(value)) {
      if (key === '__proto__') return 'forbidden_key';
      const item = (value as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') stack.push([item, depth + 1]);
    }
  }
  return null;
}
