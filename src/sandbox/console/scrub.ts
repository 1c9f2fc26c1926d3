import { REDACTED, redact, redactDeep, redactIdentifier } from '../../shared/redact.js';
import { V3_CREDENTIALS } from '../v3/fixtures.js';
import { MERCHANTS } from '../merchants.js';
import { SANDBOX_ADMIN_TOKEN } from '../routes/clock-control.js';

/**
 * Everything the console shows passes through here, and through the
 * package's one redaction (`shared/redact.ts`): card numbers, CVVs, secrets,
 * Basic credentials and signatures never reach the page. On top of the
 * shared rules, every secret the sandbox itself holds is removed by value,
 * whatever it looks like, together with what the request itself carried
 * (its signature, its card).
 */

/** The most of a body the console keeps, after redaction. */
export const MAX_BODY_TEXT = 4_000;

/** Every secret of the fixtures, and the admin token: removed wherever they appear. */
const FIXTURE_SECRETS: readonly string[] = [
  ...V3_CREDENTIALS.map((c) => c.secret),
  ...MERCHANTS.map((m) => m.secretKey),
  SANDBOX_ADMIN_TOKEN,
];

/** The secrets to remove from one request's record: the fixtures', the sandbox's issued ones, and the request's own. */
export function knownSecrets(extra: readonly (string | undefined)[]): string[] {
  return [...FIXTURE_SECRETS, ...extra.filter((v): v is string => typeof v === 'string' && v.length > 2)];
}

/** A digit: ASCII, Arabic-Indic, Extended Arabic-Indic, Devanagari or fullwidth (listed: `\p{Nd}` with the `u` flag took about eight times as long per body). */
const DIGIT = '[0-9\\u0660-\\u0669\\u06F0-\\u06F9\\u0966-\\u096F\\uFF10-\\uFF19]';

/**
 * A card number spelt as the sandbox's own card validator still reads it:
 * 13 to 19 digits with any run of whitespace or dashes between them
 * (`4111  1111`, a no-break or ideographic space, a tab), in a body shown
 * as JSON text (`\t`, `\n`), or in digits of another script. The shared
 * rule takes one space or dash at most, so these stay to be removed here.
 */
const SPELT_CARD = new RegExp(`(?<!${DIGIT})${DIGIT}(?:(?:[\\s-]|\\\\[tnrfbv])*${DIGIT}){12,18}(?!${DIGIT})`, 'g');

/** Free text (a path, a message, a body that is not JSON), with every rule. */
export function scrubText(text: string, known: readonly string[], max = MAX_BODY_TEXT): string {
  return redact(text.replace(SPELT_CARD, REDACTED), known, max);
}

/**
 * A value the sandbox checked as an identifier (a nonce, a client ID, a
 * target): hex and digits must survive, or a nonce would read `[redacted]`
 * and the canonical string could not be compared. It may still be a card
 * number or a secret sent in the wrong header: every known secret is
 * removed, and any run of digits that passes the Luhn check.
 */
export function scrubIdentifier(value: string, known: readonly string[]): string {
  return redactIdentifier(value, known, 200);
}

/** The most of a body's bytes the log reads: the largest body any route takes. */
const MAX_READ_BYTES = 64 * 1024;

const LENIENT_UTF8 = new TextDecoder('utf-8', { fatal: false });
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * A body as the log reads it, once for every use: its text (its first
 * {@link MAX_READ_BYTES} bytes, as UTF-8 with bad bytes replaced) and, when
 * that text is JSON, the parsed value. Private to this module's readers.
 */
export interface LoggedBody {
  text: string;
  json: { value: unknown } | null;
  /** The text is the whole body (it was not cut at the limit). */
  whole: boolean;
}

function parsed(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/** Request bytes as the log reads them; null for no body. */
export function readBytes(bytes: Uint8Array | null): LoggedBody | null {
  if (bytes === null || bytes.byteLength === 0) return null;
  const whole = bytes.byteLength <= MAX_READ_BYTES;
  const text = LENIENT_UTF8.decode(whole ? bytes : bytes.subarray(0, MAX_READ_BYTES));
  return { text, json: parsed(text), whole };
}

/**
 * An answer the route built from a string, read as {@link readBytes} would
 * read its UTF-8 bytes, without making them: the same text when it is well
 * formed and within the limit. `json` is its parse, when already made.
 */
export function readText(text: string, json?: { value: unknown } | null): LoggedBody | null {
  if (text.length === 0) return null;
  // Encoding would replace a lone surrogate; any surrogate at all takes the long way.
  if (SURROGATE.test(text) || Buffer.byteLength(text) > MAX_READ_BYTES) return readBytes(new TextEncoder().encode(text));
  return { text, json: json === undefined ? parsed(text) : json, whole: true };
}

/**
 * A body for display: parsed JSON is redacted value by value, then written
 * out and redacted once more as text (a card number sent as a JSON number
 * is a number, not a string); anything else is redacted as text.
 */
export function scrubBody(body: LoggedBody | null, known: readonly string[]): string | null {
  if (body === null) return null;
  let pretty = body.text;
  if (body.json) {
    try {
      pretty = JSON.stringify(redactDeep(body.json.value, known), null, 2);
    } catch {
      pretty = body.text;
    }
  }
  return scrubText(pretty, known);
}

/** What stands for an answer's `time` while the rest of the answer is redacted: no rule matches it. */
const TIME_MARK = 'sandbox-clock';

/**
 * The sandbox's own answer for display: as {@link scrubBody}, but for the
 * envelope's `time` (§2.1), the sandbox's clock in Unix milliseconds. Its 13
 * digits read as a card number to the card rules, which would show every
 * answer's time as redacted (and run every rule on every answer to do it);
 * it is the one value of an answer that the sandbox writes itself and no
 * request fills. A card number anywhere else in the answer, `data.time`
 * included, is redacted as before.
 */
export function scrubAnswer(body: LoggedBody | null, known: readonly string[]): string | null {
  const value = body?.json?.value;
  const time = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as { time?: unknown }).time : undefined;
  if (body === null || !Number.isSafeInteger(time)) return scrubBody(body, known);
  // The spread keeps `time` where it was among the keys: last, in every envelope the sandbox writes, so
  // the last mark is the time's even when an answer echoes the mark's text from a request.
  const shown = scrubBody({ ...body, json: { value: { ...(value as object), time: TIME_MARK } } }, known);
  const at = shown === null ? -1 : shown.lastIndexOf(`"${TIME_MARK}"`);
  return at < 0 ? shown : shown!.slice(0, at) + String(time) + shown!.slice(at + TIME_MARK.length + 2);
}

/** The card's number and CVV in a tokenization body, to remove by value even when no rule would match them. */
export function cardValues(body: LoggedBody | null, bytes: Uint8Array | null): string[] {
  // A body cut at the limit is read whole here, as a card past it must still be found.
  const json = body === null ? null : body.whole ? body.json : parsed(new TextDecoder().decode(bytes!));
  const card = (json?.value as { card?: Record<string, unknown> } | null | undefined)?.card;
  if (!card || typeof card !== 'object') return [];
  return [card.number, card.cvv].filter((v): v is string => typeof v === 'string');
}
