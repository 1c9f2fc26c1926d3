import type { MedOperations } from '../../../server/schemas/med.js';
import { fail, newId, type HandlerGroup } from '../route.js';
import type { V3State } from '../state.js';

/** Fields the sandbox sets itself on a MED case; a request cannot set them. */
const RESERVED = ['id', 'status', 'outcome', 'timeline', 'infractions', 'refunds', 'created_at', 'updated_at'] as const;

/**
 * §4.6 MED cases. Every field is not shown (§4.9). Sandbox choice
 * (docs/sandbox.md): store what was sent and return it with `id`,
 * `created_at`, `updated_at`, plus `status`, `outcome`, `timeline`,
 * `infractions` and `refunds` (§1.7 names timeline events, infractions and
 * refund summaries). §1.7: a final outcome is never in the create response:
 * a new case is OPEN with `outcome: null`, and the sandbox never decides one;
 * only cancel changes a case.
 */
export const medHandlers = {
  create: ({ state, body, account, now }) => {
    const sent = { ...body };
    for (const key of RESERVED) delete sent[key];
    const id = newId('med');
    // Each case opens one related infraction (listed by §4.6's infraction routes).
    const infraction = { ...sent, id: newId('inf'), med_id: id, status: 'OPEN', created_at: now, updated_at: now };
    const record = {
      ...sent,
      id,
      status: 'OPEN',
      outcome: null,
      timeline: [{ type: 'CREATED', at: now }],
      infractions: [infraction.id],
      refunds: [],
      created_at: now,
      updated_at: now,
    };
    return {
      data: structuredClone(record),
      commit: () => {
        state.infractions.set(infraction.id, { accountId: account!.id, record: infraction });
        state.medCases.set(id, { accountId: account!.id, record });
      },
    };
  },

  list: ({ state, body, account }) => {
    const items = [...state.medCases.values()].filter((m) => m.accountId === account!.id).map((m) => structuredClone(m.record));
    return { data: { ...body, items, total: items.length } };
  },

  detail: ({ state, body, account }) => {
    if (body.id === undefined) return fail(4000, 'id is required.');
    const found = find(state, body, account!.id);
    if (!found) return fail('not_found', 'No MED case with that id for this account.');
    return { data: structuredClone(found.record) };
  },

  cancel: ({ state, body, account, now }) => {
    if (body.id === undefined) return fail(4000, 'id is required.');
    const found = find(state, body, account!.id);
    if (!found) return fail('not_found', 'No MED case with that id for this account.');
    const record = found.record as unknown as Record<string, unknown> & { timeline: unknown[]; infractions: string[] };
    if (record.status === 'CANCELLED') return { data: structuredClone(record) };
    const event = { type: 'CANCELLED', at: now };
    return {
      data: { ...structuredClone(record), status: 'CANCELLED', timeline: [...structuredClone(record.timeline), event], updated_at: now },
      commit: () => {
        record.status = 'CANCELLED';
        record.timeline.push(event);
        record.updated_at = now;
        for (const id of record.infractions) {
          const infraction = state.infractions.get(id);
          if (infraction) Object.assign(infraction.record, { status: 'CANCELLED', updated_at: now });
        }
      },
    };
  },
} satisfies HandlerGroup<typeof MedOperations>;

/** The selected account's case named by `id`, if any. */
function find(state: V3State, body: Record<string, unknown>, accountId: string) {
  const found = typeof body.id === 'string' ? state.medCases.get(body.id) : undefined;
  return found?.accountId === accountId ? found : undefined;
}
