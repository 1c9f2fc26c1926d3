import { ManagedAccountOperations as Ops } from '../schemas/managed-accounts.js';
import { type OpenObject, type OpenResponse } from '../schemas/common.js';
import type {
  ManagedAccountListRequest,
  ManagedAccountListResult,
  ManagedAccountRotateRequest,
  ManagedAccountUpdateRequest,
  ManagedAccountUpdateResult,
} from '../schemas/managed-accounts.js';
import type { CallOptions, Caller } from './caller.js';

/**
 * §4.8 managed accounts (MOR, VA, PA) under the owner's active Master Account.
 * User-only: these calls need a USER credential and never send target headers.
 */
export class ManagedAccounts {
  readonly #caller: Caller;
  constructor(caller: Caller) {
    this.#caller = caller;
  }

  /** Fields not shown (§4.9). Never retried. A new secret is returned in full only once (§2.11). */
  create(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.create, params, options);
  }
  /** Fields not shown (§4.9). A read: retried on transport failure. */
  detail(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.detail, params, options);
  }
  /** Filter by model, status, tax ID; `page.page_size` at most 100. A read. */
  list(params: ManagedAccountListRequest = {}, options?: CallOptions): Promise<ManagedAccountListResult> {
    return this.#caller.call(Ops.list, params, options);
  }
  /** Patch by exactly one selector (`reference_id` or `account`). Never retried. */
  update(params: ManagedAccountUpdateRequest, options?: CallOptions): Promise<ManagedAccountUpdateResult> {
    return this.#caller.call(Ops.update, params, options);
  }
  /** Only for an eligible active MOR or VA. Fields not shown (§4.9). A read. */
  credentialsGet(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.credentialsGet, params, options);
  }
  /**
   * Rotation is not available yet (§4.8, §9): every valid call rejects with a
   * BusinessError of code 503. Kept so code written today works when it is.
   */
  rotateCredentials(params: ManagedAccountRotateRequest, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.rotateCredentials, params, options);
  }
}
