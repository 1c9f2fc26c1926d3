import {
  QrCodeOperations as Ops,
  type QrCodeDetailsRequest,
  type QrCodeDynamicRequest,
  type QrCodeStaticRequest,
} from '../schemas/qr-codes.js';
import { type OpenResponse } from '../schemas/common.js';
import type { CallOptions, Caller } from './caller.js';

/**
 * §4.5 QR codes. The request fields our docs fix are typed, and others pass
 * through; responses are open objects, since the spec shows none of their
 * fields (§4.9). To wait for a payment, see {@linkcode waitForQrPayment}.
 */
export class QrCodes {
  readonly #caller: Caller;
  constructor(caller: Caller) {
    this.#caller = caller;
  }

  /** Generate a dynamic PIX QR code (one payment, expires). Never retried. */
  generateDynamic(params: QrCodeDynamicRequest, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.generateDynamic, params, options);
  }
  /** Generate a static PIX QR code (reusable). Never retried. */
  generateStatic(params: QrCodeStaticRequest, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.generateStatic, params, options);
  }
  /** Look a QR code up by its ID. A read: retried on transport failure. */
  details(params: QrCodeDetailsRequest, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.details, params, options);
  }
}
