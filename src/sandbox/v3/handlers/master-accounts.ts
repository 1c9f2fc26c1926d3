import type { MasterAccountOperations } from '../../../server/schemas/master-accounts.js';
import { echo, fail, storeFull, type HandlerGroup } from '../route.js';
import type { MasterRecord, V3State } from '../state.js';

/** Fields the sandbox sets itself; a request cannot overwrite them. */
const RESERVED = ['id', 'created_at', 'updated_at'] as const;

/**
 * §4.7 master accounts. Request, response and record are not shown (§2.12,
 * §4.9). Sandbox choice (docs/sandbox.md): store what was sent and return it
 * with `id`, `created_at` and `updated_at`; `owner_user_id` names the owning
 * user and `status: "ACTIVE"` makes it the user's active Master (§4.8).
 * The credential policy (§5.3) is the gate's: create, list and update
 * need PLATFORM; detail takes PLATFORM or the owning USER.
 */
export const masterAccountHandlers = {
  create: ({ state, body, now }) => {
    const record: MasterRecord = echo('mst', withoutReserved(body), now);
    if (!state.masters.hasRoomFor(record.id)) return storeFull('master accounts', state.masters.cap);
    return { data: { ...record }, commit: () => state.masters.set(record.id, record) };
  },

  detail: ({ state, body, credential }) => {
    if (body.id === undefined) return fail(4000, 'id is required.');
    const record = find(state, body);
    if (!record) return fail('not_found', 'No master account with that id.');
    // §5.3: a USER credential only when ownership resolves; otherwise refused like any policy failure.
    if (credential.kind === 'USER' && record.owner_user_id !== credential.userId) {
      return fail(403, 'This user does not own that master account (§5.3).', { data: { reason: 'not_owner' }, httpStatus: 403 });
    }
    return { data: { ...record } };
  },

  // Sandbox choice: every master account, optionally filtered by `status`, `tax_id` or `owner_user_id`.
  list: ({ state, body }) => {
    const filters = (['status', 'tax_id', 'owner_user_id'] as const).filter((field) => body[field] !== undefined);
    const items = [...state.masters.values()]
      .filter((master) => filters.every((field) => master[field] === body[field]))
      .map((master) => ({ ...master }));
    return { data: { ...body, items, total: items.length } };
  },

  update: ({ state, body, now }) => {
    if (body.id === undefined) return fail(4000, 'id is required.');
    const record = find(state, body);
    if (!record) return fail('not_found', 'No master account with that id.');
    const patch = withoutReserved(body);
    return { data: { ...record, ...patch, updated_at: now }, commit: () => Object.assign(record, patch, { updated_at: now }) };
  },
} satisfies HandlerGroup<typeof MasterAccountOperations>;

function find(state: V3State, body: Record<string, unknown>): MasterRecord | undefined {
  return typeof body.id === 'string' ? state.masters.get(body.id) : undefined;
}

function withoutReserved(body: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...body };
  for (const key of RESERVED) delete copy[key];
  return copy;
}
