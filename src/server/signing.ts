import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * §5.2 request signing: THE one module. The client signs with it and the
 * sandbox verifies with it, so the two cannot drift. docs/signing.md is the
 * same contract in prose, with test vectors (asserted in signing.test.ts).
 *
 * Canonical string (lines joined by "\n", no trailing newline):
 *
 *     METHOD            upper case, e.g. POST
 *     PATH              as in the request line: path plus "?query" if any, no host
 *     X-Client-ID
 *     X-Timestamp       Unix milliseconds, decimal
 *     X-Nonce
 *     CONTENT-HASH      lowercase hex SHA-256 of the raw body bytes (always, sent or not)
 *     X-ISPB            trimmed, or "" when the pair is absent
 *     X-Account-Number  trimmed, or "" when the pair is absent
 *
 * X-Signature = lowercase hex HMAC-SHA256(key = UTF-8 secret, message = UTF-8 canonical string).
 *
 * Test vector (see signing.test.ts, docs/signing.md):
 *   secret `sec_test_vector_0001`, client `cli_test_vector`, POST
 *   `/v3/transfers/status/check`, timestamp 1767225600000, nonce
 *   `000102030405060708090a0b0c0d0e0f`, body `{"txn_id":"txn_0001"}`, no target
 *   → X-Signature `ea11ed7f5cdffa05d6d99bc94b90441986ea760534bdb0e9d449fb807554ee8f`.
 */

/** §8 leaves the tolerance open: we accept timestamps up to 5 minutes either side of the server's clock. */
export const TIMESTAMP_TOLERANCE_MS = 5 * 60_000;
/** Nonces are remembered for twice the tolerance, longer than any timestamp the verifier would accept. */
export const NONCE_RETENTION_MS = 2 * TIMESTAMP_TOLERANCE_MS;

/** Header names, as the spec spells them (HTTP compares them case-insensitively). */
export const SignatureHeader = {
  CLIENT_ID: 'X-Client-ID',
  TIMESTAMP: 'X-Timestamp',
  NONCE: 'X-Nonce',
  CONTENT_HASH: 'X-Content-Hash',
  SIGNATURE: 'X-Signature',
  ISPB: 'X-ISPB',
  ACCOUNT_NUMBER: 'X-Account-Number',
} as const;

/** The target account selected with X-ISPB and X-Account-Number (§5.2.2). */
export interface Target {
  ispb: string;
  accountNumber: string;
}

/** What goes into the canonical string. */
export interface CanonicalParts {
  method: string;
  path: string;
  clientId: string;
  timestamp: string;
  nonce: string;
  contentHash: string;
  target?: Target | null | undefined;
}

