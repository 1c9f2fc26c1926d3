/**
 * The tokenization wire, shared by the client and the sandbox so they cannot
 * drift. The spec leaves it open (§4.9, §5.4); docs/tokenization.md is the
 * contract written out.
 */

/** `POST {baseUrl}/v1/tokens`, beside `/v1/charges`. */
export const TOKENS_PATH = '/v1/tokens';

/** Envelope codes of the tokenization endpoint (the §2.1 shape, our values). */
export const TokenizeCode = {
  OK: 200,
  /** Missing or unknown public key, or a deactivated one: HTTP 401. */
  UNAUTHORIZED: 401,
  /** Body is not JSON or `card` is missing: HTTP 400. */
  MISSING_FIELD: 4000,
  /** A card field fails validation on the server: HTTP 422, `data` = `{ field, reason }`. */
  INVALID_FIELD: 4002,
} as const;

/** Reads the public key out of `Authorization: Bearer pk_…`. */
export function bearerKey(header: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}
