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

/** A pattern and its replacement (a replacement function for the Luhn-aware rule). */
type Rule = readonly [RegExp, string | ((match: string) => string)];

/**
 * Anything that looks like a card number: 13 to 19 digits, with or without
 * spaces or dashes between them. Kept apart because, with the card's own
 * values passed as `known`, it is all `tokenize` needs (its request carries no
 * secret), and it ships in the script-tag bundle.
 */
const CARD_RULES: readonly Rule[] = [[/(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g, REDACTED]];

/**
 * Credentials; `$1` and `$2` keep a scheme or header name, so the text still
 * says what was removed. A function rather than a constant, so a bundle with
 * `tokenize` alone leaves these out.
 */
const credentialRules = (): readonly Rule[] => [
  // An Authorization value of any scheme: Basic base64(secret:), Bearer keys, HMAC schemes.
  [/\b(Basic|Bearer|Digest|HMAC[\w-]*)\s+[^\s"',;]+/gi, `$1 ${REDACTED}`],
  // A header or field echoed as "name: value" or "name=value" whose value is a credential or a CVV.
  [
    /\b(authorization|x-signature|x-content-hash|x-client-secret|client_secret|secret(?:_key)?|password|cv[vc])(["']?\s*[:=]\s*["']?)[^\s"',;}]+/gi,
    `$1$2${REDACTED}`,
  ],
  // Secret keys and credential secrets of this service: sk_test_…, sec_test_…, and live ones.
  [/\b(?:sk|sec|rk|whsec)_\w{6,}/g, REDACTED],
  // Signatures, hashes and other long hex strings (an X-Signature is 64 hex digits).
  [/\b[\da-f]{32,}\b/gi, REDACTED],
  // Long base64 runs (a Basic credential without its scheme, a raw key).
  [/(?<![\w+/=-])[a-z\d+/]{40,}={0,2}(?![\w+/=-])/gi, REDACTED],
];

function apply(rules: readonly Rule[], text: string, known: readonly (string | undefined)[], max: number): string {
  let out = text;
  // Three characters at least: a CVV is a known value; shorter ones would say nothing.
  // replaceAll rather than split and join: the same result, several times faster (the sandbox's log redacts every request).
  for (const value of known) if (value && value.length > 2) out = out.replaceAll(value, REDACTED);
  for (const [rule, replacement] of rules)
    out = typeof replacement === 'string' ? out.replace(rule, replacement) : out.replace(rule, replacement);
  return out.length > max ? `${out.slice(0, max)}…` : out;
}

/**
 * {@link apply} for {@link redact}, which the sandbox's log runs on every
 * string of every request: a known value is looked for before it is
 * replaced, and `any` (matching wherever one of `rules` would) is tried
 * once first: when it finds nothing, no rule would change the text, so none
 * runs. Most strings, a key or a short value, match none. The same result
 * as `apply`.
 */
function applyScanned(rules: readonly Rule[], any: RegExp, text: string, known: readonly (string | undefined)[], max: number): string {
  let out = text;
  for (const value of known) if (value && value.length > 2 && out.includes(value)) out = out.replaceAll(value, REDACTED);
  if (any.test(out)) return apply(rules, out, [], max);
  return out.length > max ? `${out.slice(0, max)}…` : out;
}

/** {@link redact}'s rules, and one pattern matching wherever any of them does (case-insensitive, so a superset), made on first use. */
let redactRules: { rules: readonly Rule[]; any: RegExp } | undefined;

function allRules(): { rules: readonly Rule[]; any: RegExp } {
  if (!redactRules) {
    const rules = [...credentialRules(), ...CARD_RULES];
    redactRules = { rules, any: new RegExp(rules.map(([rule]) => `(?:${rule.source})`).join('|'), 'i') };
  }
  return redactRules;
}

/**
 * `text` with every credential, signature and card-number look-alike
 * replaced by {@link REDACTED}, then cut to `max` characters. `known` are
 * exact values to remove as well (the caller's own secret or key), whatever
 * they look like. The server helper's errors use it.
 */
export function redact(text: string, known: readonly (string | undefined)[] = [], max = MAX_UPSTREAM_TEXT): string {
  const { rules, any } = allRules();
  return applyScanned(rules, any, text, known, max);
}

/**
 * {@link redact} with the card rules only, for `tokenize`: its request holds
 * the card and a public key, no secret, so an echo can only give back card
 * data (removed by these rules and by `known`, the card's own values).
 */
export function redactCardData(text: string, known: readonly (string | undefined)[] = [], max = MAX_UPSTREAM_TEXT): string {
  return apply(CARD_RULES, text, known, max);
}

/** The Luhn check: every card number passes it; nine random digit runs in ten do not. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * An identifier a server has checked and must show as it is (a nonce, a
 * client ID, in the sandbox's explanation of a signature): `known` values
 * are removed, and a card-number look-alike only when it passes the Luhn
 * check, since a random nonce holds a run of thirteen digits often enough
 * that {@link redactCardData} would hide one in twenty-five of them.
 */
export function redactIdentifier(text: string, known: readonly (string | undefined)[] = [], max = MAX_UPSTREAM_TEXT): string {
  identifierRules ??= CARD_RULES.map(([rule]): Rule => [rule, (run) => (passesLuhn(run.replace(/\D/g, '')) ? REDACTED : run)]);
  return apply(identifierRules, text, known, max);
}

/** {@link redactIdentifier}'s rules, made on first use. */
let identifierRules: readonly Rule[] | undefined;

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
