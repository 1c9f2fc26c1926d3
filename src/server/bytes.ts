/**
 * Bytes and their text forms, on web standards only (`TextEncoder`, `btoa`,
 * no `Buffer`), so the server helper runs unchanged in Node, Deno, Bun,
 * Cloudflare Workers and Vercel Edge (docs/server.md).
 */

const encoder = new TextEncoder();

/** The UTF-8 bytes of a string; bytes are passed through as they are. */
export function utf8(text: string | Uint8Array): Uint8Array<ArrayBuffer> {
  if (typeof text === 'string') return encoder.encode(text);
  // A copy, so Web Crypto gets a plain ArrayBuffer view whatever backs the caller's bytes.
  return new Uint8Array(text);
}

/** `length` bytes from the platform's cryptographic random source (`crypto.getRandomValues`). */
export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** Lowercase hex, two characters per byte. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Standard base64 with padding (RFC 4648 §4). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Whether two byte strings are equal, in time that depends on their length
 * only, never on where they first differ: a signature compared with `===`
 * leaks, through timing, how many of its leading characters were right.
 * Lengths are not secret here (digests have a fixed length), so unequal
 * lengths return at once.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
