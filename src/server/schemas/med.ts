import { defineOperation } from '../policy.js';
import { OpenObject, OpenResponse } from './common.js';

/**
 * §4.6 MED cases and infractions: every request and response field is not
 * shown (§4.9). A final case outcome must not be read from the create
 * response (§1.7): read the case detail.
 */
export const MedOperations = {
  /** Open a case. Never retried. */
  create: defineOperation({
    name: 'med.create',
    path: '/v3/med/create',
    group: 'account',
    read: false,
    request: OpenObject,
    response: OpenResponse,
  }),
  /** List cases. A read: retried on transport failure. */
  list: defineOperation({
    name: 'med.list',
    path: '/v3/med/list',
    group: 'account',
    read: true,
    optionalParams: true,
    request: OpenObject,
    response: OpenResponse,
  }),
  /** One case, with timeline events, infractions and refund summaries when present. A read. */
  detail: defineOperation({
    name: 'med.detail',
    path: '/v3/med/detail',
    group: 'account',
    read: true,
    request: OpenObject,
    response: OpenResponse,
  }),
  /** Cancel a case. Never retried. */
  cancel: defineOperation({
    name: 'med.cancel',
    path: '/v3/med/cancel',
    group: 'account',
    read: false,
    request: OpenObject,
    response: OpenResponse,
  }),
} as const;

export const InfractionOperations = {
  /** List infractions. A read: retried on transport failure. */
  list: defineOperation({
    name: 'infractions.list',
    path: '/v3/infractions/list',
    group: 'account',
    read: true,
    optionalParams: true,
    request: OpenObject,
    response: OpenResponse,
  }),
  /** One infraction. A read. */
  detail: defineOperation({
    name: 'infractions.detail',
    path: '/v3/infractions/detail',
    group: 'account',
    read: true,
    request: OpenObject,
    response: OpenResponse,
  }),
} as const;
