/**
 * The one place upstream text is cleaned before it reaches an error of the
 * package (`message`, `code`, `reason`, `data`). A server, a proxy or a
 * misconfigured gateway may echo the request back: its headers (the Basic
 * credential, the HMAC signature, a client secret) or its body (a card
 * number). Whatever such an answer says, none of that may end up in a
 * merchant's logs or in the element's events. docs/security.md lists the rules.
 */

/** What replaces a redacted run of text. */
export const REDACTED = '[redacted]';

/** Upstream text kept in an error message at most (after redaction). */
export const MAX_UPSTREAM_TEXT = 300;

const RULES: readonly RegExp[] = [
  // An Authorization value of any scheme: Basic base64(secret:), Bearer keys, HMAC schemes.
  /\b(Basic|Bearer|Digest|HMAC[\w-]*)\s+[^\s"',;]+/gi,
  // A header echoed as "name: value" or "name=value" whose value is a credential.
  /\b(authorization|x-signature|x-content-hash|x-client-secret|client_secret|secret(?:_key)?|password|cvv|cvc)(["']?\s*[:=]\s*["']?)[^\s"',;}]+/gi,
  // Secret keys and credential secrets of this service: sk_test_…, sec_test_…, and live ones.
  /\b(?:sk|sec|rk|whsec)_[A-Za-z0-9_]{6,}/g,
  // Signatures, hashes and other long hex strings (an X-Signature is 64 hex digits).
  /\b[0-9a-fA-F]{32,}\b/g,
  // Long base64 runs (a Basic credential without its scheme, a raw key).
  /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/]{40,}={0,2}(?![A-Za-z0-9+/=_-])/g,
  // Anything that looks like a card number: 13 to 19 digits, with or without spaces or dashes between them.
  /(?<![0-9])[0-9](?:[ -]?[0-9]){12,18}(?![0-9])/g,
];

/**
 * `text` with every credential, signature and card-number look-alike
 * replaced by {@link REDACTED}, then cut to `max` characters. `known` are
 * exact values to remove as well (the caller's own secret or key), whatever
 * they look like.
 */
export function redact(text: string, known: readonly (string | undefined)[] = [], max = MAX_UPSTREAM_TEXT): string {
  let out = text;
  for (const value of known) {
    if (value && value.length >= 6) out = out.split(value).join(REDACTED);
  }
  for (const rule of RULES) {
    out = out.replace(rule, (_match: string, ...groups: unknown[]) => {
      // Keep a scheme or header name, so the message still says what was removed.
      const [name, separator] = groups as [unknown, unknown];
      if (typeof name === 'string' && typeof separator === 'string' && rule === RULES[1]) return `${name}${separator}${REDACTED}`;
      if (typeof name === 'string' && rule === RULES[0]) return `${name} ${REDACTED}`;
      return REDACTED;
    });
  }
  return out.length > max ? `${out.slice(0, max)}…` : out;
}

/**
 * A copy of parsed upstream JSON with every string redacted (keys too), for
 * fields such as `BusinessError.data`. Depth and size are bounded: deeper
 * levels become null, and more than 1,000 values end the copy.
 */
export function redactDeep(value: unknown, known: readonly (string | undefined)[] = []): unknown {
  let budget = 1_000;
  const copy = (v: unknown, depth: number): unknown => {
    if (budget-- <= 0 || depth > 16) return null;
    if (typeof v === 'string') return redact(v, known, 1_000);
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((item) => copy(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v)) {
      if (key === '__proto__') continue;
      out[redact(key, known, 100)] = copy(item, depth + 1);
    }
    return out;
  };
  return copy(value, 0);
}
