import { MERCHANTS } from './merchants.js';
import { DECLINING_TEST_CARDS, TEST_CARDS } from './test-cards.js';
import { SANDBOX_ADMIN_TOKEN } from './routes/clock-control.js';
import { describeV3Fixtures } from './v3/fixtures.js';
import { SANDBOX_INSTALLMENT_POLICY } from './routes/charges.js';

/**
 * The text printed when the sandbox starts: where it is and what to use with it.
 *
 * @param url its address on this machine.
 * @param network the command's (not an embedded sandbox's): its addresses on
 *   the local network, each a `base-url` for a phone on the same Wi-Fi, when
 *   it listens there (`HOST=0.0.0.0`); `null` when it listens on loopback
 *   only, and the banner says how to change that. An IPv6 one is a
 *   `base-url` too, but no page served on it can frame the card form, and
 *   the banner says so.
 */
export function describeFixtures(url: string, network?: readonly string[] | null): string {
  const lines = [
    `pay-card-form sandbox listening on ${url}`,
    `  console:  ${url}/  (every request live, refusals explained, the state and its actions)`,
    `  OpenAPI:  ${url}/openapi.json`,
  ];
  if (network === null) {
    lines.push('  To try the checkout from a phone on the same network, start it with HOST=0.0.0.0.');
  } else if (network?.length === 0) {
    lines.push('  network:  no local network address found on this machine (192.168.…, 10.…, 172.16-31.…, fd…)');
  } else if (network) {
    for (const base of network) lines.push(`  network:  ${base}`);
    lines.push(
      '  From a phone on the same network: base-url set to a network address above, a pk_test_ key (plain http to the',
      '  local network is for test keys only), and the shop page served on that address too; its pages may frame the card form.',
    );
    // The page's origin, not the frame's, is what frame-ancestors names, and it cannot name an IPv6 one.
    if (network.some((base) => base.includes('//['))) {
      lines.push(
        '  But a shop page served on an IPv6 address cannot frame the card form (browsers ignore IPv6 addresses in frame-ancestors):',
        '  serve it on an IPv4 address of this machine, or a host name listed in SANDBOX_FRAME_ANCESTORS; base-url may stay IPv6.',
      );
    }
  }
  lines.push('');
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
