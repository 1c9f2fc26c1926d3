import { amountToCents, centsToAmount } from '../../../server/amount.js';
import { TxnStatus } from '../../../server/enums.js';
import type { RefundOperations } from '../../../server/schemas/refunds.js';
import { SANDBOX_FAIL } from '../fixtures.js';
import { fail, isResult, newId, notFound, staleOrderId, type HandlerGroup, type V3Result } from '../route.js';
import type { RefundRecord, V3State } from '../state.js';
import { scheduleStatusLifecycle } from '../status-lifecycle.js';

/** §3.1, §8: merchant order IDs of accepted refund creates are recorded for 48 hours. */
export const ORDER_RECORD_MS = 48 * 3_600_000;
/** §4.3, §8: the original payment may be at most 90 days old. */
export const MAX_REFUND_AGE_MS = 90 * 24 * 3_600_000;
/**
 * §3.1 on the sandbox clock: 1 PENDING, 5 PROCESSING after 2 s, then
 * 2 COMPLETED, or 3 FAILED when the `reason` is `sandbox_fail`, after 5 s.
 */
export const REFUND_STEPS_MS = { processing: 2_000, final: 5_000 } as const;

/** §4.3 refunds of inbound PIX payments. */
export const refundHandlers = {
  create: ({ state, ctx, body, account, now }) => {
    const accountId = account!.id;
    // §3.1: a repeat within 48 h is "already processed". Checked before the date on
    // purpose: a resend after a lost answer must learn that the first one went through.
    const seen = state.refundOrders.get(body.merchant_order_id);
    if (seen && seen.expiresAt > now) return fail(4001013, 'This merchant_order_id was already processed.');
    const stale = staleOrderId(body.merchant_order_id, now);
    if (stale) return stale;

    const original = state.settlements.get(body.original_settlement_id);
    if (!original) return fail(4003003, 'The original payment is missing or not accessible.');
    // §4.3: inbound PIX, owned by the selected payee account, at most 90 days old.
    if (original.payeeAccountId !== accountId) {
      return fail(
        4003005,
        original.payerAccountId === accountId
          ? 'Only inbound PIX payments can be refunded.'
          : 'The original payment belongs to another payee account.',
      );
    }
    if (now - original.settledAt > MAX_REFUND_AGE_MS) return fail(4003005, 'The original payment is more than 90 days old.');
    const cents = amountToCents(body.amount);
    const hold = state.ledger.planRefundHold(original, cents);
    if (!hold.ok) return fail(4001999, `The amount exceeds the refundable amount (${centsToAmount(hold.available)} left).`);

    const record: RefundRecord = {
      refundId: newId('rfd'),
      settlementRefundId: newId('stlr'),
      accountId,
      originalSettlementId: original.id,
      merchantOrderId: body.merchant_order_id,
      amount: centsToAmount(cents),
      reason: body.reason,
      status: TxnStatus.PENDING,
      createdAt: now,
      updatedAt: now,
    };
    return {
      data: summary(record),
      commit: () => {
        hold.commit();
        state.refunds.set(record.refundId, record);
        forgetOldOrders(state, now);
        state.refundOrders.set(record.merchantOrderId, { refundId: record.refundId, expiresAt: now + ORDER_RECORD_MS });
        scheduleStatusLifecycle(ctx.clock, record, record.createdAt, REFUND_STEPS_MS, {
          fails: record.reason === SANDBOX_FAIL,
          // The settlement may have been evicted from its bounded store meanwhile (docs/reliability.md).
          onFailed: () => {
            const settled = state.settlements.get(record.originalSettlementId);
            if (settled) state.ledger.releaseRefundHold(settled, cents);
          },
          onCompleted: () => {
            const settled = state.settlements.get(record.originalSettlementId);
            state.ledger.move(record.accountId, settled?.payerAccountId ?? null, cents);
          },
        });
      },
    };
  },

  details: ({ state, body, account }) => {
    const record = lookup(state, body, account!.id);
    if (isResult(record)) return record;
    return {
      data: {
        ...body,
        ...summary(record),
        original_settlement_id: record.originalSettlementId,
        reason: record.reason ?? null,
        created_at: record.createdAt,
        updated_at: record.updatedAt,
      },
    };
  },
  statusCheck: ({ state, body, account }) => {
    const record = lookup(state, body, account!.id);
    if (isResult(record)) return record;
    return {
      data: {
        ...body,
        refund_id: record.refundId,
        merchant_order_id: record.merchantOrderId,
        txn_status: record.status,
        updated_at: record.updatedAt,
      },
    };
  },
} satisfies HandlerGroup<typeof RefundOperations>;

/**
 * Details and status requests are not shown (§4.9). Sandbox choice: find the
 * refund by `refund_id` or `merchant_order_id`, for the selected account only.
 */
function lookup(state: V3State, body: Record<string, unknown>, accountId: string): RefundRecord | V3Result {
  if (body.refund_id === undefined && body.merchant_order_id === undefined) return fail(4000, 'Send refund_id or merchant_order_id.');
  const byId = typeof body.refund_id === 'string' ? state.refunds.get(body.refund_id) : undefined;
  const byOrder =
    typeof body.merchant_order_id === 'string'
      ? [...state.refunds.values()].find((r) => r.merchantOrderId === body.merchant_order_id && r.accountId === accountId)
      : undefined;
  const record = byId ?? byOrder;
  return record?.accountId === accountId ? record : notFound('refund');
}

/** Order IDs older than 48 h are forgotten (§3.1): after that, the same ID is a new refund. */
function forgetOldOrders(state: V3State, now: number): void {
  for (const [id, entry] of state.refundOrders) if (entry.expiresAt <= now) state.refundOrders.delete(id);
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