/** Lowercase hex SHA-256 of the raw body bytes (the X-Content-Hash value). */
export function contentHash(body: string | Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

/** The string that is signed. See the module comment for its layout. */
export function canonicalString(parts: CanonicalParts): string {
  return [
    parts.method.toUpperCase(),
    parts.path,
    parts.clientId,
    parts.timestamp,
    parts.nonce,
    parts.contentHash,
    parts.target ? parts.target.ispb.trim() : '',
    parts.target ? parts.target.accountNumber.trim() : '',
  ].join('\n');
}

/** Lowercase hex HMAC-SHA256 of the canonical string, keyed with the UTF-8 secret. */
export function computeSignature(secret: string, canonical: string): string {
  return createHmac('sha256', secret).update(canonical, 'utf8').digest('hex');
}

/** A fresh nonce: 16 crypto-random bytes as 32 lowercase hex characters. */
export function createNonce(): string {
  return randomBytes(16).toString('hex');
}

export interface SignRequestInput {
  method: string;
  /** Path as it will appear in the request line, with the query string if any, e.g. `/v3/refunds/pix`. */
  path: string;
  /** The exact bytes you will send. Sign the string you send, not an object you serialize again later. */
  body: string | Uint8Array;
  clientId: string;
  secret: string;
  /** X-ISPB and X-Account-Number; both or neither. */
  target?: Target | null | undefined;
  /** Unix milliseconds; defaults to `Date.now()`. */
  timestamp?: number;
  /** Defaults to {@link createNonce}. Must be unique per request. */
  nonce?: string;
}

/** The headers of one signed v3 request, ready to pass to any HTTP client. */
export type SignedHeaders = Record<string, string>;

/**
 * Signs one v3 request and returns every header it needs, including
 * `Content-Type: application/json` (§2.1). Call it again for every attempt:
 * a retried request needs a fresh timestamp and nonce (§4.2).
 */
export function signRequest(input: SignRequestInput): SignedHeaders {
  if (!input.secret) throw new TypeError('signRequest() needs a secret');
  if (!input.clientId) throw new TypeError('signRequest() needs a clientId');
  if (!input.path.startsWith('/')) throw new TypeError('signRequest() takes the path only (starting with "/"), not a full URL');
  const target = input.target ? checkTarget(input.target) : null;
  const timestamp = String(input.timestamp ?? Date.now());
  if (!/^[0-9]{1,16}$/.test(timestamp)) throw new TypeError('signRequest(): timestamp must be Unix milliseconds');
  const nonce = input.nonce ?? createNonce();
  const hash = contentHash(input.body);
  const signature = computeSignature(
    input.secret,
    canonicalString({ method: input.method, path: input.path, clientId: input.clientId, timestamp, nonce, contentHash: hash, target }),
  );
  const headers: SignedHeaders = {
    'Content-Type': 'application/json',
    [SignatureHeader.CLIENT_ID]: input.clientId,
    [SignatureHeader.TIMESTAMP]: timestamp,
    [SignatureHeader.NONCE]: nonce,
    [SignatureHeader.CONTENT_HASH]: hash,
    [SignatureHeader.SIGNATURE]: signature,
  };
  if (target) {
    headers[SignatureHeader.ISPB] = target.ispb;
    headers[SignatureHeader.ACCOUNT_NUMBER] = target.accountNumber;
  }
  return headers;
}

/**
 * §5.2.2, the one place the pair rule lives (the client, {@link signRequest}
 * and the verifier all read it here): X-ISPB and X-Account-Number go together
 * or not at all, and a value counts as present when it is not blank. Returns
 * the trimmed pair, null when neither is present, or which one is missing.
 */
export function readTargetPair(ispb: unknown, accountNumber: unknown): Target | null | { missing: 'ispb' | 'accountNumber' } {
  const present = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
  const hasIspb = present(ispb);
  const hasAccount = present(accountNumber);
  if (hasIspb && hasAccount) return { ispb: ispb.trim(), accountNumber: accountNumber.trim() };
  if (!hasIspb && !hasAccount) return null;
  return { missing: hasIspb ? 'accountNumber' : 'ispb' };
}

/**
 * Checks a target given to the client or to {@link signRequest} and returns it
 * trimmed: an object whose two values are both present ({@link readTargetPair})
 * and free of control characters (they cannot travel in a header). Throws a
 * TypeError that names the problem.
 */
export function checkTarget(target: unknown): Target {
  if (!target || typeof target !== 'object') throw new TypeError('target must be { ispb, accountNumber }');
  const { ispb, accountNumber } = target as Partial<Record<keyof Target, unknown>>;
  for (const [name, value] of [
    ['ispb', ispb],
    ['accountNumber', accountNumber],
  ] as const) {
    // Control characters are exactly what this looks for: they would split or corrupt a header.
    // eslint-disable-next-line no-control-regex
    if (typeof value === 'string' && /[\u0000-\u001f\u007f]/.test(value))
      throw new TypeError(`target.${name} must not contain control characters`);
  }
  const pair = readTargetPair(ispb, accountNumber);
  if (pair === null)
    throw new TypeError('target needs both ispb and accountNumber: X-ISPB and X-Account-Number go together or not at all (§5.2)');
  if ('missing' in pair) {
    throw new TypeError(`target.${pair.missing} is missing: X-ISPB and X-Account-Number go together or not at all (§5.2)`);
  }
  return pair;
}

// ─── Verification (used by the sandbox) ──────────────────────────────────────

/** Why a request was rejected. Stable strings: the sandbox sends them as `data.reason`. */
export type VerifyFailureReason =
  | 'missing_header'
  | 'malformed_header'
  | 'target_pair_incomplete'
  | 'unknown_client'
  | 'timestamp_out_of_window'
  | 'content_hash_mismatch'
  | 'signature_mismatch'
  | 'nonce_replayed';

export type VerifyResult =
  { ok: true; clientId: string; target: Target | null } | { ok: false; reason: VerifyFailureReason; message: string };

/**
 * Remembers nonces per client for {@link NONCE_RETENTION_MS} to reject replays
 * (§7.1): the store is bounded by the timestamp window, since a nonce older
 * than that could only come with a timestamp the verifier refuses anyway.
 * `maxEntries` also bounds it when time does not move (a frozen test clock):
 * past it, the oldest nonce is forgotten first.
 */
export class NonceCache {
  readonly #seen = new Map<string, number>();
  readonly #retentionMs: number;
  readonly #maxEntries: number;

  constructor(retentionMs = NONCE_RETENTION_MS, maxEntries = Number.POSITIVE_INFINITY) {
    this.#retentionMs = retentionMs;
    this.#maxEntries = maxEntries;
  }

  /** Records the nonce and returns true, or returns false when it was already seen within the retention period. */
  remember(clientId: string, nonce: string, now: number): boolean {
    for (const [key, expires] of this.#seen) {
      if (expires > now) break; // insertion order ≈ expiry order
      this.#seen.delete(key);
    }
    const key = `${clientId}\n${nonce}`;
    const expires = this.#seen.get(key);
    if (expires !== undefined && expires > now) return false;
    if (this.#seen.size >= this.#maxEntries) this.#seen.delete(this.#seen.keys().next().value!);
    this.#seen.set(key, now + this.#retentionMs);
    return true;
  }

  get size(): number {
    return this.#seen.size;
  }
}

export interface VerifyInput {
  method: string;
  /** Path and query exactly as in the request line. */
  path: string;
  /** Reads a request header (case-insensitive), undefined when absent. */
  header: (name: string) => string | undefined | null;
  /** The raw body bytes as received. */
  body: Uint8Array;
  /** Verifier's current time, Unix ms. */
  now: number;
  /** The secret of a client ID, or undefined when unknown. */
  secretFor: (clientId: string) => string | undefined;
  nonces: NonceCache;
  toleranceMs?: number;
}

const HEX64 = /^[0-9a-f]{64}$/;
const NONCE = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * Verifies a signed request: headers present and well formed, target pair
 * both-or-neither, known client, timestamp within the window, content hash
 * (when sent), signature in constant time, and only then the nonce (so
 * unsigned junk cannot burn nonces). It does not apply the §5.3 route policy.
 */
export function verifySignedRequest(input: VerifyInput): VerifyResult {
  const fail = (reason: VerifyFailureReason, message: string): VerifyResult => ({ ok: false, reason, message });
  const get = (name: string) => input.header(name) ?? undefined;

  const clientId = get(SignatureHeader.CLIENT_ID);
  const timestamp = get(SignatureHeader.TIMESTAMP);
  const nonce = get(SignatureHeader.NONCE);
  const signature = get(SignatureHeader.SIGNATURE);
  const sentHash = get(SignatureHeader.CONTENT_HASH);
  for (const [name, value] of [
    [SignatureHeader.CLIENT_ID, clientId],
    [SignatureHeader.TIMESTAMP, timestamp],
    [SignatureHeader.NONCE, nonce],
    [SignatureHeader.SIGNATURE, signature],
  ] as const) {
    if (!value) return fail('missing_header', `Missing ${name} header.`);
  }
  if (!/^[0-9]{1,16}$/.test(timestamp!)) return fail('malformed_header', 'X-Timestamp must be Unix milliseconds (digits only).');
  if (!NONCE.test(nonce!)) return fail('malformed_header', 'X-Nonce must be 16 to 128 characters of A-Z, a-z, 0-9, "-" or "_".');
  if (!HEX64.test(signature!)) return fail('malformed_header', 'X-Signature must be 64 lowercase hex characters (HMAC-SHA256).');
  if (sentHash !== undefined && !HEX64.test(sentHash)) {
    return fail('malformed_header', 'X-Content-Hash must be 64 lowercase hex characters (SHA-256 of the raw body).');
  }

  const target = readTargetPair(get(SignatureHeader.ISPB), get(SignatureHeader.ACCOUNT_NUMBER));
  if (target !== null && 'missing' in target) {
    return fail('target_pair_incomplete', 'X-ISPB and X-Account-Number must be sent together or not at all (§5.2).');
  }

  const secret = input.secretFor(clientId!);
  if (secret === undefined) return fail('unknown_client', 'Unknown X-Client-ID.');

  const tolerance = input.toleranceMs ?? TIMESTAMP_TOLERANCE_MS;
  const skew = Number(timestamp) - input.now;
  if (Math.abs(skew) > tolerance) {
    return fail(
      'timestamp_out_of_window',
      `X-Timestamp is ${Math.round(skew / 1000)} s from the server's clock; the window is ±${tolerance / 1000} s. Check the clock of the signing machine.`,
    );
  }

  const actualHash = contentHash(input.body);
  if (sentHash !== undefined && !safeEqualHex(sentHash, actualHash)) {
    return fail('content_hash_mismatch', 'X-Content-Hash does not match the body. Hash the exact bytes you send.');
  }

  const expected = computeSignature(
    secret,
    canonicalString({
      method: input.method,
      path: input.path,
      clientId: clientId!,
      timestamp: timestamp!,
      nonce: nonce!,
      contentHash: actualHash,
      target,
    }),
  );
  if (!safeEqualHex(signature!, expected)) {
    return fail(
      'signature_mismatch',
      'X-Signature does not match. Check the secret, that the path includes any query string, and that the body is the exact bytes signed.',
    );
  }

  if (!input.nonces.remember(clientId!, nonce!, input.now)) {
    return fail('nonce_replayed', 'X-Nonce was already used. Sign every request, including retries, with a fresh nonce.');
  }
  return { ok: true, clientId: clientId!, target };
}

/** Constant-time comparison of two hex strings (length checked first, as timingSafeEqual requires). */
function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
