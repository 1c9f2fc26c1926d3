/**
 * The merchants of the card API, with their keys. Every value here is stable
 * across restarts, so a merchant can paste keys into config once. Listed in
 * docs/sandbox.md.
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
