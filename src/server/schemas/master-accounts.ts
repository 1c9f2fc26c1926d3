import { defineOperation } from '../policy.js';
import { OpenObject, OpenResponse } from './common.js';

/** §4.7 master accounts: every request and response field is not shown (§2.12, §4.9). */
export const MasterAccountOperations = {
  /** Never retried. */
  create: defineOperation({
    name: 'masterAccounts.create',
    path: '/v3/onboarding/master_accounts/create',
    group: 'master-platform',
    read: false,
    request: OpenObject,
    response: OpenResponse,
  }),
  /** A read: retried on transport failure. */
  detail: defineOperation({
    name: 'masterAccounts.detail',
    path: '/v3/onboarding/master_accounts/detail',
    group: 'master-detail',
    read: true,
    request: OpenObject,
    response: OpenResponse,
  }),
  /** A read: retried on transport failure. */
  list: defineOperation({
    name: 'masterAccounts.list',
    path: '/v3/onboarding/master_accounts/list',
    group: 'master-platform',
    read: true,
    optionalParams: true,
    request: OpenObject,
    response: OpenResponse,
  }),
  /** Never retried. */
  update: defineOperation({
    name: 'masterAccounts.update',
    path: '/v3/onboarding/master_accounts/update',
    group: 'master-platform',
    read: false,
    request: OpenObject,
    response: OpenResponse,
  }),
} as const;
