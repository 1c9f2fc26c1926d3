import { PixKeyOperations as Ops } from '../schemas/pix-keys.js';
import type { PixKeyCreateRequest, PixKeyCreateResult } from '../schemas/pix-keys.js';
import type { CallOptions, Caller } from './caller.js';

/** §4.4 PIX keys. */
export class PixKeys {
  readonly #caller: Caller;
  constructor(caller: Caller) {
    this.#caller = caller;
  }

  /** Create a PIX key for the selected account (§2.9). Never retried: no idempotency key. */
  create(params: PixKeyCreateRequest, options?: CallOptions): Promise<PixKeyCreateResult> {
    return this.#caller.call(Ops.create, params, options);
  }
}
