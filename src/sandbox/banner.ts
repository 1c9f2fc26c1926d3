import { MERCHANTS } from './merchants.js';
import { DECLINING_TEST_CARDS, TEST_CARDS } from './test-cards.js';
import { SANDBOX_ADMIN_TOKEN } from './routes/clock-control.js';
import { describeV3Fixtures } from './v3/fixtures.js';
import { SANDBOX_INSTALLMENT_POLICY } from './routes/charges.js';

/** The text printed when the sandbox starts: where it is and what to use with it. */
export function describeFixtures(url: string): string {
  const lines = [
    `pay-card-form sandbox listening on ${url}`,
    `  console:  ${url}/  (every request live, refusals explained, the state and its actions)`,
    `  OpenAPI:  ${url}/openapi.json`,
    '',
  ];
  for (const m of MERCHANTS) {
    lines.push(`Merchant ${m.name} (${m.id})`);
    lines.push(`  public key (active):   ${m.publicKey}`);
    lines.push(`  public key (inactive): ${m.inactivePublicKey}`);
    lines.push(`  secret key (Basic):    ${m.secretKey}`);
  }
  lines.push('', 'Test cards (any holder name, any future expiry, CVV 123 or 1234 for Amex):');
  for (const c of TEST_CARDS) lines.push(`  ${c.brand.padEnd(11)} ${c.number}`);
  lines.push('', 'Declining test cards (charges always declined):');
  for (const c of DECLINING_TEST_CARDS) lines.push(`  ${c.brand.padEnd(11)} ${c.number}  ${c.declineCode}`);
  const { maxInstallments, minInstallment } = SANDBOX_INSTALLMENT_POLICY;
  lines.push(
    '',
    `Charges: amount in integer centavos; 1 to ${maxInstallments} installments, each at least ${minInstallment} centavos (R$ 5,00) when more than 1;`,
    '  customer.tax_id, when sent, must be a valid CPF or CNPJ (alphanumeric CNPJs too).',
  );
  lines.push('', describeV3Fixtures());
  lines.push('', 'Test clock (sandbox only): GET /sandbox/clock; POST /sandbox/clock/advance { "ms" } or /set { "now" }');
  lines.push(`  with Content-Type: application/json and Authorization: Bearer ${SANDBOX_ADMIN_TOKEN}`);
  return lines.join('\n');
}
