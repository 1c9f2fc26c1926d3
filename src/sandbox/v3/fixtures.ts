import type { CredentialKind } from '../../server/enums.js';

/**
 * Fixed v3 test credentials and accounts. Stable across restarts so they can
 * be pasted into config once. Sandbox only: these secrets are public.
 */

/** An account that target headers (X-ISPB + X-Account-Number) can select. */
export interface V3AccountFixture {
  id: string;
  name: string;
  /** 8-digit ISPB of the institution. */
  ispb: string;
  accountNumber: string;
}

export const V3_ACCOUNTS: readonly V3AccountFixture[] = [
  { id: 'acc_sandbox_loja', name: 'Loja Exemplo Ltda', ispb: '12345678', accountNumber: '0001234567' },
  { id: 'acc_sandbox_filial', name: 'Loja Exemplo Filial', ispb: '12345678', accountNumber: '0007654321' },
];

/** A v3 credential (§5.2.3). */
export interface V3CredentialFixture {
  kind: CredentialKind;
  clientId: string;
  secret: string;
  /** ACCOUNT: the account the credential is bound to. */
  accountId?: string;
  /** USER: who the user is, and which accounts the user may select with target headers. */
  userId?: string;
  accountIds?: readonly string[];
}

export const V3_CREDENTIALS: readonly V3CredentialFixture[] = [
  {
    kind: 'USER',
    clientId: 'cli_test_user_0001',
    secret: 'sec_test_user_9f3b2c7d1e5a4b60',
    userId: 'usr_sandbox_owner',
    accountIds: ['acc_sandbox_loja', 'acc_sandbox_filial'],
  },
  { kind: 'ACCOUNT', clientId: 'cli_test_account_0001', secret: 'sec_test_account_4a8e6f0b2d9c1735', accountId: 'acc_sandbox_loja' },
  { kind: 'PLATFORM', clientId: 'cli_test_platform_0001', secret: 'sec_test_platform_7c2d5e9a0f3b8146' },
];

/** The fixture of a kind (each kind has exactly one). */
export function v3Credential(kind: CredentialKind): V3CredentialFixture {
  return V3_CREDENTIALS.find((c) => c.kind === kind)!;
}

/**
 * Managed accounts owned by `usr_sandbox_owner` through an active Master
 * Account (§4.8). Only the §2.11 fields seen are filled in.
 */
export const V3_MANAGED_ACCOUNTS = [
  {
    ownerUserId: 'usr_sandbox_owner',
    record: {
      reference_id: 'ma_sandbox_mor_0001',
      model: 1,
      status: 2,
      trading_name: 'Loja Exemplo Marketplace',
      notification_email: 'ops@loja.example',
      return_url: null,
    },
  },
  {
    ownerUserId: 'usr_sandbox_owner',
    record: {
      reference_id: 'ma_sandbox_va_0001',
      model: 2,
      status: 7,
      trading_name: null,
      notification_email: 'financeiro@loja.example',
      return_url: 'https://loja.example/onboarding/return',
    },
  },
] as const;

/** Lines for the sandbox banner: the v3 credentials and accounts. */
export function describeV3Fixtures(): string {
  const lines = ['v3 credentials (signed requests, docs/signing.md):'];
  for (const c of V3_CREDENTIALS) {
    const scope = c.accountId ? ` bound to ${c.accountId}` : c.accountIds ? ` may select ${c.accountIds.join(', ')}` : '';
    lines.push(`  ${c.kind.padEnd(8)} client ${c.clientId}  secret ${c.secret}${scope}`);
  }
  lines.push('v3 accounts (X-ISPB / X-Account-Number):');
  for (const a of V3_ACCOUNTS) lines.push(`  ${a.id.padEnd(20)} ISPB ${a.ispb}  account ${a.accountNumber}`);
  return lines.join('\n');
}
