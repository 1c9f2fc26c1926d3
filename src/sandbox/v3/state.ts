import { randomBytes } from 'node:crypto';
import { amountToCents } from '../../server/amount.js';
import { BoundedStore } from './bounded-store.js';
import {
  V3_ACCOUNTS,
  V3_DYNAMIC_QR_FIXTURES,
  V3_MANAGED_ACCOUNTS,
  V3_MASTER_ACCOUNTS,
  V3_PIX_KEYS,
  V3_SETTLEMENTS,
  type PixKeyFixture,
} from './fixtures.js';
import { Ledger } from './ledger.js';
import { NonceCache } from './nonce-cache.js';
import type { LifecycleRecord } from './status-lifecycle.js';

/**
 * Everything one sandbox instance remembers about v3: built from the fixtures
 * when the sandbox starts (times relative to that moment), then changed only
 * by requests and by tasks on the sandbox clock. Kept on
 * `SandboxContext.v3`, so it dies with the sandbox.
 */

/** An outbound transfer of the selected (payer) account. */
export interface TransferRecord extends LifecycleRecord {
  txnId: string;
  /** The payer: status check and details answer only this account (§4.2). */
  accountId: string;
  kind: 'qr' | 'key' | 'pix-bank-account' | 'ted';
  merchantOrderId: string | null;
  amount: string;
  /** The settlement this payment becomes once completed. */
  settlementId: string;
  /** A sandbox account receiving it gets an inbound settlement when it completes. */
  payeeAccountId: string | null;
  /** What was sent, for the open shapes (§4.9). */
  request: Record<string, unknown>;
  createdAt: number;
}

/** §3.2: a confirmation reference, bound to the account, cached five minutes. */
export interface ConfirmationReference {
  refId: string;
  accountId: string;
  kind: 'qr' | 'key';
  pixKey: string;
  /** Fixed amount of the QR, if it has one (§4.2: confirm must send the same). */
  amount: string | undefined;
  settlementId: string;
  payeeAccountId: string | null;
  /** A dynamic QR generated in the sandbox is marked paid on confirm. */
  dynamicQrId: string | null;
  expiresAt: number;
}

