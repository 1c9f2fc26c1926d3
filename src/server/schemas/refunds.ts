import * as z from 'zod/mini';
import { defineOperation } from '../policy.js';
import { Amount, MerchantOrderId, NonEmptyString, OpenObject, OpenResponse } from './common.js';

/** §4.3 refunds. Details and status shapes are not shown (§4.9): open objects. */

/** §4.3 create refund request. */
export const RefundCreateRequest = z.strictObject({
  /** Settlement ID of the original inbound PIX payment (at most 90 days old). */
  original_settlement_id: NonEmptyString,
  /** Deduplicated for 48 h: a repeat gives business code 4001013 (§3.1). */
  merchant_order_id: MerchantOrderId,
  /** Not above the remaining refundable amount. */
  amount: Amount,
  /** Forwarded as the refund memo. */
  reason: z.optional(z.string()),
});
export type RefundCreateRequest = z.input<typeof RefundCreateRequest>;

/** §2.8 create refund data. `txn_status` starts at 1 PENDING: not settlement (§1). */
export const RefundCreateResult = z.looseObject({
  refund_id: NonEmptyString,
  settlement_refund_id: z.string(),
  merchant_order_id: z.string(),
  amount: z.string(),
  txn_status: z.int(),
});
export type RefundCreateResult = z.output<typeof RefundCreateResult>;

export const RefundOperations = {
  /**
   * Create a refund. Never retried. The service deduplicates by
   * `merchant_order_id` for 48 h (4001013), so after a timeout resend with the
   * SAME order ID, then read the status (docs/server.md).
   */
  create: defineOperation({
    name: 'refunds.create',
    path: '/v3/refunds/pix',
    group: 'account',
    read: false,
    request: RefundCreateRequest,
    response: RefundCreateResult,
    orderIdField: 'merchant_order_id',
  }),
  /** Refund details. Fields not shown (§4.9). A read: retried on transport failure. */
  details: defineOperation({
    name: 'refunds.details',
    path: '/v3/refunds/details',
    group: 'account',
    read: true,
    request: OpenObject,
    response: OpenResponse,
  }),
  /** Refund status. Fields not shown (§4.9); §3.1 names the state `txn_status`. A read: retried. */
  statusCheck: defineOperation({
    name: 'refunds.statusCheck',
    path: '/v3/refunds/status/check',
    group: 'account',
    read: true,
    request: OpenObject,
    response: OpenResponse,
  }),
} as const;
