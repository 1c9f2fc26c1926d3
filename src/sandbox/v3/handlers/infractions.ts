import type { InfractionOperations } from '../../../server/schemas/med.js';
import { fail, type HandlerGroup } from '../route.js';

/**
 * §4.6 infractions. Every field is not shown (§4.9). Sandbox choice: each MED
 * case opens one infraction (what the case was created with, plus `id`,
 * `med_id`, `status`, timestamps); list and detail show the selected account's.
 */
export const infractionHandlers = {
  list: ({ state, body, account }) => {
    const items = [...state.infractions.values()]
      .filter((i) => i.accountId === account!.id && (body.med_id === undefined || i.record.med_id === body.med_id))
      .map((i) => ({ ...i.record }));
    return { data: { ...body, items, total: items.length } };
  },

  detail: ({ state, body, account }) => {
    if (body.id === undefined) return fail(4000, 'id is required.');
    const found = typeof body.id === 'string' ? state.infractions.get(body.id) : undefined;
    if (!found || found.accountId !== account!.id) return fail('not_found', 'No infraction with that id for this account.');
    return { data: { ...found.record } };
  },
} satisfies HandlerGroup<typeof InfractionOperations>;
