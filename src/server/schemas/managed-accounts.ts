import * as z from 'zod/mini';
import { defineOperation } from '../policy.js';
import { exactlyOneSelector, intEnum, OpenObject, OpenResponse, SELECTOR_MESSAGE, selectorFields } from './common.js';

/**
 * §4.8 managed accounts. List, update and rotate are shown; create, detail and
 * credential get are not (§4.9), nor the complete record (§2.12).
 */

/**
 * §2.11 fields seen on a managed account record. All optional and the object
 * is open: the complete record is not shown. `trading_name` is MOR only.
 */
export const ManagedAccountRecord = z.looseObject({
  reference_id: z.optional(z.string()),
  model: z.optional(z.int()),
  status: z.optional(z.int()),
  trading_name: z.optional(z.nullable(z.string())),
  notification_email: z.optional(z.nullable(z.string())),
  return_url: z.optional(z.nullable(z.string())),
});
export type ManagedAccountRecord = z.output<typeof ManagedAccountRecord>;

/** §4.8 list request; every field optional. */
export const ManagedAccountListRequest = z.strictObject({
  model: z.optional(intEnum(1, 3, '1 MOR, 2 VA, 3 PA')),
  status: z.optional(intEnum(1, 7, 'account status')),
  tax_id: z.optional(z.string()),
  page: z.optional(
    z.strictObject({
      /** Starts at 1. */
      page: z.optional(z.number().check(z.int('must be an integer'), z.gte(1, 'starts at 1'))),
      /** Default 20, at most 100. */
      page_size: z.optional(
        z.number().check(z.int('must be an integer'), z.gte(1, 'must be at least 1'), z.lte(100, 'must be at most 100 (§8)')),
      ),
    }),
  ),
});
export type ManagedAccountListRequest = z.input<typeof ManagedAccountListRequest>;

export const PageInfo = z.looseObject({
  page: z.int(),
  page_size: z.int(),
  total: z.int(),
  total_pages: z.int(),
});
export type PageInfo = z.output<typeof PageInfo>;

/** §4.8 list data. */
export const ManagedAccountListResult = z.looseObject({
  managed_accounts: z.array(ManagedAccountRecord),
  page: PageInfo,
});
export type ManagedAccountListResult = z.output<typeof ManagedAccountListResult>;

/**
 * §4.8 update request: exactly one selector plus optional patch fields. The
 * service does not validate email format or require a non-empty patch, and
 * neither do we.
 */
export const ManagedAccountUpdateRequest = z
  .strictObject({
    ...selectorFields,
    /** MOR only. */
    trading_name: z.optional(z.string()),
    notification_email: z.optional(z.string()),
    /** Only for a VA on Hosted Link whose compliance session is PENDING_SUBMISSION. */
    return_url: z.optional(z.string()),
  })
  .check(z.refine(exactlyOneSelector, { message: SELECTOR_MESSAGE }));
export type ManagedAccountUpdateRequest = z.input<typeof ManagedAccountUpdateRequest>;

/** §4.8 update data. */
export const ManagedAccountUpdateResult = z.looseObject({ managed_account: ManagedAccountRecord });
export type ManagedAccountUpdateResult = z.output<typeof ManagedAccountUpdateResult>;

/** §4.8 rotate request: exactly one selector. */
export const ManagedAccountRotateRequest = z
  .strictObject(selectorFields)
  .check(z.refine(exactlyOneSelector, { message: SELECTOR_MESSAGE }));
export type ManagedAccountRotateRequest = z.input<typeof ManagedAccountRotateRequest>;

export const ManagedAccountOperations = {
  /** Fields not shown (§4.9). Never retried. A new secret is returned in full only once (§2.11). */
  create: defineOperation({
    name: 'managedAccounts.create',
    path: '/v3/onboarding/managed_accounts/create',
    group: 'managed',
    read: false,
    request: OpenObject,
    response: OpenResponse,
  }),
  /** Fields not shown (§4.9). A read: retried on transport failure. */
  detail: defineOperation({
    name: 'managedAccounts.detail',
    path: '/v3/onboarding/managed_accounts/detail',
    group: 'managed',
    read: true,
    request: OpenObject,
    response: OpenResponse,
  }),
  /** Filter by model, status, tax ID; `page.page_size` at most 100. A read. */
  list: defineOperation({
    name: 'managedAccounts.list',
    path: '/v3/onboarding/managed_accounts/list',
    group: 'managed',
    read: true,
    optionalParams: true,
    request: ManagedAccountListRequest,
    response: ManagedAccountListResult,
  }),
  /** Patch by exactly one selector (`reference_id` or `account`). Never retried. */
  update: defineOperation({
    name: 'managedAccounts.update',
    path: '/v3/onboarding/managed_accounts/update',
    group: 'managed',
    read: false,
    request: ManagedAccountUpdateRequest,
    response: ManagedAccountUpdateResult,
  }),
  /** Only for an eligible active MOR or VA. Fields not shown (§4.9). A read. */
  credentialsGet: defineOperation({
    name: 'managedAccounts.credentialsGet',
    path: '/v3/onboarding/managed_accounts/credentials/get',
    group: 'managed',
    read: true,
    request: OpenObject,
    response: OpenResponse,
  }),
  /**
   * Rotation is not available yet (§4.8, §9): every valid call rejects with a
   * BusinessError of code 503. Kept so code written today works when it is.
   */
  rotateCredentials: defineOperation({
    name: 'managedAccounts.rotateCredentials',
    path: '/v3/onboarding/managed_accounts/credentials/rotate',
    group: 'managed',
    read: false,
    request: ManagedAccountRotateRequest,
    response: OpenResponse,
  }),
} as const;