/** A QR code generated through §4.5 (or a dynamic fixture). */
export interface QrCodeRecord {
  id: string;
  /** The payee account that generated it; null for fixtures of outside payees. */
  accountId: string | null;
  type: 'static' | 'dynamic';
  pixKey: string;
  amount: string | undefined;
  payload: string;
  /** Our names (QR statuses other than ACTIVE are not shown, §3.3): a paid dynamic code is no longer ACTIVE. */
  status: 'ACTIVE' | 'PAID';
  /**
   * A dynamic code's payment, once confirmed: its `txn_id`. The code becomes
   * PAID only when that transfer completes; while it is in flight nobody else
   * can pay the code, and if it fails the code can be paid again.
   */
  payment?: string;
  /** Dynamic codes expire; static ones do not. */
  expiresAt: number | null;
  request: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

/** An entry of the key directory. */
export interface PixKeyRecord extends Omit<PixKeyFixture, 'type'> {
  type: number;
  createdAt: number;
}

/** A settled PIX payment (what a refund's `original_settlement_id` names). */
export interface SettlementRecord {
  id: string;
  payeeAccountId: string | null;
  payerAccountId: string | null;
  amountCents: number;
  /** Held by refunds that have not failed: the remaining refundable amount is amount − this. */
  refundedCents: number;
  settledAt: number;
}

export interface RefundRecord extends LifecycleRecord {
  refundId: string;
  settlementRefundId: string;
  accountId: string;
  originalSettlementId: string;
  merchantOrderId: string;
  amount: string;
  reason: string | undefined;
  createdAt: number;
}

/** A master account: what was sent, plus `id`, `created_at`, `updated_at` (record not shown, §2.12). */
export type MasterRecord = Record<string, unknown> & { id: string };

/** A managed account record (§2.11 fields seen plus the sandbox's). */
export type ManagedRecord = Record<string, unknown> & { reference_id: string; model: number; status: number };

/** The API credential of a MOR or VA (§4.8): shown in full once, masked afterwards. */
export interface ManagedCredential {
  clientId: string;
  secret: string;
  shown: boolean;
  createdAt: number;
}

/** MED cases and infractions: what was sent plus the sandbox's fields (not shown, §4.9). */
export interface MedCaseRecord {
  accountId: string;
  record: Record<string, unknown> & { id: string };
}
export interface InfractionRecord {
  accountId: string;
  record: Record<string, unknown> & { id: string };
}

/**
 * How many records requests may add to each store (fixtures never count).
 * Stores of records that only a request can look up again evict their oldest
 * record; stores that others depend on (accounts, keys) refuse instead, with
 * the route's error. Open shapes store what was sent (at most 64 KiB a body),
 * so their caps are lower. docs/reliability.md lists them with their errors.
 */
export const STORE_CAPS = {
  transfers: 5_000,
  references: 5_000,
  qrCodes: 5_000,
  pixKeys: 1_000,
  settlements: 5_000,
  refunds: 5_000,
  refundOrders: 5_000,
  masters: 200,
  managed: 500,
  medCases: 500,
  infractions: 500,
  /** Nonces live for the signature window; this bounds them when the clock is frozen. */
  nonces: 100_000,
} as const;

export interface V3State {
  /** Bounded by the signature window: an entry lives until its timestamp can no longer be accepted. */
  nonces: NonceCache;
  /** Available balance per fixture account (QR payments above it fail with 4003014), and every change to it. */
  ledger: Ledger;
  transfers: BoundedStore<string, TransferRecord>;
  references: BoundedStore<string, ConfirmationReference>;
  qrCodes: BoundedStore<string, QrCodeRecord>;
  pixKeys: BoundedStore<string, PixKeyRecord>;
  settlements: BoundedStore<string, SettlementRecord>;
  refunds: BoundedStore<string, RefundRecord>;
  /** §3.1: merchant order IDs of accepted refund creates, remembered 48 h. */
  refundOrders: BoundedStore<string, { refundId: string; expiresAt: number }>;
  masters: BoundedStore<string, MasterRecord>;
  managed: BoundedStore<string, ManagedRecord>;
  /** Keyed like `managed`, and only added with it: bounded by its cap. */
  managedCredentials: Map<string, ManagedCredential>;
  medCases: BoundedStore<string, MedCaseRecord>;
  infractions: BoundedStore<string, InfractionRecord>;
}

/** A fresh state with every fixture, as of `now` (the sandbox start). */
export function createV3State(now: number): V3State {
  const cancel = (record: LifecycleRecord) => record.cancelSteps?.();
  const state: V3State = {
    nonces: new NonceCache(undefined, STORE_CAPS.nonces),
    ledger: new Ledger(V3_ACCOUNTS.map((a) => [a.id, amountToCents(a.balance)])),
    transfers: new BoundedStore<string, TransferRecord>(STORE_CAPS.transfers, 'evict-oldest', { onEvict: cancel }),
    references: new BoundedStore(STORE_CAPS.references, 'evict-oldest'),
    qrCodes: new BoundedStore(STORE_CAPS.qrCodes, 'evict-oldest', {
      pinned: V3_DYNAMIC_QR_FIXTURES.map((q): [string, QrCodeRecord] => [
        q.id,
        {
          id: q.id,
          accountId: q.accountId,
          type: 'dynamic',
          pixKey: q.key,
          amount: q.amount,
          payload: q.payload,
          status: 'ACTIVE',
          expiresAt: now + q.expiresOffsetMs,
          request: {},
          createdAt: now + q.expiresOffsetMs - 3_600_000,
          updatedAt: now + q.expiresOffsetMs - 3_600_000,
        },
      ]),
    }),
    pixKeys: new BoundedStore(STORE_CAPS.pixKeys, 'refuse', {
      pinned: V3_PIX_KEYS.map((k): [string, PixKeyRecord] => [k.key, { ...k, createdAt: now - 30 * 24 * 3_600_000 }]),
    }),
    settlements: new BoundedStore(STORE_CAPS.settlements, 'evict-oldest', {
      pinned: V3_SETTLEMENTS.map((s): [string, SettlementRecord] => [
        s.id,
        {
          id: s.id,
          payeeAccountId: s.payeeAccountId,
          payerAccountId: s.payerAccountId,
          amountCents: amountToCents(s.amount),
          refundedCents: 0,
          settledAt: now - s.ageMs,
        },
      ]),
    }),
    refunds: new BoundedStore<string, RefundRecord>(STORE_CAPS.refunds, 'evict-oldest', { onEvict: cancel }),
    refundOrders: new BoundedStore(STORE_CAPS.refundOrders, 'evict-oldest'),
    masters: new BoundedStore(STORE_CAPS.masters, 'refuse', {
      pinned: V3_MASTER_ACCOUNTS.map((m): [string, MasterRecord] => [m.id, { ...m, created_at: now, updated_at: now }]),
    }),
    managed: new BoundedStore(STORE_CAPS.managed, 'refuse', {
      pinned: V3_MANAGED_ACCOUNTS.map((m): [string, ManagedRecord] => [
        m.record.reference_id,
        { ...m.record, created_at: now, updated_at: now },
      ]),
    }),
    managedCredentials: new Map(),
    medCases: new BoundedStore(STORE_CAPS.medCases, 'evict-oldest'),
    infractions: new BoundedStore(STORE_CAPS.infractions, 'evict-oldest'),
  };
  // MOR and VA fixtures have an API credential waiting to be read for the first time.
  for (const m of state.managed.values()) {
    if (m.model !== 3) state.managedCredentials.set(m.reference_id, newManagedCredential(now));
  }
  return state;
}

/** A new MOR / VA API credential; the secret is random, like any newly issued secret. */
export function newManagedCredential(now: number): ManagedCredential {
  return {
    clientId: `cli_test_managed_${randomBytes(6).toString('hex')}`,
    secret: `sec_test_managed_${randomBytes(16).toString('hex')}`,
    shown: false,
    createdAt: now,
  };
}

/** The v3 state of a sandbox, created from the fixtures on first use (the v3 routes do so at start). */
export function v3State(ctx: { clock: { now(): number }; v3?: V3State }): V3State {
  ctx.v3 ??= createV3State(ctx.clock.now());
  return ctx.v3;
}
