import type { Hono } from 'hono';
import { TxnStatus } from '../../server/enums.js';
import { RefundOperations as Ops } from '../../server/schemas/refunds.js';
import type { SandboxContext } from '../context.js';
import { newId, notFound, registerOperation } from './route.js';
import { v3State, type RefundRecord } from './state.js';

/** §8: merchant order idempotency record of refund create. */
const ORDER_RECORD_MS = 48 * 3_600_000;
/** Placeholder lifecycle (§3.1): PENDING → PROCESSING → COMPLETED, on the sandbox clock. */
export const REFUND_STEPS_MS = { processing: 500, completed: 1000 } as const;

/** §4.3 refunds. */
export function registerRefundRoutes(app: Hono, ctx: SandboxContext): void {
  const state = v3State(ctx);

  registerOperation(app, ctx, Ops.create, ({ body, account, now }) => {
    // §3.1: the merchant order ID is recorded for 48 hours; a repeat is 4001013.
    const seen = state.refundOrders.get(body.merchant_order_id);
    if (seen && seen.expiresAt > now) {
      return { code: 4001013, message: 'Merchant order ID already processed.' };
    }
    const record: RefundRecord = {
      refundId: newId('rfd'),
      settlementRefundId: newId('stlr'),
      accountId: account!.id,
      originalSettlementId: body.original_settlement_id,
      merchantOrderId: body.merchant_order_id,
      amount: body.amount,
      status: TxnStatus.PENDING,
      createdAt: now,
      updatedAt: now,
    };
    state.refunds.set(record.refundId, record);
    state.refundOrders.set(record.merchantOrderId, { refundId: record.refundId, expiresAt: now + ORDER_RECORD_MS });
    const step = (status: TxnStatus) => () => {
      record.status = status;
      record.updatedAt = ctx.clock.now();
    };
    ctx.clock.schedule(now + REFUND_STEPS_MS.processing, step(TxnStatus.PROCESSING));
    ctx.clock.schedule(now + REFUND_STEPS_MS.completed, step(TxnStatus.COMPLETED));
    return { data: summary(record) };
  });

  // Details and status are not shown (§4.9). Sandbox choice: find the refund by
  // `refund_id` or `merchant_order_id` in the request and answer what was sent
  // plus the §2.8 fields and timestamps.
  const find = (body: Record<string, unknown>, accountId: string): RefundRecord | undefined => {
    const byId = typeof body.refund_id === 'string' ? state.refunds.get(body.refund_id) : undefined;
    const order = typeof body.merchant_order_id === 'string' ? state.refundOrders.get(body.merchant_order_id) : undefined;
    const record = byId ?? (order ? state.refunds.get(order.refundId) : undefined);
    return record?.accountId === accountId ? record : undefined;
  };
  registerOperation(app, ctx, Ops.details, ({ body, account }) => {
    const record = find(body, account!.id);
    if (!record) return notFound('refund');
    return { data: { ...body, ...summary(record), original_settlement_id: record.originalSettlementId, created_at: record.createdAt, updated_at: record.updatedAt } };
  });
  registerOperation(app, ctx, Ops.statusCheck, ({ body, account }) => {
    const record = find(body, account!.id);
    if (!record) return notFound('refund');
    return { data: { ...body, refund_id: record.refundId, txn_status: record.status, updated_at: record.updatedAt } };
  });
}

function summary(r: RefundRecord) {
  return {
    refund_id: r.refundId,
    settlement_refund_id: r.settlementRefundId,
    merchant_order_id: r.merchantOrderId,
    amount: r.amount,
    txn_status: r.status,
  };
}
