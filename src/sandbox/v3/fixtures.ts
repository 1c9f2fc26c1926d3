import type { CredentialKind } from '../../server/enums.js';
import { encodeBrCode } from '../../pix/br-code.js';

/**
 * Fixed v3 test data: credentials, accounts, PIX keys, QR payloads, inbound
 * settlements, master and managed accounts. Every ID, key and payload is the
 * same on every start, so it can be pasted into config and tests once. Times
 * are relative to the sandbox's start ("fresh" = one hour before it).
 * Sandbox only: these secrets are public. Listed in docs/sandbox.md.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** An account that target headers (X-ISPB + X-Account-Number) can select. */
export interface V3AccountFixture {
  id: string;
  name: string;
  /** 8-digit ISPB of the institution. */
  ispb: string;
  accountNumber: string;
  /** Opening balance, a decimal string: QR payments above it fail with 4003014 (insufficient funds). */
  balance: string;
}

export const V3_ACCOUNTS: readonly V3AccountFixture[] = [
  { id: 'acc_sandbox_loja', name: 'Loja Exemplo Ltda', ispb: '12345678', accountNumber: '0001234567', balance: '10000.00' },
  { id: 'acc_sandbox_filial', name: 'Loja Exemplo Filial', ispb: '12345678', accountNumber: '0007654321', balance: '5000.00' },
];

/** A v3 credential (§5.2.3). */
export interface V3CredentialFixture {
  kind: CredentialKind;
  clientId: string;
  secret: string;
  /** What the credential is for, for the banner and docs. */
  note: string;
  /** ACCOUNT: the account the credential is bound to; absent = no account context (§7.2 4003008 / 500). */
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
    note: 'owner of the active Master Account; may select both accounts',
    userId: 'usr_sandbox_owner',
    accountIds: ['acc_sandbox_loja', 'acc_sandbox_filial'],
  },
  {
    kind: 'ACCOUNT',
    clientId: 'cli_test_account_0001',
    secret: 'sec_test_account_4a8e6f0b2d9c1735',
    note: 'bound to acc_sandbox_loja',
    accountId: 'acc_sandbox_loja',
  },
  {
    kind: 'PLATFORM',
    clientId: 'cli_test_platform_0001',
    secret: 'sec_test_platform_7c2d5e9a0f3b8146',
    note: 'master accounts',
  },
  {
    kind: 'USER',
    clientId: 'cli_test_user_0002',
    secret: 'sec_test_user_0d6a1f4e8b2c9735',
    note: 'a user whose Master Account is still pending: no active Master (invalid_user)',
    userId: 'usr_sandbox_newcomer',
    accountIds: [],
  },
  {
    kind: 'ACCOUNT',
    clientId: 'cli_test_account_0002',
    secret: 'sec_test_account_6e1b9c3f7a2d0548',
    note: 'its account was closed: no account context (4003008 on status check, 500 on PIX key create)',
  },
];

/** The first fixture of a kind: the one to use unless a test needs a special case. */
export function v3Credential(kind: CredentialKind): V3CredentialFixture {
  return V3_CREDENTIALS.find((c) => c.kind === kind)!;
}

/** A fixture credential by client ID. */
export function v3CredentialById(clientId: string): V3CredentialFixture {
  const found = V3_CREDENTIALS.find((c) => c.clientId === clientId);
  if (!found) throw new RangeError(`no v3 credential fixture ${clientId}`);
  return found;
}

/** Entries of the sandbox's key directory (DICT). `accountId` null = a payee outside the sandbox. */
export interface PixKeyFixture {
  key: string;
  type: 1 | 2 | 3 | 4 | 5;
  accountId: string | null;
  holderName: string;
  city: string;
  ispb: string;
  active: boolean;
  /** The decoder's dependency fails for this key (QR initiate answers this code, §7.2 500 / 501). */
  failure?: 500 | 501;
}

export const V3_PIX_KEYS: readonly PixKeyFixture[] = [
  {
    key: 'pix@loja.example',
    type: 3,
    accountId: 'acc_sandbox_loja',
    holderName: 'LOJA EXEMPLO LTDA',
    city: 'SAO PAULO',
    ispb: '12345678',
    active: true,
  },
  {
    key: 'pix@filial.loja.example',
    type: 3,
    accountId: 'acc_sandbox_filial',
    holderName: 'LOJA EXEMPLO FILIAL',
    city: 'CAMPINAS',
    ispb: '12345678',
    active: true,
  },
  {
    key: 'contato@padaria.example',
    type: 3,
    accountId: null,
    holderName: 'PADARIA EXEMPLO',
    city: 'SAO PAULO',
    ispb: '87654321',
    active: true,
  },
  {
    key: 'antigo@padaria.example',
    type: 3,
    accountId: null,
    holderName: 'PADARIA EXEMPLO',
    city: 'SAO PAULO',
    ispb: '87654321',
    active: false,
  },
  {
    key: 'decoder-500@sandbox.example',
    type: 3,
    accountId: null,
    holderName: 'FALHA 500',
    city: 'SAO PAULO',
    ispb: '87654321',
    active: true,
    failure: 500,
  },
  {
    key: 'decoder-501@sandbox.example',
    type: 3,
    accountId: null,
    holderName: 'FALHA 501',
    city: 'SAO PAULO',
    ispb: '87654321',
    active: true,
    failure: 501,
  },
];

