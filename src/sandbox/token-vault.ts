import { createHmac, randomBytes } from 'node:crypto';
import type { CardInput, TokenizeResult } from '../card/types.js';
import type { Brand } from '../card/brand.js';

/** What the vault keeps for a token. Never the CVV (§1.1). */
export interface StoredCard {
  merchantId: string;
  token: string;
  brand: Brand;
  /** The full number, kept only in memory to play the role of the encrypted card data. */
  number: string;
  holderName: string;
  expirationMonth: string;
  expirationYear: string;
  createdAt: number;
}

/**
 * Our fingerprint (§2.3 leaves the criteria open, see docs/tokenization.md):
 * HMAC-SHA256 over number, expiry month and expiry year, keyed per vault and
 * scoped to the merchant. The holder name is left out on purpose: "Ana Silva"
 * and "ANA SILVA" are the same card.
 */
function fingerprint(key: Buffer, merchantId: string, card: CardInput): string {
  return createHmac('sha256', key).update([merchantId, card.number, card.expirationMonth, card.expirationYear].join('\n')).digest('hex');
}

/** How many tokens a vault keeps; past it, the oldest token is forgotten (a charge with it then answers unknown_token). */
export const MAX_TOKENS = 10_000;

/** Tokens per merchant, deduplicated by fingerprint, at most {@link MAX_TOKENS}. */
export class TokenVault {
  readonly #key = randomBytes(32);
  readonly #byFingerprint = new Map<string, StoredCard>();
  readonly #byToken = new Map<string, StoredCard>();

  /** Returns the card's token, creating it only if this merchant has never tokenized this card. */
  tokenize(merchantId: string, card: CardInput, brand: Brand, now: number): TokenizeResult {
    const fp = fingerprint(this.#key, merchantId, card);
    let stored = this.#byFingerprint.get(fp);
    if (!stored) {
      stored = {
        merchantId,
        token: `tok_${randomBytes(18).toString('base64url')}`,
        brand,
        number: card.number,
        holderName: card.holderName,
        expirationMonth: card.expirationMonth,
        expirationYear: card.expirationYear,
        createdAt: now,
      };
      if (this.#byToken.size >= MAX_TOKENS) {
        // Both maps were filled in the same order: their first entries are the same, oldest, card.
        const [oldestFp, oldest] = this.#byFingerprint.entries().next().value!;
        this.#byFingerprint.delete(oldestFp);
        this.#byToken.delete(oldest.token);
      }
      this.#byFingerprint.set(fp, stored);
      this.#byToken.set(stored.token, stored);
    }
    return toResult(stored);
  }

  /** The stored card behind a token, if it belongs to this merchant. */
  find(merchantId: string, token: string): StoredCard | undefined {
    const stored = this.#byToken.get(token);
    return stored?.merchantId === merchantId ? stored : undefined;
  }

  /** Every token with its brand and last four digits only: what the console may show. */
  *list(): IterableIterator<{ token: string; merchantId: string; brand: Brand; lastFour: string; createdAt: number }> {
    for (const s of this.#byToken.values()) {
      yield { token: s.token, merchantId: s.merchantId, brand: s.brand, lastFour: s.number.slice(-4), createdAt: s.createdAt };
    }
  }

  /** Number of distinct tokens, for tests and the sandbox banner. */
  get size(): number {
    return this.#byToken.size;
  }
}

function toResult(s: StoredCard): TokenizeResult {
  return {
    token: s.token,
    brand: s.brand,
    lastFourDigits: s.number.slice(-4),
    firstSixDigits: s.number.slice(0, 6),
    expirationMonth: s.expirationMonth,
    expirationYear: s.expirationYear,
  };
}
