import { ConfigurationError } from '../shared/errors.js';
import { randomBytes, toHex, utf8 } from './bytes.js';

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
 * On web standards (`crypto.subtle`, `crypto.getRandomValues`,
 * `TextEncoder`), so it runs in every JavaScript backend (docs/server.md);
 * where the runtime also has `node:crypto` (Node, Deno, Bun), the body's
 * hash is taken with it. Web Crypto is asynchronous, so hashing, signing and
 * verifying return promises; the canonical string and the nonce do not need
 * them.
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

/** A secret imported once for HMAC-SHA256 ({@link importSigningKey}); it cannot be exported again. */
export type SigningKey = Awaited<ReturnType<WebCrypto['importKey']>>;

type WebCrypto = typeof globalThis.crypto.subtle;

/** Web Crypto, or a {@link ConfigurationError} that says what the runtime lacks. */
function subtle(): WebCrypto {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    throw new ConfigurationError(
      'Web Crypto (globalThis.crypto.subtle) is not available in this runtime; signing needs it. Use Node 20 or later, Deno, Bun, Cloudflare Workers or Vercel Edge.',
    );
  }
  return subtle;
}

/** The part of `node:crypto` the body's hash uses. */
export interface NodeHashing {
  createHash(algorithm: 'sha256'): { update(data: Uint8Array): { digest(encoding: 'hex'): string } };
}

let nodeHashing: NodeHashing | null | undefined;

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/**
 * `node:crypto`'s hashing, found through `runtime.getBuiltinModule` (no
 * import, so a bundle for Workers stays free of it), or null when Web Crypto
 * is to hash. On Node, each Web Crypto call is a job on libuv's thread pool,
 * and that trip costs far more than hashing a request's body on the spot
 * (docs/benchmarks.md#signing-speed). A stand-in `process` (an edge sandbox's
 * stubs that throw, a bundler's shim) must not break signing: anything but a
 * `createHash` that gives SHA-256 of the empty body is passed over.
 */
export function nodeHashingOf(runtime: unknown): NodeHashing | null {
  try {
    const found = (runtime as { getBuiltinModule?: (id: string) => unknown } | undefined)?.getBuiltinModule?.('node:crypto') as
      Partial<NodeHashing> | undefined;
    if (typeof found?.createHash !== 'function') return null;
    const hashing = found as NodeHashing;
    return hashing.createHash('sha256').update(new Uint8Array(0)).digest('hex') === EMPTY_SHA256 ? hashing : null;
  } catch {
    return null;
  }
}

function nodeCrypto(): NodeHashing | null {
  if (nodeHashing === undefined) nodeHashing = nodeHashingOf((globalThis as { process?: unknown }).process);
  return nodeHashing;
}

/** Lowercase hex SHA-256 of the raw body bytes (the X-Content-Hash value). Strings are hashed as UTF-8. */
export async function contentHash(body: string | Uint8Array): Promise<string> {
  const bytes = utf8(body);
  const node = nodeCrypto();
  if (node) return node.createHash('sha256').update(bytes).digest('hex');
  return toHex(new Uint8Array(await subtle().digest('SHA-256', bytes)));
}

/**
 * What each line of {@link canonicalString} is, in order: the sandbox's
 * console labels the string it computed with these, so a developer can put it
 * beside their own line by line.
 */
export const CANONICAL_LINE_LABELS = [
  'method',
  'path and query',
  'X-Client-ID',
  'X-Timestamp',
  'X-Nonce',
  'content hash (SHA-256 of the body)',
  'X-ISPB',
  'X-Account-Number',
] as const;

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

/**
 * Imports the UTF-8 secret as a non-extractable HMAC-SHA256 key. Import once
 * and sign many times: {@link createClient} does so for its credential.
 */
export function importSigningKey(secret: string): Promise<SigningKey> {
  return subtle().importKey('raw', utf8(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** Lowercase hex HMAC-SHA256 of the canonical string, keyed with the UTF-8 secret (or a key imported from it). */
export async function computeSignature(secret: string | SigningKey, canonical: string): Promise<string> {
  const key = typeof secret === 'string' ? await importSigningKey(secret) : secret;
  return toHex(new Uint8Array(await subtle().sign('HMAC', key, utf8(canonical))));
}

/** A fresh nonce: 16 crypto-random bytes as 32 lowercase hex characters. */
export function createNonce(): string {
  return toHex(randomBytes(16));
}

export interface SignRequestInput {
  method: string;
  /** Path as it will appear in the request line, with the query string if any, e.g. `/v3/refunds/pix`. */
  path: string;
  /** The exact bytes you will send. Sign the string you send, not an object you serialize again later. */
  body: string | Uint8Array;
  clientId: string;
  /** The credential's secret, or the key {@link importSigningKey} made from it. */
  secret: string | SigningKey;
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
 * Signs one v3 request and resolves to every header it needs, including
 * `Content-Type: application/json` (§2.1). Call it again for every attempt:
 * a retried request needs a fresh timestamp and nonce (§4.2). Asynchronous
 * because Web Crypto is: a bad input rejects with a TypeError that names it.
 */
export async function signRequest(input: SignRequestInput): Promise<SignedHeaders> {
  if (!input.secret) throw new TypeError('signRequest() needs a secret');
  if (!input.clientId) throw new TypeError('signRequest() needs a clientId');
  if (!input.path.startsWith('/')) throw new TypeError('signRequest() takes the path only (starting with "/"), not a full URL');
  const target = input.target ? checkTarget(input.target) : null;
  const timestamp = String(input.timestamp ?? Date.now());
  if (!/^[0-9]{1,16}$/.test(timestamp)) throw new TypeError('signRequest(): timestamp must be Unix milliseconds');
  const nonce = input.nonce ?? createNonce();
  const hash = await contentHash(input.body);
  const signature = await computeSignature(
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
