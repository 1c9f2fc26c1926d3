import { NonceCache } from '../../server/signing.js';
import type { SandboxContext } from '../context.js';
import { V3_MANAGED_ACCOUNTS } from './fixtures.js';

/**
 * Per-sandbox v3 state. Kept in a WeakMap keyed by the context until
 * SandboxContext grows a field for it, so it dies with the sandbox.
 */
export interface TransferRecord {
  txnId: string;
  accountId: string;
  merchantOrderId: string;
  amount: string;
  status: number;
  createdAt: number;
  updatedAt: number;
}

export interface RefundRecord {
  refundId: string;
  settlementRefundId: string;
  accountId: string;
  originalSettlementId: string;
  merchantOrderId: string;
  amount: string;
  status: number;
  createdAt: number;
  updatedAt: number;
}

export interface ManagedRecord {
  ownerUserId: string;
  record: Record<string, unknown> & { reference_id: string; model: number; status: number };
}

export interface V3State {
  nonces: NonceCache;
  transfers: Map<string, TransferRecord>;
  refunds: Map<string, RefundRecord>;
  /** §3.1: merchant order IDs of refund creates, remembered 48 h (value: expiry, Unix ms). */
  refundOrders: Map<string, { refundId: string; expiresAt: number }>;
  managed: Map<string, ManagedRecord>;
}

const states = new WeakMap<SandboxContext, V3State>();

export function v3State(ctx: SandboxContext): V3State {
  let state = states.get(ctx);
  if (!state) {
    state = {
      nonces: new NonceCache(),
      transfers: new Map(),
      refunds: new Map(),
      refundOrders: new Map(),
      managed: new Map(V3_MANAGED_ACCOUNTS.map((m) => [m.record.reference_id, { ownerUserId: m.ownerUserId, record: { ...m.record } }])),
    };
    states.set(ctx, state);
  }
  return state;
}
