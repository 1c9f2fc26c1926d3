import type { Operation } from '../policy.js';
import { TransferOperations } from './transfers.js';
import { RefundOperations } from './refunds.js';
import { PixKeyOperations } from './pix-keys.js';
import { QrCodeOperations } from './qr-codes.js';
import { InfractionOperations, MedOperations } from './med.js';
import { MasterAccountOperations } from './master-accounts.js';
import { ManagedAccountOperations } from './managed-accounts.js';

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
