import * as z from 'zod/mini';
import { AccountStatus, ComplianceMode, ManagedAccountModel } from '../../../server/enums.js';
import {
  ManagedAccountListRequest,
  ManagedAccountRecord,
  type ManagedAccountOperations,
} from '../../../server/schemas/managed-accounts.js';
import { V3_ACCOUNTS } from '../fixtures.js';
import { fail, isResult, newId, readAs, storeFull, type HandlerGroup, type V3Result } from '../route.js';
import { newManagedCredential, type ManagedRecord, type MasterRecord, type V3State } from '../state.js';

/** §4.8, §8: list pages default to 20 and are capped at 100. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/**
 * The list request as the service reads it: the client's schema, except that
 * a page size above 100 is capped rather than refused ("capped at 100", §4.8).
 * (The client refuses it before sending, which is stricter and harmless.)
 */
const ListRequest = z.extend(ManagedAccountListRequest, {
  page: z.optional(
    z.strictObject({
      page: z.optional(z.number().check(z.int(), z.gte(1))),
      page_size: z.optional(
        z.pipe(
          z.number().check(z.int(), z.gte(1)),
          z.transform((n: number) => Math.min(n, MAX_PAGE_SIZE)),
        ),
      ),
    }),
  ),
});

/**
 * §4.8 managed accounts. Every route is user-only: the gate has already
 * refused target headers and non-USER credentials (§5.3). Visibility is only
 * through the caller's active Master Account (§2.11).
 */
export const managedAccountHandlers = {
  // Create: fields not shown (§4.9); sandbox choice, see docs/sandbox.md.
  create: ({ state, body, credential, now }) => {
    const master = activeMaster(state, credential.userId);
    if (isResult(master)) return master;
    const model = body.model;
    if (model !== ManagedAccountModel.MOR && model !== ManagedAccountModel.VA && model !== ManagedAccountModel.PA) {
      return fail('field_invalid', 'model must be 1 MOR, 2 VA or 3 PA.');
    }
    if (body.trading_name !== undefined && model !== ManagedAccountModel.MOR)
      return fail('field_invalid', 'trading_name is for MOR accounts only.');
    // §2.11: PA requires an eligible linked account (here: one of the owner's accounts).
    if (model === ManagedAccountModel.PA && !V3_ACCOUNTS.some((a) => a.id === body.linked_account_id)) {
      return fail('field_invalid', 'A PA account needs linked_account_id naming an eligible account.');
    }
    const compliance = body.compliance_mode;
    if (compliance !== undefined && (model === ManagedAccountModel.MOR || ![1, 2, 3].includes(compliance as number))) {
      return fail('field_invalid', 'compliance_mode is 1, 2 or 3, and MOR has none (it reuses the Master compliance).');
    }
    const record: ManagedRecord = {
      ...body,
      reference_id: newId('ma'),
      model,
      // §2.11: MOR reuses the approved Master compliance; VA and PA start their own session.
      status: model === ManagedAccountModel.MOR ? AccountStatus.ACTIVE : AccountStatus.PENDING_SUBMISSION,
      compliance_mode: model === ManagedAccountModel.MOR ? null : ((compliance as number | undefined) ?? ComplianceMode.HOSTED_LINK),
      master_account_id: master.id,
      created_at: now,
      updated_at: now,
    };
    // What list, detail and update will answer about it later must fit their schema now.
    if (!ManagedAccountRecord.safeParse(record).success) {
      return fail('field_invalid', 'trading_name, notification_email and return_url must be strings.');
    }
    if (!state.managed.hasRoomFor(record.reference_id)) return storeFull('managed accounts', state.managed.cap);
    return {
      data: { ...record },
      commit: () => {
        state.managed.set(record.reference_id, record);
        // §2.11: PA has no independent API credential.
        if (model !== ManagedAccountModel.PA) state.managedCredentials.set(record.reference_id, newManagedCredential(now));
      },
    };
  },

  detail: ({ state, body, credential }) => {
    const found = lookup(state, credential.userId, body);
    if (isResult(found)) return found;
    return { data: { ...found } };
  },

  list: readAs(ListRequest, ({ state, body, credential }) => {
    const master = activeMaster(state, credential.userId);
    if (isResult(master)) return master;
    const page = body.page?.page ?? 1;
    const pageSize = body.page?.page_size ?? DEFAULT_PAGE_SIZE;
    const matching = visible(state, master).filter(
      (r) =>
        (body.model === undefined || r.model === body.model) &&
        (body.status === undefined || r.status === body.status) &&
        (body.tax_id === undefined || r.tax_id === body.tax_id),
    );
    return {
      data: {
        managed_accounts: matching.slice((page - 1) * pageSize, page * pageSize).map((r) => ({ ...r })),
        page: { page, page_size: pageSize, total: matching.length, total_pages: Math.ceil(matching.length / pageSize) },
      },
    };
  }),

  update: ({ state, body, credential, now }) => {
    const found = lookup(state, credential.userId, body);
    if (isResult(found)) return found;
    // §4.8: trading_name only for MOR…
    if (body.trading_name !== undefined && found.model !== ManagedAccountModel.MOR) {
      return fail('field_invalid', 'trading_name can only be changed on a MOR account.');
    }
    // …return_url only for a VA on Hosted Link whose compliance session is PENDING_SUBMISSION.
    if (
      body.return_url !== undefined &&
      !(
        found.model === ManagedAccountModel.VA &&
        found.compliance_mode === ComplianceMode.HOSTED_LINK &&
        found.status === AccountStatus.PENDING_SUBMISSION
      )
    ) {
      return fail(
        'field_invalid',
        'return_url can only be changed on a VA using Hosted Link whose compliance session is PENDING_SUBMISSION.',
      );
    }
    // No email format check, no non-empty patch rule, no version precondition (§4.8).
    const { reference_id: _ref, account: _account, ...patch } = body;
    return {
      data: { managed_account: { ...found, ...patch, updated_at: now } },
      commit: () => Object.assign(found, patch, { updated_at: now }),
    };
  },

  // Credential get: response not shown (§4.9). Only an active MOR or VA has one (§4.8, §2.11).
  credentialsGet: ({ state, body, credential }) => {
    const found = lookup(state, credential.userId, body);
    if (isResult(found)) return found;
    const eligible =
      (found.model === ManagedAccountModel.MOR || found.model === ManagedAccountModel.VA) && found.status === AccountStatus.ACTIVE;
    const issued = state.managedCredentials.get(found.reference_id);
    if (!eligible || !issued) return fail('field_invalid', 'Only an active MOR or VA account has an API credential.');
    // §2.11: a newly provisioned secret is returned in full once, masked afterwards.
    const full = !issued.shown;
    return {
      commit: () => {
        issued.shown = true;
      },
      data: {
        reference_id: found.reference_id,
        client_id: issued.clientId,
        client_secret: full ? issued.secret : maskSecret(issued.secret),
        secret_masked: !full,
        created_at: issued.createdAt,
      },
    };
  },

  // §4.8: rotation is not available; every valid call answers 503 with null data. The §5.3
  // visibility rule comes first, as on every managed-account route: only the caller's own accounts.
  rotateCredentials: ({ state, body, credential }) => {
    const found = lookup(state, credential.userId, body);
    if (isResult(found)) return found;
    return { code: 503, message: 'Credential rotation is not available.', data: null };
  },
} satisfies HandlerGroup<typeof ManagedAccountOperations>;

