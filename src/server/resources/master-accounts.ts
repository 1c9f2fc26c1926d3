import { MasterAccountOperations as Ops } from '../schemas/master-accounts.js';
import { type OpenObject, type OpenResponse } from '../schemas/common.js';
import type { CallOptions, Caller } from './caller.js';

/**
 * §4.7 master accounts. Create, list and update need a PLATFORM credential;
 * detail accepts PLATFORM or the owning USER (§5.3). Fields are not shown.
 */
export class MasterAccounts {
  readonly #caller: Caller;
  constructor(caller: Caller) {
    this.#caller = caller;
  }

  /** Never retried. */
  create(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.create, params, options);
  }
  /** A read: retried on transport failure. */
  detail(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.detail, params, options);
  }
  /** A read: retried on transport failure. */
  list(params: OpenObject = {}, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.list, params, options);
  }
  /** Never retried. */
  update(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.update, params, options);
  }
}
