import * as z from 'zod/mini';
import { defineOperation } from '../policy.js';
import { Amount, MerchantOrderId, NonEmptyString, OpenObject, OpenResponse } from './common.js';

/** §4.2 transfers. PIX key / bank-account / TED shapes and details are not shown (§4.9): open objects. */

/** §4.2 QR initiate request. */
export const QrCodeInitiateRequest = z.strictObject({
  /** The EMV payload read from the QR code; the decoded QR must be ACTIVE. */
  qr_code_payload: NonEmptyString,
});
export type QrCodeInitiateRequest = z.input<typeof QrCodeInitiateRequest>;

/**
 * §2.6 QR initiate data. The resolved payee (its field name and sub-fields are
 * not shown) and the always-zero `qr_code_status` pass through untyped.
 * `amount` and `memo` are optional: a QR without an embedded amount has none.
 */
export const QrCodeInitiateResult = z.looseObject({
  /** Confirmation reference for `transfers.qrCodeConfirm`; lives 5 minutes (§3.2). */
  ref_id: NonEmptyString,
  pix_key: z.string(),
  pix_key_type: z.number(),
  qr_code_id: z.string(),
  /** Passed through from the decoder; its unit is not established (§2.6). */
  expires: z.int(),
  amount: z.optional(z.string()),
  settlement_id: z.string(),
  qr_code_type: z.number(),
  currency: z.string(),
  memo: z.optional(z.string()),
});
export type QrCodeInitiateResult = z.output<typeof QrCodeInitiateResult>;

/** §4.2 QR confirm request. */
export const QrCodeConfirmRequest = z.strictObject({
  ref_id: NonEmptyString,
  /** YYMMDD UTC prefix, current ±1 h (use merchantOrderId()). */
  merchant_order_id: MerchantOrderId,
  /** For a fixed-amount QR, must equal the amount returned by initiate. */
  amount: Amount,
  /** Accepted and ignored by the service; BRL is sent. */
  currency: z.optional(z.string()),
  memo: z.optional(z.string()),
});
export type QrCodeConfirmRequest = z.input<typeof QrCodeConfirmRequest>;

/** §2.7 QR confirm data. Not settlement: poll the status (§1). */
export const QrCodeConfirmResult = z.looseObject({
  merchant_order_id: z.string(),
  txn_id: NonEmptyString,
  txn_status: z.int(),
});
export type QrCodeConfirmResult = z.output<typeof QrCodeConfirmResult>;

/** §4.2 status check request. */
export const TransferStatusRequest = z.strictObject({ txn_id: NonEmptyString });
export type TransferStatusRequest = z.input<typeof TransferStatusRequest>;

/** §4.2 status check data: `txn_status` (§2.10). */
export const TransferStatusResult = z.looseObject({ txn_status: z.int() });
export type TransferStatusResult = z.output<typeof TransferStatusResult>;

export const TransferOperations = {
  /** Initiate PIX by key. Request and response fields are not shown (§4.9). */
  keyInitiate: defineOperation({
    name: 'transfers.keyInitiate',
    path: '/v3/transfers/pix/key-initiate',
    group: 'account',
    read: false,
    request: OpenObject,
    response: OpenResponse,
  }),
  /** Confirm PIX by key. Never retried. Request and response fields are not shown (§4.9). */
  keyConfirm: defineOperation({
    name: 'transfers.keyConfirm',
    path: '/v3/transfers/pix/key-confirm',
    group: 'account',
    read: false,
    request: OpenObject,
    response: OpenResponse,
  }),
  /** Decode a PIX QR code and get a 5-minute confirmation reference (§2.6, §3.2). */
  qrCodeInitiate: defineOperation({
    name: 'transfers.qrCodeInitiate',
    path: '/v3/transfers/pix/qr-code-initiate',
    group: 'account',
    read: false,
    request: QrCodeInitiateRequest,
    response: QrCodeInitiateResult,
  }),
  /** Pay the QR code (§2.7). Never retried: after a timeout, read the status (docs/server.md). */
  qrCodeConfirm: defineOperation({
    name: 'transfers.qrCodeConfirm',
    path: '/v3/transfers/pix/qr-code-confirm',
    group: 'account',
    read: false,
    request: QrCodeConfirmRequest,
    response: QrCodeConfirmResult,
    orderIdField: 'merchant_order_id',
  }),
  /** Send PIX to a bank account. Never retried. Fields not shown (§4.9). */
  pixBankAccount: defineOperation({
    name: 'transfers.pixBankAccount',
    path: '/v3/transfers/pix/bank-account',
    group: 'account',
    read: false,
    request: OpenObject,
    response: OpenResponse,
  }),
  /** Send TED to a bank account. Never retried. Fields not shown (§4.9). */
  tedBankAccount: defineOperation({
    name: 'transfers.tedBankAccount',
    path: '/v3/transfers/ted/bank-account',
    group: 'account',
    read: false,
    request: OpenObject,
    response: OpenResponse,
  }),
  /** Transfer details. Fields not shown (§4.9). A read: retried on transport failure. */
  details: defineOperation({
    name: 'transfers.details',
    path: '/v3/transfers/details',
    group: 'account',
    read: true,
    request: OpenObject,
    response: OpenResponse,
  }),
  /** `txn_status` of an outbound transfer of the selected account (§4.2). A read: retried. */
  statusCheck: defineOperation({
    name: 'transfers.statusCheck',
    path: '/v3/transfers/status/check',
    group: 'account',
    read: true,
    request: TransferStatusRequest,
    response: TransferStatusResult,
  }),
} as const;
