import { QrCodeOperations as Ops, type OpenObject, type OpenResponse } from '../schemas/index.js';
import type { CallOptions, Caller } from './caller.js';

/** §4.5 QR codes. Every field is not shown (§4.9): requests and responses are open objects. */
export class QrCodes {
  readonly #caller: Caller;
  constructor(caller: Caller) {
    this.#caller = caller;
  }

  /** Generate a dynamic PIX QR code. Never retried. */
  generateDynamic(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.generateDynamic, params, options);
  }
  /** Generate a static PIX QR code. Never retried. */
  generateStatic(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.generateStatic, params, options);
  }
  /** Look a QR code up by its ID. A read: retried on transport failure. */
  details(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.details, params, options);
  }
}
