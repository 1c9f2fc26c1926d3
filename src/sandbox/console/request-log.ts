import type { Context, MiddlewareHandler } from 'hono';
import type { LogEntry, LogSummary, Refusal } from '../../console/api.js';
import { bearerKey } from '../../tokenize/wire.js';
import { SignatureHeader } from '../../server/signing.js';
import type { SandboxContext } from '../context.js';
import { SANDBOX_ADMIN_TOKEN } from '../routes/clock-control.js';
import { cardValues, knownSecrets, readBytes, readText, scrubAnswer, scrubBody, scrubIdentifier, scrubText } from './scrub.js';
import { traces, type Trace } from './trace.js';

/**
 * The console's memory of the requests the sandbox answered: the newest
 * {@link LOG_CAPACITY}, each already redacted, so a flood costs a fixed
 * amount of memory and nothing unredacted is ever kept.
 */

/** Requests the log keeps; the oldest is forgotten first. */
export const LOG_CAPACITY = 1_000;

/** Called with each new request, or with null when the log is emptied. */
type Listener = (summary: LogSummary | null) => void;

export class RequestLog {
  readonly capacity: number;
  readonly #entries: LogEntry[] = [];
  readonly #listeners = new Set<Listener>();
  #nextId = 1;

  constructor(capacity = LOG_CAPACITY) {
    this.capacity = capacity;
  }

