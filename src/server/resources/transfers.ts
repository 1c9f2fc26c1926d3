import { TransferOperations as Ops } from '../schemas/transfers.js';
import { type OpenObject, type OpenResponse } from '../schemas/common.js';
import type {
  QrCodeConfirmRequest,
  QrCodeConfirmResult,
  QrCodeInitiateRequest,
  QrCodeInitiateResult,
  TransferStatusRequest,
  TransferStatusResult,
} from '../schemas/transfers.js';
import type { CallOptions, Caller } from './caller.js';

/**
 * §4.2 transfers. PIX by key and by QR code go initiate → confirm; PIX and TED
 * to a bank account are sent directly. None of these responses is settlement
 * (§1): poll {@linkcode Transfers.statusCheck} or use `waitForTransfer`.
 * Only `details` and `statusCheck` are retried automatically.
 */
export class Transfers {
  readonly #caller: Caller;
  constructor(caller: Caller) {
    this.#caller = caller;
  }

  /** Initiate PIX by key. Request and response fields are not shown (§4.9). */
  keyInitiate(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.keyInitiate, params, options);
  }
  /** Confirm PIX by key. Never retried. Request and response fields are not shown (§4.9). */
  keyConfirm(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.keyConfirm, params, options);
  }
  /** Decode a PIX QR code and get a 5-minute confirmation reference (§2.6, §3.2). */
  qrCodeInitiate(params: QrCodeInitiateRequest, options?: CallOptions): Promise<QrCodeInitiateResult> {
    return this.#caller.call(Ops.qrCodeInitiate, params, options);
  }
  /** Pay the QR code (§2.7). Never retried: after a timeout, read the status (docs/server.md). */
  qrCodeConfirm(params: QrCodeConfirmRequest, options?: CallOptions): Promise<QrCodeConfirmResult> {
    return this.#caller.call(Ops.qrCodeConfirm, params, options);
  }
  /** Send PIX to a bank account. Never retried. Fields not shown (§4.9). */
  pixBankAccount(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.pixBankAccount, params, options);
  }
  /** Send TED to a bank account. Never retried. Fields not shown (§4.9). */
  tedBankAccount(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.tedBankAccount, params, options);
  }
  /** Transfer details. Fields not shown (§4.9). A read: retried on transport failure. */
  details(params: OpenObject, options?: CallOptions): Promise<OpenResponse> {
    return this.#caller.call(Ops.details, params, options);
  }
  /** `txn_status` of an outbound transfer of the selected account (§4.2). A read: retried. */
  statusCheck(params: TransferStatusRequest, options?: CallOptions): Promise<TransferStatusResult> {
    return this.#caller.call(Ops.statusCheck, params, options);
  }
}
