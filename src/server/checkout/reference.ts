import { constantTimeEqual, utf8 } from '../bytes.js';
import { computeSignature, importSigningKey, type SigningKey } from '../signing.js';
import { CHECKOUT_LIMITS } from '../../shared/checkout-protocol.js';

/**
 * The Pix status reference: what the handler needs to answer a status
 * request, carried by the page and signed with the merchant's secret, so a
 * handler needs no store (a Worker keeps nothing between requests). The
 * signature is checked before anything else, so a forged or altered
 * reference never reaches the service.
 *
 * Form: `p1.<payload>.<mac>`, where `payload` is the base64url of the JSON
 * `{ o, q, e, a }` (order ID, QR code ID, expiry in Unix ms, amount in
 * centavos) and `mac` is the lowercase hex HMAC-SHA-256 of
 * `pay-card-form/pix-reference/p1.<payload>` under the secret. The prefix in
 * the MAC keeps a secret that is also used elsewhere from signing anything
 * that could pass for a reference.
 */

const VERSION = 'p1';
const CONTEXT = `pay-card-form/pix-reference/${VERSION}.`;

/** What a reference says, once its signature holds. */
export interface PixReference {
  orderId: string;
  qrCodeId: string;
  /** Unix ms. */
  expiresAt: number;
  /** Integer centavos. */
  amount: number;
}

/** Imports the merchant's reference secret once, as a non-extractable HMAC key. */
export function referenceKey(secret: string): Promise<SigningKey> {
  return importSigningKey(secret);
}

/** Signs a reference. */
export async function signReference(key: SigningKey, reference: PixReference): Promise<string> {
  const payload = toBase64Url(
    utf8(JSON.stringify({ o: reference.orderId, q: reference.qrCodeId, e: reference.expiresAt, a: reference.amount })),
  );
  return `${VERSION}.${payload}.${await computeSignature(key, CONTEXT + payload)}`;
}

/** The reference's content when its signature is the key's, else null. Nothing but Web Crypto is called. */
export async function verifyReference(key: SigningKey, text: string): Promise<PixReference | null> {
  if (text.length > CHECKOUT_LIMITS.reference) return null;
  const match = /^p1\.([A-Za-z0-9_-]{1,900})\.([0-9a-f]{64})$/.exec(text);
  if (!match) return null;
  const [, payload, mac] = match as unknown as [string, string, string];
  const expected = await computeSignature(key, CONTEXT + payload);
  if (!constantTimeEqual(utf8(expected), utf8(mac))) return null;
  // Signed by us, so well formed; read it defensively all the same.
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(payload)));
  } catch {
    return null;
  }
  const { o, q, e, a } = (json ?? {}) as Record<string, unknown>;
  if (typeof o !== 'string' || typeof q !== 'string' || !Number.isSafeInteger(e) || !Number.isSafeInteger(a)) return null;
  return { orderId: o, qrCodeId: q, expiresAt: e as number, amount: a as number };
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
