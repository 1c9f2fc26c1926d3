import * as z from 'zod/mini';
import { defineOperation } from '../policy.js';
import { Amount, NonEmptyString, OpenResponse } from './common.js';

/**
 * §4.5 QR codes. The spec shows no request or response field (§4.9); lookup
 * is by QR code ID. The request fields below are the ones our documentation
 * fixes (docs/sandbox.md, "QR codes"): they are typed and checked, and any
 * other field passes through untouched (`looseObject`), since the service may
 * take more than we know. Responses stay open: we never invent their fields.
 */

/** Free text for the payer, carried in the BR Code (field 26, sub-field 02). */
const Description = z.string({ error: 'must be a string' }).check(z.maxLength(50, 'must be at most 50 characters'));

/** Fields both generate requests share. */
const generateFields = {
  /** The payee's PIX key; the account's first active key when absent. */
  pix_key: z.optional(NonEmptyString),
  /** Decimal string (§8), e.g. "25.00"; absent: the payer chooses the amount. Never a number. */
  amount: z.optional(Amount),
  /**
   * At most 50 characters. It shares a BR Code field with the key or the
   * location, so a long one may still not fit beside them: only the service
   * can tell, from the whole code (the sandbox answers 4002).
   */
  description: z.optional(Description),
};

/** Generate a static (reusable) code. Open: unknown fields pass through. */
export const QrCodeStaticRequest = z.looseObject(generateFields);
export type QrCodeStaticRequest = z.input<typeof QrCodeStaticRequest>;

/** Generate a dynamic (one payment) code. Open: unknown fields pass through. */
export const QrCodeDynamicRequest = z.looseObject({
  ...generateFields,
  /** Lifetime in whole seconds from generation; the service's default and upper limit are its own (sandbox: 3600, 7 days). */
  expires_in: z.optional(
    z
      .number({ error: 'must be a whole number of seconds' })
      .check(z.int('must be a whole number of seconds'), z.positive('must be at least 1 second')),
  ),
});
export type QrCodeDynamicRequest = z.input<typeof QrCodeDynamicRequest>;

/** Look a code up by its ID (§4.5). Open: unknown fields pass through. */
export const QrCodeDetailsRequest = z.looseObject({ qr_code_id: NonEmptyString });
export type QrCodeDetailsRequest = z.input<typeof QrCodeDetailsRequest>;

export const QrCodeOperations = {
  /** Generate a dynamic PIX QR code (one payment, expires). Never retried. */
  generateDynamic: defineOperation({
    name: 'qrCodes.generateDynamic',
    path: '/v3/qr_code/generate/dynamic',
    group: 'account',
    read: false,
    request: QrCodeDynamicRequest,
    response: OpenResponse,
  }),
  /** Generate a static PIX QR code (reusable). Never retried. */
  generateStatic: defineOperation({
    name: 'qrCodes.generateStatic',
    path: '/v3/qr_code/generate/static',
    group: 'account',
    read: false,
    request: QrCodeStaticRequest,
    response: OpenResponse,
  }),
  /** Look a QR code up by its ID. A read: retried on transport failure. */
  details: defineOperation({
    name: 'qrCodes.details',
    path: '/v3/qr_code/details',
    group: 'account',
    read: true,
    request: QrCodeDetailsRequest,
    response: OpenResponse,
  }),
} as const;
