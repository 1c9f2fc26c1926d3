import * as z from 'zod/mini';
import { PixKeyType } from '../enums.js';
import { defineOperation } from '../policy.js';
import { intEnum } from './common.js';

/** A CNPJ, alphanumeric or numeric, with or without its usual punctuation (12 characters, then 2 check digits). */
const CNPJ_FORM = /^[0-9A-Za-z]{2}\.?[0-9A-Za-z]{3}\.?[0-9A-Za-z]{3}\/?[0-9A-Za-z]{4}-?[0-9]{2}$/;

/**
 * §4.4: CNPJ values are trimmed and a recognized alphanumeric form is
 * uppercased. Nothing else is changed: the key directory stays authoritative,
 * so check digits are not verified here.
 */
export function normalizeCnpj(value: string): string {
  const trimmed = value.trim();
  return CNPJ_FORM.test(trimmed) ? trimmed.toUpperCase() : trimmed;
}

/** §4.4 create PIX key request. The value is required except for EVP (random key). */
export const PixKeyCreateRequest = z.pipe(
  z
    .strictObject({
      pix_key_type: intEnum(1, 5, '1 CPF, 2 CNPJ, 3 EMAIL, 4 PHONE, 5 EVP'),
      pix_key_value: z.optional(z.string()),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.pix_key_type !== PixKeyType.EVP && (v.pix_key_value === undefined || v.pix_key_value.trim() === '')) {
          ctx.addIssue({ code: 'custom', path: ['pix_key_value'], message: 'is required unless pix_key_type is 5 (EVP)' });
        }
      }),
    ),
  z.transform((v: { pix_key_type: number; pix_key_value?: string | undefined }) =>
    v.pix_key_type === PixKeyType.CNPJ && v.pix_key_value !== undefined ? { ...v, pix_key_value: normalizeCnpj(v.pix_key_value) } : v,
  ),
);
export type PixKeyCreateRequest = z.input<typeof PixKeyCreateRequest>;

/** §2.9 create PIX key data. `status` values are not shown (§2.12). */
export const PixKeyCreateResult = z.looseObject({
  pix_key: z.string(),
  pix_key_type: z.int(),
  status: z.number(),
  /** Unix milliseconds. */
  created_at: z.number(),
});
export type PixKeyCreateResult = z.output<typeof PixKeyCreateResult>;

export const PixKeyOperations = {
  /** Create a PIX key for the selected account (§2.9). Never retried: no idempotency key. */
  create: defineOperation({
    name: 'pixKeys.create',
    path: '/v3/pix_keys/create',
    group: 'account',
    read: false,
    request: PixKeyCreateRequest,
    response: PixKeyCreateResult,
  }),
} as const;
