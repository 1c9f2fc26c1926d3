import { RefundOperations as Ops } from '../schemas/refunds.js';
import { type OpenObject, type OpenResponse } from '../schemas/common.js';
import type { RefundCreateRequest, RefundCreateResult } from '../schemas/refunds.js';
import type { CallOptions, Caller } from './caller.js';

/**
 * §4.3 refunds of inbound PIX payments. Asynchronous: a successful create
 * starts at PENDING and is not settlement (§1, §3.1).
 */
export class Refunds {
  readonly #caller: Caller;
  constructor(caller: Caller) {
    this.#caller = caller;
  }

  /**
   * Create a refund. Never retried. The service deduplicates by
   * `merchant_order_id` for 48 h (4001013), so after a timeout resend with the
   * SAME order ID, then read the status (docs/server.md).
   */
  create(params: RefundCreateRequest, options?: CallOptions): Promise<RefundCreateResult> {
    return this.#caller.call(Ops.create, params, options);
  }
  /** Refund details. Fields not shown (§4.9). A read: retried on transport failure. */
  details(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.details, params, options);
  }
  /** Refund status. Fields not shown (§4.9); §3.1 names the state `txn_status`. A read: retried. */
  statusCheck(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.statusCheck, params, options);
  }
}
