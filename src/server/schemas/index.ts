import type { Operation } from '../policy.js';
import { TransferOperations } from './transfers.js';
import { RefundOperations } from './refunds.js';
import { PixKeyOperations } from './pix-keys.js';
import { QrCodeOperations } from './qr-codes.js';
import { InfractionOperations, MedOperations } from './med.js';
import { MasterAccountOperations } from './master-accounts.js';
import { ManagedAccountOperations } from './managed-accounts.js';

export * from './common.js';
export * from './transfers.js';
export * from './refunds.js';
export * from './pix-keys.js';
export * from './qr-codes.js';
export * from './med.js';
export * from './master-accounts.js';
export * from './managed-accounts.js';
export { Envelope } from './envelope.js';
export { ChargeCustomer, ChargeItem, ChargeRequest, ChargeResponse, CHARGES_PATH } from './charges.js';

/** Every v3 operation of §4.2–§4.8 (31), grouped as the client exposes them. */
export const Operations = {
  transfers: TransferOperations,
  refunds: RefundOperations,
  pixKeys: PixKeyOperations,
  qrCodes: QrCodeOperations,
  med: MedOperations,
  infractions: InfractionOperations,
  masterAccounts: MasterAccountOperations,
  managedAccounts: ManagedAccountOperations,
} as const;

/** The same operations as a flat list, e.g. for the sandbox's route table. */
export const ALL_OPERATIONS: readonly Operation[] = Object.values(Operations).flatMap((group) => Object.values(group) as Operation[]);