  add(entry: Omit<LogEntry, 'id'>): LogEntry {
    // Field by field rather than spread: the same entry, made in a fraction of the time on every request.
    const full: LogEntry = {
      at: entry.at,
      method: entry.method,
      path: entry.path,
      credential: entry.credential,
      status: entry.status,
      code: entry.code,
      durationMs: entry.durationMs,
      refused: entry.refused,
      requestBody: entry.requestBody,
      responseBody: entry.responseBody,
      refusal: entry.refusal,
      id: this.#nextId++,
    };
    this.#entries.push(full);
    if (this.#entries.length > this.capacity) this.#entries.shift();
    if (this.#listeners.size > 0) {
      const summary = summaryOf(full);
      for (const listener of this.#listeners) listener(summary);
    }
    return full;
  }

  /** Every kept request, oldest first, as the list shows them. */
  summaries(): LogSummary[] {
    return this.#entries.map(summaryOf);
  }

  find(id: number): LogEntry | undefined {
    // Ids only grow, so the entry is at a known distance from the first one kept.
    const first = this.#entries[0];
    return first ? this.#entries[id - first.id] : undefined;
  }

  /** Calls `listener` with each new request; returns what stops it. */
  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  clear(): void {
    this.#entries.length = 0;
    for (const listener of this.#listeners) listener(null);
  }
}

function summaryOf(entry: LogEntry): LogSummary {
  const { requestBody: _request, responseBody: _response, refusal: _refusal, ...summary } = entry;
  return summary;
}

/** Paths the console itself uses: logging them would fill the log with the console watching it. */
const UNLOGGED = /^\/(?:$|console\/|sandbox\/console\/|sandbox\/state$|openapi\.json$|frame\/|favicon\.ico$)/;

/**
 * Logs every request but the console's own, once it is answered: what it
 * was, who sent it, what came back and, when refused, why. Registered first,
 * so it sees every answer, the 404s and the refusals of the front door
 * included.
 */
export function requestLogger(ctx: SandboxContext, log: RequestLog): MiddlewareHandler {
  return async (c, next) => {
    const target = pathAndQuery(c.req.url);
    if (UNLOGGED.test(pathOf(target))) return next();
    const trace: Trace = { body: null, refusal: null };
    traces.set(c.req.raw, trace);
    const sent = keepAnswerText(c);
    const at = ctx.clock.now();
    const started = performance.now();
    await next();
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const answer = sent.response === c.res ? readSentAnswer(sent) : await readAnswer(c.res);
    const authorization = c.req.header('authorization');
    const requestBody = readBytes(trace.body);
    const known = knownSecrets([
      ...headerSecrets(ctx, c.req.header(SignatureHeader.SIGNATURE), authorization),
      ...cardValues(requestBody, trace.body),
    ]);
    const refused = c.res.status >= 400 || (answer.code !== null && answer.code !== 200);
    log.add({
      at,
      method: c.req.method.slice(0, 10),
      path: scrubText(target, known, 500),
      credential: credentialOf(ctx, c.req.header(SignatureHeader.CLIENT_ID), authorization, known),
      status: c.res.status,
      code: answer.code,
      durationMs,
      refused,
      requestBody: scrubBody(requestBody, known),
      responseBody: answer.text === null ? null : scrubAnswer(readText(answer.text, answer.parsed), known),
      refusal: refused ? (trace.refusal ? scrubRefusal(trace.refusal, known) : fromEnvelope(answer.json, known)) : null,
    });
  };
}

/** What Node read of a request refused before any route, when it read the request line and headers at all. */
export interface EarlyRequest {
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

/** The path shown for a request Node's parser refused: it never read one. */
export const UNPARSED_PATH = '(not parsed)';

/**
 * Logs a request refused before the app ran (http-refusals.ts), with what a
 * route's refusal records: the method and target as sent, the caller, the
 * status, the envelope and the refusal's reason, each redacted as the
 * logger redacts. `request` is null when Node's parser refused it, and the
 * entry then has no method and {@link UNPARSED_PATH} for its path.
 */
export function logEarlyRefusal(
  ctx: SandboxContext,
  log: RequestLog,
  request: EarlyRequest | null,
  answer: { status: number; code: number | string; reason: string; message: string; text: string },
): void {
  const header = (name: string) => {
    const value = request?.headers[name.toLowerCase()];
    return typeof value === 'string' ? value : undefined;
  };
  const authorization = header('authorization');
  const known = knownSecrets(headerSecrets(ctx, header(SignatureHeader.SIGNATURE), authorization));
  log.add({
    at: ctx.clock.now(),
    method: (request?.method ?? '').slice(0, 10),
    path: request ? scrubText(request.url ?? '', known, 500) : UNPARSED_PATH,
    credential: request ? credentialOf(ctx, header(SignatureHeader.CLIENT_ID), authorization, known) : null,
    status: answer.status,
    code: answer.code,
    durationMs: 0,
    refused: true,
    requestBody: null,
    responseBody: scrubAnswer(readText(answer.text), known),
    refusal: scrubRefusal({ kind: 'other', reason: answer.reason, message: answer.message }, known),
  });
}

function pathAndQuery(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start < 0 ? '/' : url.slice(start);
}

/** The path without the query, as `new URL(url).pathname` gives it: the request's URL is already parsed and normalised. */
function pathOf(target: string): string {
  const end = target.search(/[?#]/);
  return end < 0 ? target : target.slice(0, end);
}

/** The last answer a route built from a string: the Response, its text, and its Content-Type when the route named it. */
interface SentText {
  response: Response | null;
  text: string;
  contentType: string | undefined;
}

/**
 * Remembers the text of the answer a route builds with `c.body(text)` (the
 * envelope's `reply` and the v3 routes do), with the Response it became.
 * Reading the text back from the Response would mean cloning it, which costs
 * more per request than the rest of the log together.
 */
function keepAnswerText(c: Context): SentText {
  const sent: SentText = { response: null, text: '', contentType: undefined };
  const body = c.body as (...args: unknown[]) => Response;
  c.body = ((...args: unknown[]) => {
    const res = body(...args);
    const [data, init, headers] = args;
    if (typeof data === 'string') {
      sent.response = res;
      sent.text = data;
      // Headers given as a record win over any set before (Hono sets them last). Reading them back
      // from the Response instead would turn its plain headers into a Headers object, which the
      // Node adapter then writes by its slower path.
      sent.contentType = typeof init === 'object' && init !== null ? undefined : contentTypeIn(headers);
    }
    return res;
  }) as Context['body'];
  return sent;
}

function contentTypeIn(headers: unknown): string | undefined {
  if (typeof headers !== 'object' || headers === null || Symbol.iterator in headers) return undefined;
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() === 'content-type' && typeof value === 'string') return value;
  return undefined;
}

/** What the log reads of a JSON answer: its text, its parse and its envelope code; all null for other answers. */
interface Answer {
  text: string | null;
  json: unknown;
  parsed: { value: unknown } | null;
  code: number | string | null;
}

/** The answer a route built from a string, read from that string. */
function readSentAnswer(sent: SentText): Answer {
  return sent.contentType === undefined
    ? answerOf(sent.response!.headers.get('content-type'), sent.text)
    : answerOf(sent.contentType, sent.text);
}

/** Any other answer (a stream, HTML, a Response built elsewhere): JSON is read from a clone of it. */
async function readAnswer(res: Response): Promise<Answer> {
  const contentType = res.headers.get('content-type');
  return answerOf(contentType, contentType?.includes('json') ? await res.clone().text() : '');
}

function answerOf(contentType: string | null, text: string): Answer {
  if (!contentType?.includes('json')) return { text: null, json: null, parsed: null, code: null };
  try {
    const json: unknown = JSON.parse(text);
    const code = (json as { code?: unknown } | null)?.code;
    return { text, json, parsed: { value: json }, code: typeof code === 'number' || typeof code === 'string' ? code : null };
  } catch {
    return { text, json: null, parsed: null, code: null };
  }
}

/** The secrets a request's headers carry, and those of the managed accounts the sandbox issued: removed by value wherever they appear. */
function headerSecrets(ctx: SandboxContext, signature: string | undefined, authorization: string | undefined): (string | undefined)[] {
  return [signature, authorization, ...basicParts(authorization), ...[...(ctx.v3?.managedCredentials.values() ?? [])].map((m) => m.secret)];
}

/** A Basic credential's decoded user and password, to remove by value wherever they appear. */
function basicParts(authorization: string | undefined): string[] {
  const match = /^Basic\s+(\S+)/i.exec(authorization ?? '');
  if (!match) return [];
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  return [decoded, ...decoded.split(':')];
}

/**
 * Who called, never with what secret: the v3 client ID, the merchant a
 * Basic secret key belongs to, or the public key a tokenization carried.
 */
function credentialOf(
  ctx: SandboxContext,
  clientId: string | undefined,
  authorization: string | undefined,
  known: readonly string[],
): string | null {
  if (clientId) return scrubIdentifier(clientId.slice(0, 200), known);
  if (!authorization) return null;
  if (/^Basic\s/i.test(authorization)) {
    const user = basicParts(authorization)[1];
    const merchant = ctx.merchants.find((m) => m.secretKey === user);
    return merchant ? `${merchant.id} (secret key)` : 'unknown secret key';
  }
  const key = bearerKey(authorization);
  if (key && ctx.merchants.some((m) => m.publicKey === key || m.inactivePublicKey === key)) return key;
  if (key === SANDBOX_ADMIN_TOKEN) return 'sandbox admin token';
  return key ? 'unknown bearer key' : 'unreadable Authorization';
}

/** A route's own explanation, scrubbed like the rest (a validation message may quote a key that was sent). */
function scrubRefusal(refusal: Refusal, known: readonly string[]): Refusal {
  switch (refusal.kind) {
    case 'signature':
      return refusal; // explain.ts scrubbed what came from the request, and keeps the hash readable.
    case 'policy':
      return { ...refusal, rule: scrubText(refusal.rule, known, 500), reason: scrubText(refusal.reason, known, 100) };
    case 'validation':
      return {
        kind: 'validation',
        fields: refusal.fields.map((f) => ({ field: scrubText(f.field, known, 200), problem: scrubText(f.problem, known, 500) })),
      };
    case 'other':
      return {
        kind: 'other',
        reason: refusal.reason === null ? null : scrubText(refusal.reason, known, 100),
        message: scrubText(refusal.message, known, 1_000),
      };
  }
}

/** A refusal the route did not explain itself, read from its envelope: a field, or a reason and the message. */
function fromEnvelope(json: unknown, known: readonly string[]): Refusal {
  const envelope = (json ?? {}) as { message?: unknown; data?: { field?: unknown; reason?: unknown } | null };
  const message = scrubText(typeof envelope.message === 'string' ? envelope.message : 'No envelope in the answer.', known, 1_000);
  const data = envelope.data && typeof envelope.data === 'object' ? envelope.data : {};
  const reason = typeof data.reason === 'string' ? scrubText(data.reason, known, 300) : null;
  if (typeof data.field === 'string') {
    return { kind: 'validation', fields: [{ field: scrubText(data.field, known, 200), problem: reason ?? message }] };
  }
  return { kind: 'other', reason, message };
}
