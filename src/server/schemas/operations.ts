import type { Operation } from '../policy.js';
import { TransferOperations } from './transfers.js';
import { RefundOperations } from './refunds.js';
import { PixKeyOperations } from './pix-keys.js';
import { QrCodeOperations } from './qr-codes.js';
import { InfractionOperations, MedOperations } from './med.js';
import { MasterAccountOperations } from './master-accounts.js';
import { ManagedAccountOperations } from './managed-accounts.js';

/** The shape of an operation table: group → method name → operation. */
export type OperationTable = Readonly<Record<string, Readonly<Record<string, Operation>>>>;

/**
 * Every v3 operation of §4.2–§4.8 (31), grouped as the client exposes them:
 * the one declaration of each. The client's methods (`client.refunds.create`)
 * are derived from it (`resources.ts`), and the sandbox registers a handler
 * for each entry (the sandbox's `v3/register.ts`). The doc comment of a group
 * or an entry is what a merchant reads on hovering the client's property or
 * method.
 */
export const Operations = {
  /**
   * §4.2 transfers. PIX by key and by QR code go initiate → confirm; PIX and TED
   * to a bank account are sent directly. None of these responses is settlement
   * (§1): poll `transfers.statusCheck` or use `waitForTransfer`.
   * Only `details` and `statusCheck` are retried automatically.
   */
  transfers: TransferOperations,
  /**
   * §4.3 refunds of inbound PIX payments. Asynchronous: a successful create
   * starts at PENDING and is not settlement (§1, §3.1).
   */
  refunds: RefundOperations,
  /** §4.4 PIX keys. */
  pixKeys: PixKeyOperations,
  /**
   * §4.5 QR codes. The request fields our docs fix are typed, and others pass
   * through; responses are open objects, since the spec shows none of their
   * fields (§4.9). To wait for a payment, see `waitForQrPayment`.
   */
  qrCodes: QrCodeOperations,
  /**
   * §4.6 MED (Special Return Mechanism) cases, payer side. Fields are not shown
   * (§4.9). A case's final outcome must not be inferred from `create` (§1.7):
   * read it with `detail`.
   */
  med: MedOperations,
  /** §4.6 infractions related to MED cases. Fields are not shown (§4.9). */
  infractions: InfractionOperations,
  /**
   * §4.7 master accounts. Create, list and update need a PLATFORM credential;
   * detail accepts PLATFORM or the owning USER (§5.3). Fields are not shown.
   */
  masterAccounts: MasterAccountOperations,
  /**
   * §4.8 managed accounts (MOR, VA, PA) under the owner's active Master Account.
   * User-only: these calls need a USER credential and never send target headers.
   */
  managedAccounts: ManagedAccountOperations,
} as const satisfies OperationTable;

/** The same operations as a flat list, e.g. for the sandbox's route table. */
export const ALL_OPERATIONS: readonly Operation[] = Object.values(Operations).flatMap((group) => Object.values(group) as Operation[]);