/** Host of the locations inside dynamic QR codes the sandbox generates. */
export const DYNAMIC_QR_HOST = 'pix.sandbox.example/qr/v2/';

const padaria = { merchantName: 'PADARIA EXEMPLO', merchantCity: 'SAO PAULO' } as const;

/**
 * QR payloads to paste into QR initiate (§4.2). Written with the package's
 * own codec, so they are exactly what `parseBrCode` and `<pay-pix-qr>` read.
 */
export const V3_QR_PAYLOADS = {
  /** Static, ACTIVE, pays R$ 25,00 to Padaria Exemplo: confirm with amount `25.00` (any other gives 400). */
  activeWithAmount: encodeBrCode({
    ...padaria,
    pointOfInitiation: '11',
    key: 'contato@padaria.example',
    amount: '25.00',
    txid: 'SANDBOXFIXO25',
  }),
  /** Static, ACTIVE, no amount: confirm takes the amount you send. */
  activeWithoutAmount: encodeBrCode({ ...padaria, pointOfInitiation: '11', key: 'contato@padaria.example' }),
  /** Dynamic, expired one day before the sandbox started: 4001015. */
  expired: encodeBrCode({
    ...padaria,
    pointOfInitiation: '12',
    location: `${DYNAMIC_QR_HOST}qr_sandbox_expired_0001`,
    amount: '40.00',
    txid: 'SANDBOXEXPIRADO',
  }),
  /** Static, but its PIX key is inactive in the directory: 4001096. */
  inactiveKey: encodeBrCode({ ...padaria, pointOfInitiation: '11', key: 'antigo@padaria.example', amount: '10.00' }),
  /** The decoder's dependency fails: 500. */
  dependencyFailure500: encodeBrCode({ merchantName: 'FALHA 500', merchantCity: 'SAO PAULO', key: 'decoder-500@sandbox.example' }),
  /** The decoder's dependency fails: 501. */
  dependencyFailure501: encodeBrCode({ merchantName: 'FALHA 501', merchantCity: 'SAO PAULO', key: 'decoder-501@sandbox.example' }),
} as const;

/** Dynamic QR records that exist from the start (today only the expired one). */
export const V3_DYNAMIC_QR_FIXTURES = [
  {
    id: 'qr_sandbox_expired_0001',
    accountId: null,
    key: 'contato@padaria.example',
    amount: '40.00',
    payload: V3_QR_PAYLOADS.expired,
    /** Relative to the sandbox start. */
    expiresOffsetMs: -DAY_MS,
  },
] as const;

/** A settled PIX payment that refunds can name as `original_settlement_id` (§4.3). */
export interface SettlementFixture {
  id: string;
  /** Who received it (its refunds are this account's); null = outside the sandbox. */
  payeeAccountId: string | null;
  /** Who paid it; null = outside the sandbox. */
  payerAccountId: string | null;
  amount: string;
  /** Settled this long before the sandbox start. */
  ageMs: number;
  note: string;
}

export const V3_SETTLEMENTS: readonly SettlementFixture[] = [
  {
    id: 'stl_sandbox_inbound_fresh',
    payeeAccountId: 'acc_sandbox_loja',
    payerAccountId: null,
    amount: '100.00',
    ageMs: HOUR_MS,
    note: 'inbound to Loja, settled 1 h before start: refundable',
  },
  {
    id: 'stl_sandbox_inbound_91d',
    payeeAccountId: 'acc_sandbox_loja',
    payerAccountId: null,
    amount: '150.00',
    ageMs: 91 * DAY_MS,
    note: 'inbound to Loja, 91 days old: 4003005',
  },
  {
    id: 'stl_sandbox_outbound',
    payeeAccountId: null,
    payerAccountId: 'acc_sandbox_loja',
    amount: '80.00',
    ageMs: 2 * HOUR_MS,
    note: 'outbound from Loja: 4003005',
  },
  {
    id: 'stl_sandbox_filial_inbound',
    payeeAccountId: 'acc_sandbox_filial',
    payerAccountId: null,
    amount: '60.00',
    ageMs: HOUR_MS,
    note: "inbound to Filial: another account's for Loja, 4003005",
  },
];

/**
 * Master accounts (§4.7). Their record is not shown (§2.12): these fields are
 * the sandbox's choice. `owner_user_id` is how the sandbox resolves ownership.
 */
export const V3_MASTER_ACCOUNTS = [
  {
    id: 'mst_sandbox_0001',
    owner_user_id: 'usr_sandbox_owner',
    status: 'ACTIVE',
    legal_name: 'Loja Exemplo Ltda',
    tax_id: '12345678000195',
  },
  {
    id: 'mst_sandbox_pending_0001',
    owner_user_id: 'usr_sandbox_newcomer',
    status: 'PENDING',
    legal_name: 'Empresa Nova Ltda',
    tax_id: '98765432000198',
  },
  {
    id: 'mst_sandbox_other_0001',
    owner_user_id: 'usr_sandbox_other',
    status: 'ACTIVE',
    legal_name: 'Outra Empresa Ltda',
    tax_id: '11222333000181',
  },
] as const;

