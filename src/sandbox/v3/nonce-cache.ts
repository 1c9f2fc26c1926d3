import { NONCE_RETENTION_MS } from '../../server/signing.js';

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

  /**
   * Records the nonce and returns true, or returns false when it was already
   * seen within the retention period, its last millisecond included: the
   * verifier's window includes its edges too, so a timestamp at the far edge
   * when first seen is still accepted exactly one retention period later.
   */
  remember(clientId: string, nonce: string, now: number): boolean {
    for (const [key, expires] of this.#seen) {
      if (expires >= now) break; // insertion order ≈ expiry order
      this.#seen.delete(key);
    }
    const key = `${clientId}\n${nonce}`;
    const expires = this.#seen.get(key);
    if (expires !== undefined && expires >= now) return false;
    if (this.#seen.size >= this.#maxEntries) this.#seen.delete(this.#seen.keys().next().value!);
    this.#seen.set(key, now + this.#retentionMs);
    return true;
  }

  get size(): number {
    return this.#seen.size;
  }
}
