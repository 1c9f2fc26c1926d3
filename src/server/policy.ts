import type * as z from 'zod/mini';
import type { CredentialKind } from './enums.js';

/**
 * §5.3 credential rules by route group, in the one place both the client
 * (before sending) and the sandbox (on arrival) read them.
 */
export type RouteGroup =
  /** Transfers, refunds, PIX keys, QR codes, MED, infractions: act on one account. */
  | 'account'
  /** Managed accounts: user-scoped owner credential, no target headers. */
  | 'managed'
  /** Master account create, list, update: platform credential. */
  | 'master-platform'
  /** Master account detail: platform, or the owning user. */
  | 'master-detail';

/** One v3 operation: where it goes, who may call it, and the shapes it exchanges. */
export interface Operation<Req extends z.ZodMiniType = z.ZodMiniType, Res extends z.ZodMiniType = z.ZodMiniType> {
  /** Method name as exposed by the client, e.g. `transfers.qrCodeConfirm`; used in errors. */
  readonly name: string;
  readonly path: `/v3/${string}`;
  readonly group: RouteGroup;
  /**
   * Reads may be retried on transport failure. Creates, confirms, sends,
   * updates and cancels never are: the spec has no idempotency key (§4.2).
   */
  readonly read: boolean;
  readonly request: Req;
  readonly response: Res;
  /** A request field holding a merchant order ID whose date must be current (§8). */
  readonly orderIdField?: string;
  /**
   * The client's method may be called without params (a list with no
   * filter); otherwise params are required, even where the spec shows no
   * field (§4.9).
   */
  readonly optionalParams?: boolean;
}

/**
 * Keeps the literal types of an operation definition (its schemas, and
 * whether params are optional), from which the client's method and the
 * sandbox's handler are typed.
 */
export function defineOperation<const O extends Operation>(op: O): O {
  return op;
}

/**
 * The §5.3 rule for a credential kind on a route group, or null when allowed.
 * `hasTarget` says whether X-ISPB / X-Account-Number are sent. Only what the
 * spec states for certain is checked here; account binding and ownership are
 * the server's business.
 */
export function credentialPolicyViolation(group: RouteGroup, kind: CredentialKind, hasTarget: boolean): string | null {
  switch (group) {
    case 'account':
      if (kind === 'PLATFORM')
        return 'PLATFORM credentials are not accepted on account routes (§5.3); use an ACCOUNT credential, or a USER credential with a target';
      if (kind === 'USER' && !hasTarget) {
        return 'a USER credential must select the account with both X-ISPB and X-Account-Number (§5.3); pass target: { ispb, accountNumber }';
      }
      return null;
    case 'managed':
      if (hasTarget)
        return 'managed-account routes reject X-ISPB and X-Account-Number (§4.8); call without a target (options.target: null)';
      if (kind !== 'USER') return `managed-account routes need the owner's USER credential, not ${kind} (§5.3)`;
      return null;
    case 'master-platform':
      if (kind !== 'PLATFORM') return `master account create, list and update need a PLATFORM credential, not ${kind} (§5.3)`;
      return null;
    case 'master-detail':
      if (kind === 'ACCOUNT') return 'master account detail needs a PLATFORM credential or the owning USER credential, not ACCOUNT (§5.3)';
      return null;
  }
}
