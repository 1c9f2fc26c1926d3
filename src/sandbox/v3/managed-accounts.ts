import type { Hono } from 'hono';
import { ManagedAccountOperations as Ops } from '../../server/schemas/managed-accounts.js';
import type { SandboxContext } from '../context.js';
import { echo, notFound, registerOperation } from './route.js';
import { v3State, type ManagedRecord } from './state.js';

/** §4.8 managed accounts, visible to their owner only. */
export function registerManagedAccountRoutes(app: Hono, ctx: SandboxContext): void {
  const state = v3State(ctx);
  const owned = (userId: string | undefined) => [...state.managed.values()].filter((m) => m.ownerUserId === userId);
  /**
   * The `account` selector's structure is not shown (§2.12). Sandbox choice:
   * an `account` object is matched by its `reference_id`, if it has one.
   */
  const select = (userId: string | undefined, body: { reference_id?: string | undefined; account?: Record<string, unknown> | undefined }): ManagedRecord | undefined => {
    const ref = body.reference_id ?? (typeof body.account?.reference_id === 'string' ? body.account.reference_id : undefined);
    const found = ref === undefined ? undefined : state.managed.get(ref);
    return found?.ownerUserId === userId ? found : undefined;
  };

  registerOperation(app, ctx, Ops.create, ({ body, now }) => ({ data: echo('ma', body, now) }));
  registerOperation(app, ctx, Ops.detail, ({ body, now }) => ({ data: echo('ma', body, now) }));

  registerOperation(app, ctx, Ops.list, ({ body, credential }) => {
    const page = body.page?.page ?? 1;
    const pageSize = body.page?.page_size ?? 20; // §4.8: default 20
    const all = owned(credential.userId)
      .map((m) => m.record)
      .filter((r) => (body.model === undefined || r.model === body.model) && (body.status === undefined || r.status === body.status));
    // Records carry no tax ID in the fields seen, so a tax_id filter matches nothing here.
    const matching = body.tax_id === undefined ? all : [];
    return {
      data: {
        managed_accounts: matching.slice((page - 1) * pageSize, page * pageSize),
        page: { page, page_size: pageSize, total: matching.length, total_pages: Math.ceil(matching.length / pageSize) },
      },
    };
  });

  registerOperation(app, ctx, Ops.update, ({ body, credential }) => {
    const found = select(credential.userId, body);
    if (!found) return notFound('managed account');
    const { reference_id: _ref, account: _account, ...patch } = body;
    Object.assign(found.record, patch);
    return { data: { managed_account: { ...found.record } } };
  });

  registerOperation(app, ctx, Ops.credentialsGet, ({ body, now }) => ({ data: echo('cred', body, now) }));

  // §4.8: rotation is not available; every valid call answers 503 with null data.
  registerOperation(app, ctx, Ops.rotateCredentials, () => ({ code: 503, message: 'Credential rotation is not available.', data: null }));
}
