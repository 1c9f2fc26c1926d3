/**
 * The service's enums as named constants (§2.9–§2.11). Each is an `as const`
 * object plus a type of the same name, so `TxnStatus.COMPLETED` is the number 2
 * on the wire and the literal type `2` in TypeScript.
 */

/** §2.10: `txn_status` of transfers and refunds. */
export const TxnStatus = {
  PENDING: 1,
  COMPLETED: 2,
  FAILED: 3,
  CANCELLED: 4,
  PROCESSING: 5,
  REFUNDED: 6,
  PARTIALLY_REFUNDED: 7,
  DISPUTED: 8,
} as const;
export type TxnStatus = (typeof TxnStatus)[keyof typeof TxnStatus];

/**
 * Whether polling can stop. Only PENDING and PROCESSING are in flight (§3.1);
 * every other value, including ones this version does not know, ends a wait,
 * so an unexpected status is surfaced instead of being polled until a deadline.
 */
export function isFinalTxnStatus(status: number): boolean {
  return status !== TxnStatus.PENDING && status !== TxnStatus.PROCESSING;
}

/**
 * A QR code's `status` as the sandbox names it (docs/sandbox.md). Not the
 * service's: the spec shows ACTIVE (§4.2: a code must be ACTIVE to be paid)
 * and no other QR status (§3.3), nor the record's fields (§4.9).
 */
export const QrCodeStatus = {
  ACTIVE: 'ACTIVE',
  PAID: 'PAID',
  EXPIRED: 'EXPIRED',
} as const;
export type QrCodeStatus = (typeof QrCodeStatus)[keyof typeof QrCodeStatus];

/**
 * Whether waiting on a QR code can stop: only ACTIVE is waiting to be paid.
 * Every other value, including ones this version does not know, ends a wait,
 * as for {@link isFinalTxnStatus}.
 */
export function isFinalQrCodeStatus(status: string): boolean {
  return status !== QrCodeStatus.ACTIVE;
}

/** §2.9: `pix_key_type`. */
export const PixKeyType = {
  CPF: 1,
  CNPJ: 2,
  EMAIL: 3,
  PHONE: 4,
  EVP: 5,
} as const;
export type PixKeyType = (typeof PixKeyType)[keyof typeof PixKeyType];

/** §2.11: managed account model. */
export const ManagedAccountModel = {
  MOR: 1,
  VA: 2,
  PA: 3,
} as const;
export type ManagedAccountModel = (typeof ManagedAccountModel)[keyof typeof ManagedAccountModel];

/** §2.11: compliance mode of a managed account. */
export const ComplianceMode = {
  HOSTED_LINK: 1,
  API_BODY: 2,
  PROVIDER_SESSION: 3,
} as const;
export type ComplianceMode = (typeof ComplianceMode)[keyof typeof ComplianceMode];

/** §2.11: managed account status. */
export const AccountStatus = {
  PENDING: 1,
  ACTIVE: 2,
  FROZEN: 3,
  CLOSED: 4,
  REJECTED: 5,
  EXPIRED: 6,
  PENDING_SUBMISSION: 7,
} as const;
export type AccountStatus = (typeof AccountStatus)[keyof typeof AccountStatus];

/** §5.2: the three kinds of v3 credential. */
export const CredentialKind = {
  USER: 'USER',
  ACCOUNT: 'ACCOUNT',
  PLATFORM: 'PLATFORM',
} as const;
export type CredentialKind = (typeof CredentialKind)[keyof typeof CredentialKind];
