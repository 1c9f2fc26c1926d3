import nodeCrypto, { createHash, createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { utf8 } from '../../server/bytes.js';
import { canonicalString, readTargetPair, SignatureHeader, TIMESTAMP_TOLERANCE_MS, type Target } from '../../server/signing.js';
import type { NonceCache } from './nonce-cache.js';

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
  /** Keys already made, per credential; without it, each verification makes the key again from the secret. */
  keys?: SigningKeyCache;
  toleranceMs?: number;
}

/** Credentials whose keys a {@link SigningKeyCache} holds at most; past it, the oldest is forgotten first. */
export const SIGNING_KEY_CACHE_CAPACITY = 1_000;

/**
 * The verifier's HMAC keys, made once per credential. An entry is keyed by
 * client ID and remembers the secret it was made from: when the secret of a
 * client ID changes (a rotated credential), the old key is dropped and the
 * new secret used, so a request signed with the old secret never verifies
 * again; when a client ID is no longer known, its key is forgotten. Bounded,
 * so client IDs that come and go cannot grow it.
 */
export class SigningKeyCache {
  readonly capacity: number;
  readonly #keys = new Map<string, { secret: string; key: KeyObject }>();

  constructor(capacity = SIGNING_KEY_CACHE_CAPACITY) {
    this.capacity = capacity;
  }

  /** The key for this credential's current secret, made on first use. */
  keyFor(clientId: string, secret: string): KeyObject {
    const held = this.#keys.get(clientId);
    // Both sides of this comparison are the sandbox's own secrets, never request data: no timing to hide.
    if (held?.secret === secret) return held.key;
    if (held) this.#keys.delete(clientId);
    else if (this.#keys.size >= this.capacity) this.#keys.delete(this.#keys.keys().next().value!);
    const key = createSecretKey(utf8(secret));
    this.#keys.set(clientId, { secret, key });
    return key;
  }

  /** Drops the key of a client ID the sandbox no longer knows. */
  forget(clientId: string): void {
    this.#keys.delete(clientId);
  }

  /** Credentials whose key is held. */
  get size(): number {
    return this.#keys.size;
  }
}

const HEX64 = /^[0-9a-f]{64}$/;
const TIMESTAMP = /^[0-9]{1,16}$/;
const NONCE = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * Verifies a signed request (§5.2, docs/signing.md): headers present and well
 * formed, target pair both-or-neither, known client, timestamp within the
 * window, content hash (when sent), signature in constant time, and only then
 * the nonce (so unsigned junk cannot burn nonces). The canonical string comes
 * from the client's signing module, so the sandbox accepts exactly what the
 * client signs. The SHA-256 and the HMAC are Node's: the sandbox runs only on
 * Node, where Web Crypto hands every digest and HMAC to the thread pool and
 * back, which cost the sandbox more than anything else it does per request
 * (docs/reliability.md). Both give the same hex as the client's Web Crypto
 * (the signing vectors are checked against both). It does not apply the §5.3
 * route policy. Asynchronous for its callers, though nothing in it waits now.
 */
export async function verifySignedRequest(input: VerifyInput): Promise<VerifyResult> {
  const clientId = input.header(SignatureHeader.CLIENT_ID) ?? undefined;
  const timestamp = input.header(SignatureHeader.TIMESTAMP) ?? undefined;
  const nonce = input.header(SignatureHeader.NONCE) ?? undefined;
  const signature = input.header(SignatureHeader.SIGNATURE) ?? undefined;
  const sentHash = input.header(SignatureHeader.CONTENT_HASH) ?? undefined;
  if (!clientId) return missing(SignatureHeader.CLIENT_ID);
  if (!timestamp) return missing(SignatureHeader.TIMESTAMP);
  if (!nonce) return missing(SignatureHeader.NONCE);
  if (!signature) return missing(SignatureHeader.SIGNATURE);
  if (!TIMESTAMP.test(timestamp)) return fail('malformed_header', 'X-Timestamp must be Unix milliseconds (digits only).');
  if (!NONCE.test(nonce)) return fail('malformed_header', 'X-Nonce must be 16 to 128 characters of A-Z, a-z, 0-9, "-" or "_".');
  if (!HEX64.test(signature)) return fail('malformed_header', 'X-Signature must be 64 lowercase hex characters (HMAC-SHA256).');
  if (sentHash !== undefined && !HEX64.test(sentHash)) {
    return fail('malformed_header', 'X-Content-Hash must be 64 lowercase hex characters (SHA-256 of the raw body).');
  }

  const target = readTargetPair(input.header(SignatureHeader.ISPB) ?? undefined, input.header(SignatureHeader.ACCOUNT_NUMBER) ?? undefined);
  if (target !== null && 'missing' in target) {
    return fail('target_pair_incomplete', 'X-ISPB and X-Account-Number must be sent together or not at all (§5.2).');
  }

  const secret = input.secretFor(clientId);
  if (secret === undefined) {
    input.keys?.forget(clientId);
    return fail('unknown_client', 'Unknown X-Client-ID.');
  }

  const tolerance = input.toleranceMs ?? TIMESTAMP_TOLERANCE_MS;
  const skew = Number(timestamp) - input.now;
  if (Math.abs(skew) > tolerance) {
    return fail(
      'timestamp_out_of_window',
      `X-Timestamp is ${Math.round(skew / 1000)} s from the server's clock; the window is ±${tolerance / 1000} s. Check the clock of the signing machine.`,
    );
  }

  const actualHash = sha256Hex(input.body);
  if (sentHash !== undefined && !safeEqualHex(sentHash, actualHash)) {
    return fail('content_hash_mismatch', 'X-Content-Hash does not match the body. Hash the exact bytes you send.');
  }

  const expected = createHmac('sha256', input.keys ? input.keys.keyFor(clientId, secret) : utf8(secret))
    .update(
      canonicalString({
        method: input.method,
        path: input.path,
        clientId,
        timestamp,
        nonce,
        contentHash: actualHash,
        target,
      }),
    )
    .digest('hex');
  if (!safeEqualHex(signature, expected)) {
    return fail(
      'signature_mismatch',
      'X-Signature does not match. Check the secret, that the path includes any query string, and that the body is the exact bytes signed.',
    );
  }

  if (!input.nonces.remember(clientId, nonce, input.now)) {
    return fail('nonce_replayed', 'X-Nonce was already used. Sign every request, including retries, with a fresh nonce.');
  }
  return { ok: true, clientId, target };
}

/** Node's one-shot digest where it has one (20.12 and later), several times faster on a small body than a Hash object. */
const sha256Hex: (bytes: Uint8Array) => string =
  typeof nodeCrypto.hash === 'function'
    ? (bytes) => nodeCrypto.hash('sha256', bytes, 'hex')
    : (bytes) => createHash('sha256').update(bytes).digest('hex');

function fail(reason: VerifyFailureReason, message: string): VerifyResult {
  return { ok: false, reason, message };
}

function missing(name: string): VerifyResult {
  return fail('missing_header', `Missing ${name} header.`);
}

/**
 * Two hex strings compared in time that depends on their length only, as
 * `constantTimeEqual` (server/bytes.ts) compares bytes: hex is ASCII, so its
 * characters are its bytes, and none need encoding first.
 */
function safeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