/**
 * Managed accounts (§2.11, §4.8), each under a Master Account. The §2.11
 * fields seen are filled in; `compliance_mode`, `tax_id`, `master_account_id`
 * and `linked_account_id` are the sandbox's names (the full record is not shown).
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
      compliance_mode: null,
      tax_id: '12345678000195',
      master_account_id: 'mst_sandbox_0001',
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
      compliance_mode: 1,
      tax_id: '22333444000155',
      master_account_id: 'mst_sandbox_0001',
    },
  },
  {
    ownerUserId: 'usr_sandbox_owner',
    record: {
      reference_id: 'ma_sandbox_va_0002',
      model: 2,
      status: 2,
      trading_name: null,
      notification_email: 'api@loja.example',
      return_url: null,
      compliance_mode: 2,
      tax_id: '33444555000122',
      master_account_id: 'mst_sandbox_0001',
    },
  },
  {
    ownerUserId: 'usr_sandbox_owner',
    record: {
      reference_id: 'ma_sandbox_pa_0001',
      model: 3,
      status: 2,
      trading_name: null,
      notification_email: 'filial@loja.example',
      return_url: null,
      compliance_mode: 3,
      tax_id: '44555666000190',
      master_account_id: 'mst_sandbox_0001',
      linked_account_id: 'acc_sandbox_filial',
    },
  },
  {
    ownerUserId: 'usr_sandbox_other',
    record: {
      reference_id: 'ma_sandbox_other_mor_0001',
      model: 1,
      status: 2,
      trading_name: 'Outra Loja',
      notification_email: 'ops@outra.example',
      return_url: null,
      compliance_mode: null,
      tax_id: '11222333000181',
      master_account_id: 'mst_sandbox_other_0001',
    },
  },
] as const;

/** Refund `reason` / transfer `memo` that makes the asynchronous processing end in 3 FAILED. */
export const SANDBOX_FAIL = 'sandbox_fail';

/** Lines for the sandbox banner: every v3 fixture a merchant may paste somewhere. */
export function describeV3Fixtures(): string {
  const lines = ['v3 credentials (signed requests, docs/signing.md):'];
  for (const c of V3_CREDENTIALS) lines.push(`  ${c.kind.padEnd(8)} client ${c.clientId}  secret ${c.secret}  (${c.note})`);
  lines.push('v3 accounts (X-ISPB / X-Account-Number):');
  for (const a of V3_ACCOUNTS) lines.push(`  ${a.id.padEnd(20)} ISPB ${a.ispb}  account ${a.accountNumber}  balance ${a.balance}`);
  lines.push('PIX keys in the sandbox directory:');
  for (const k of V3_PIX_KEYS) {
    const state = k.failure ? `decoder fails with ${k.failure}` : k.active ? 'active' : 'INACTIVE';
    lines.push(`  ${k.key.padEnd(28)} ${(k.accountId ?? `external, ISPB ${k.ispb}`).padEnd(24)} ${state}`);
  }
  lines.push('QR payloads for qrCodeInitiate:');
  const labels: Record<keyof typeof V3_QR_PAYLOADS, string> = {
    activeWithAmount: 'active, R$ 25.00',
    activeWithoutAmount: 'active, no amount',
    expired: 'expired (4001015)',
    inactiveKey: 'inactive PIX key (4001096)',
    dependencyFailure500: 'dependency failure (500)',
    dependencyFailure501: 'dependency failure (501)',
  };
  for (const [name, payload] of Object.entries(V3_QR_PAYLOADS))
    lines.push(`  ${labels[name as keyof typeof V3_QR_PAYLOADS].padEnd(27)} ${payload}`);
  lines.push('Inbound PIX settlements for refunds.create (original_settlement_id):');
  for (const s of V3_SETTLEMENTS) lines.push(`  ${s.id.padEnd(27)} ${s.amount.padStart(7)}  ${s.note}`);
  lines.push(`  A refund with reason "${SANDBOX_FAIL}" ends FAILED; so does a transfer with memo "${SANDBOX_FAIL}".`);
  lines.push('Master accounts (owner user):');
  for (const m of V3_MASTER_ACCOUNTS) lines.push(`  ${m.id.padEnd(27)} ${m.status.padEnd(8)} ${m.owner_user_id}`);
  lines.push(
    'Managed accounts (model 1 MOR, 2 VA, 3 PA; status 2 Active, 7 Pending Submission; compliance 1 Hosted Link, 2 API Body, 3 Provider Session):',
  );
  for (const { record } of V3_MANAGED_ACCOUNTS) {
    lines.push(
      `  ${record.reference_id.padEnd(27)} model ${record.model}  status ${record.status}  compliance ${record.compliance_mode ?? '-'}  under ${record.master_account_id}`,
    );
  }
  return lines.join('\n');
}
