import type { Hono } from 'hono';
import type * as z from 'zod/mini';
import type { Operation } from '../../server/policy.js';
import { Operations } from '../../server/schemas/operations.js';
import type { SandboxContext } from '../context.js';
import { registerOperation, type HandlerTable, type ReadAs, type V3Handler } from './route.js';
import { v3State } from './state.js';
import { transferHandlers } from './handlers/transfers.js';
import { refundHandlers } from './handlers/refunds.js';
import { pixKeyHandlers } from './handlers/pix-keys.js';
import { qrCodeHandlers } from './handlers/qr-codes.js';
import { medHandlers } from './handlers/med.js';
import { infractionHandlers } from './handlers/infractions.js';
import { masterAccountHandlers } from './handlers/master-accounts.js';
import { managedAccountHandlers } from './handlers/managed-accounts.js';

/**
 * The sandbox's answer to every operation of the client's table, group by
 * group. `satisfies` makes it the table's twin: an operation added to
 * `Operations` without a handler here does not compile.
 */
export const V3_HANDLERS = {
  transfers: transferHandlers,
  refunds: refundHandlers,
  pixKeys: pixKeyHandlers,
  qrCodes: qrCodeHandlers,
  med: medHandlers,
  infractions: infractionHandlers,
  masterAccounts: masterAccountHandlers,
  managedAccounts: managedAccountHandlers,
} satisfies HandlerTable<typeof Operations>;

/**
 * Registers the signed /v3 routes (§4.2–§4.8, 31 operations): one per entry
 * of the operation table, each verified and validated by `route.ts` before
 * its handler runs. The v3 state is built from the fixtures first, so fixture
 * times count from the moment the sandbox starts.
 */
export function registerV3Routes(app: Hono, ctx: SandboxContext): void {
  v3State(ctx);
  // Object.entries forgets which handler belongs to which operation; the
  // `satisfies` above is what checks that pairing, so it is only widened here.
  const handlers = V3_HANDLERS as unknown as Record<string, Record<string, V3Handler<z.ZodMiniType> | ReadAs>>;
  for (const [group, operations] of Object.entries(Operations)) {
    for (const [name, op] of Object.entries(operations) as [string, Operation][]) {
      const entry = handlers[group]![name]!;
      if (typeof entry === 'function') registerOperation(app, ctx, op, entry);
      else registerOperation(app, ctx, { ...op, request: entry.request }, (req) => entry.handle(req));
    }
  }
}
