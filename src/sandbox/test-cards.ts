/**
 * The sandbox's test card numbers and buyer documents. Public by nature and
 * free of any key, so pages and docs may show them; the merchants' keys live
 * in merchants.ts.
 */

/** Card numbers that pass Luhn, one per brand; their charges approve. */
export const TEST_CARDS = [
  { brand: 'visa', number: '4111111111111111' },
  { brand: 'mastercard', number: '5555555555554444' },
  { brand: 'mastercard', number: '2221000000000009' },
  { brand: 'elo', number: '6363680000000007' },
  { brand: 'elo', number: '4389350000000002' },
  // Real Brazilian test numbers, as acquirers publish them for their own test environments.
  { brand: 'elo', number: '6362970000457013' },
  { brand: 'elo', number: '5066991111111118' },
  { brand: 'amex', number: '378282246310005' },
  { brand: 'hipercard', number: '6062825624254001' },
  { brand: 'hipercard', number: '6062828888666688' },
  { brand: 'diners', number: '36000000000008' },
  { brand: 'jcb', number: '3530111333300000' },
  { brand: 'discover', number: '6011111111111117' },
] as const;

/**
 * Card numbers that tokenize like any other (they pass Luhn) but whose charges
 * are always declined, like Stripe's test numbers. Every other card approves.
 * `declineCode` is what the declined charge carries (docs/charges.md).
 */
export const DECLINING_TEST_CARDS = [
  { brand: 'visa', number: '4000000000000002', declineCode: 'card_declined' },
  { brand: 'visa', number: '4000000000009995', declineCode: 'insufficient_funds' },
] as const;

/** Valid buyer documents (check digits right), as a shopper types them: a CPF, a CNPJ, an alphanumeric CNPJ (docs/tax-id.md). */
export const TEST_TAX_IDS = [
  { kind: 'CPF', value: '123.456.789-09' },
  { kind: 'CNPJ', value: '11.222.333/0001-81' },
  { kind: 'CNPJ', value: '12.ABC.345/01DE-35' },
] as const;