/** Shows the first part and the last four characters. */
export function maskSecret(secret: string): string {
  return `${secret.slice(0, secret.lastIndexOf('_') + 1)}${'*'.repeat(8)}${secret.slice(-4)}`;
}

/** §4.8: the caller's active Master Account, or `invalid_user`. */
function activeMaster(state: V3State, userId: string | undefined): MasterRecord | V3Result {
  const master = [...state.masters.values()].find((m) => m.owner_user_id === userId && m.status === 'ACTIVE');
  return master ?? fail('invalid_user', 'No active Master Account for this user.');
}

/** §4.8: valid MOR, VA and PA relationships under that Master. */
function visible(state: V3State, master: MasterRecord): ManagedRecord[] {
  return [...state.managed.values()].filter((r) => r.master_account_id === master.id && [1, 2, 3].includes(r.model));
}

/**
 * The `account` selector's structure is not shown (§2.12). Sandbox choice: an
 * `account` object selects by its `reference_id`; one without it is an invalid
 * selector (`invalid_parameter`).
 */
function selectorOf(body: Record<string, unknown>): string | V3Result {
  const account = body.account as Record<string, unknown> | undefined;
  const ref = body.reference_id ?? account?.reference_id;
  return typeof ref === 'string' && ref !== ''
    ? ref
    : fail('invalid_parameter', 'Select the account with reference_id, or account.reference_id.');
}

/** Finds a managed account the caller may act on (§7.2: invalid_user, invalid_parameter, not_found, permission_denied). */
function lookup(state: V3State, userId: string | undefined, body: Record<string, unknown>): ManagedRecord | V3Result {
  const master = activeMaster(state, userId);
  if (isResult(master)) return master;
  const ref = selectorOf(body);
  if (isResult(ref)) return ref;
  const record = state.managed.get(ref);
  if (!record) return fail('not_found', 'No managed account with that reference.');
  if (!visible(state, master).includes(record))
    return fail('permission_denied', 'This managed account is not under your active Master Account.');
  return record;
}
