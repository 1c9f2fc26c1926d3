import type { Refusal } from '../../console/api.js';
import { CANONICAL_LINE_LABELS, canonicalString, contentHash, readTargetPair, SignatureHeader } from '../../server/signing.js';
import type { VerifyFailureReason } from '../v3/signature-verifier.js';
import { knownSecrets, scrubIdentifier, scrubText } from './scrub.js';

/**
 * The checks the verifier makes after it has read X-Timestamp as a time
 * inside its window: for these refusals the timestamp is a time, not a card
 * number sent in the wrong header, and shows as sent. (As an identifier, a
 * 13-digit time that passes the Luhn check would read `[redacted]`: about one
 * in ten.)
 */
const AFTER_THE_WINDOW: readonly VerifyFailureReason[] = ['content_hash_mismatch', 'signature_mismatch', 'nonce_replayed'];
const PATH_LINE = CANONICAL_LINE_LABELS.indexOf('path and query');
const TIMESTAMP_LINE = CANONICAL_LINE_LABELS.indexOf('X-Timestamp');
const CONTENT_HASH_LINE = CANONICAL_LINE_LABELS.indexOf('content hash (SHA-256 of the body)');

export interface SignatureRefusalInput {
  reason: VerifyFailureReason;
  message: string;
  method: string;
  /** The request target as the verifier read it. */
  path: string;
  header: (name: string) => string | undefined;
  body: Uint8Array;
}

/**
 * A refused signature, explained: the canonical string the sandbox computed
 * from what was sent (each line with its label, from the client's own
 * `canonicalString`, so it is exactly what the verifier signed), the content
 * hash it expected, and which check failed. The values that came from the
 * request are scrubbed like everything the console shows; the content hash is
 * the sandbox's own, and is shown as it is, since comparing it is the point.
 */
export async function explainSignatureRefusal(input: SignatureRefusalInput): Promise<Refusal> {
  const get = (name: string) => input.header(name);
  const known = knownSecrets([get(SignatureHeader.SIGNATURE)]);
  const expectedContentHash = await contentHash(input.body);
  const [clientId, timestamp, nonce] = [get(SignatureHeader.CLIENT_ID), get(SignatureHeader.TIMESTAMP), get(SignatureHeader.NONCE)];
  const pair = readTargetPair(get(SignatureHeader.ISPB), get(SignatureHeader.ACCOUNT_NUMBER));
  const target = pair === null || 'missing' in pair ? null : pair;
  let canonical: { label: string; value: string }[] | null = null;
  // Without these three there is no canonical string to show, only the missing header.
  if (clientId && timestamp && nonce) {
    const lines = canonicalString({
      method: input.method,
      path: input.path,
      clientId,
      timestamp,
      nonce,
      contentHash: expectedContentHash,
      target,
    }).split('\n');
    canonical = CANONICAL_LINE_LABELS.map((label, i) => {
      const value = lines[i] ?? '';
      // The path may carry anything in its query; the hash is ours; a timestamp inside the window is a time; the rest were checked as identifiers.
      const asSent = i === CONTENT_HASH_LINE || (i === TIMESTAMP_LINE && AFTER_THE_WINDOW.includes(input.reason));
      const shown = i === PATH_LINE ? scrubText(value, known, 500) : asSent ? value : scrubIdentifier(value.slice(0, 200), known);
      return { label, value: shown };
    });
  }
  return {
    kind: 'signature',
    check: input.reason,
    message: scrubText(input.message, known, 500),
    canonical,
    expectedContentHash,
    contentHashSent: get(SignatureHeader.CONTENT_HASH) !== undefined,
  };
}
