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

/** Card numbers that pass Luhn, one per brand, for the demo and docs. */
export const TEST_CARDS = [
  { brand: 'visa', number: '4111111111111111' },
  { brand: 'mastercard', number: '5555555555554444' },
  { brand: 'mastercard', number: '2221000000000009' },
  { brand: 'elo', number: '6363680000000007' },
  { brand: 'elo', number: '4389350000000002' },
  { brand: 'amex', number: '378282246310005' },
  { brand: 'hipercard', number: '6062825624254001' },
  { brand: 'diners', number: '36000000000008' },
  { brand: 'jcb', number: '3530111333300000' },
  { brand: 'discover', number: '6011111111111117' },
] as const;

/**
 * Card numbers that tokenize like any other (they pass Luhn) but whose charges
 * are always declined, like Stripe's test numbers. Every other card approves.
 * `decline_code` is what the declined charge carries (docs/charges.md).
 */
export const DECLINING_TEST_CARDS = [
  { brand: 'visa', number: '4000000000000002', declineCode: 'card_declined' },
  { brand: 'visa', number: '4000000000009995', declineCode: 'insufficient_funds' },
] as const;
