import { InfractionOperations, MedOperations } from '../schemas/med.js';
import { type OpenObject, type OpenResponse } from '../schemas/common.js';
import type { CallOptions, Caller } from './caller.js';

/**
 * §4.6 MED (Special Return Mechanism) cases, payer side. Fields are not shown
 * (§4.9). A case's final outcome must not be inferred from `create` (§1.7):
 * read it with `detail`.
 */
export class Med {
  readonly #caller: Caller;
  constructor(caller: Caller) {
    this.#caller = caller;
  }

  /** Open a case. Never retried. */
  create(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(MedOperations.create, params, options);
  }
  /** List cases. A read: retried on transport failure. */
  list(params: OpenObject = {}, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(MedOperations.list, params, options);
  }
  /** One case, with timeline events, infractions and refund summaries when present. A read. */
  detail(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(MedOperations.detail, params, options);
  }
  /** Cancel a case. Never retried. */
  cancel(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(MedOperations.cancel, params, options);
  }
}

/** §4.6 infractions related to MED cases. Fields are not shown (§4.9). */
export class Infractions {
  readonly #caller: Caller;
  constructor(caller: Caller) {
    this.#caller = caller;
  }

  /** List infractions. A read: retried on transport failure. */
  list(params: OpenObject = {}, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(InfractionOperations.list, params, options);
  }
  /** One infraction. A read. */
  detail(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(InfractionOperations.detail, params, options);
  }
}
