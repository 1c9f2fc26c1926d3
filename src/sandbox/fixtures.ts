/**
 * Fixed test data. Every value here is stable across restarts, so a merchant
 * can paste keys into config once. Listed in docs/sandbox.md.
 */

/** A merchant of the card API: who owns tokens and charges. */
export interface MerchantFixture {
  id: string;
  name: string;
  /** Public key for `tokenize`; safe in a web page. */
  publicKey: string;
  /** A public key that was deactivated: tokenize answers AuthenticationError. */
  inactivePublicKey: string;
  /** Secret key for server calls with Basic auth (never in a web page). */
  secretKey: string;
}

export const MERCHANTS: readonly MerchantFixture[] = [
  {
    id: 'mer_sandbox_loja',
    name: 'Loja Exemplo',
    publicKey: 'pk_test_51LojaExemploActive0001',
    inactivePublicKey: 'pk_test_51LojaExemploRevoked0002',
    secretKey: 'sk_test_51LojaExemploSecret0001',
  },
  {
    // A second merchant, so "a token of another merchant" can be tried on charges.
    id: 'mer_sandbox_outra',
    name: 'Outra Loja',
    publicKey: 'pk_test_51OutraLojaActive0001',
    inactivePublicKey: 'pk_test_51OutraLojaRevoked0002',
    secretKey: 'sk_test_51OutraLojaSecret0001',
  },
];

export { TEST_CARDS, DECLINING_TEST_CARDS } from './test-cards.js';

/**
 * The sandbox's admin credential: `Authorization: Bearer <this>` moves the
 * test clock over HTTP (`POST /sandbox/clock/advance` and `/set`). Public like
 * every sandbox key; it exists so that a page on another site cannot move the
 * clock (a cross-site request cannot send it without a preflight, which the
 * clock routes never allow).
 */
export const SANDBOX_ADMIN_TOKEN = 'adm_test_sandbox_clock_0001';
