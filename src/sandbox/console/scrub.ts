import { redact, redactDeep, redactIdentifier } from '../../shared/redact.js';
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

/** Free text (a path, a message, a body that is not JSON), with every rule. */
export function scrubText(text: string, known: readonly string[], max = MAX_BODY_TEXT): string {
  return redact(text, known, max);
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

/**
 * A body for display: parsed JSON is redacted value by value, then written
 * out and redacted once more as text (a card number sent as a JSON number
 * is a number, not a string); anything else is redacted as text.
 */
export function scrubBody(bytes: Uint8Array | null, known: readonly string[]): string | null {
  if (bytes === null || bytes.byteLength === 0) return null;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 64 * 1024));
  let pretty: string;
  try {
    pretty = JSON.stringify(redactDeep(JSON.parse(text), known), null, 2);
  } catch {
    pretty = text;
  }
  return scrubText(pretty, known);
}

/** The card's number and CVV in a tokenization body, to remove by value even when no rule would match them. */
export function cardValues(bytes: Uint8Array | null): string[] {
  if (bytes === null) return [];
  try {
    const card = (JSON.parse(new TextDecoder().decode(bytes)) as { card?: Record<string, unknown> } | null)?.card;
    if (!card || typeof card !== 'object') return [];
    return [card.number, card.cvv].filter((v): v is string => typeof v === 'string');
  } catch {
    return [];
  }
}
