import type { Hono } from 'hono';
import { MasterAccountOperations as Ops } from '../../server/schemas/master-accounts.js';
import type { SandboxContext } from '../context.js';
import { echo, echoList, registerOperation } from './route.js';

/**
 * §4.7 master accounts. Every field is not shown: the sandbox echoes. The
 * credential policy (PLATFORM; detail also the owning USER) is applied before
 * the handler; ownership resolution comes with the next issue.
 */
export function registerMasterAccountRoutes(app: Hono, ctx: SandboxContext): void {
  registerOperation(app, ctx, Ops.create, ({ body, now }) => ({ data: echo('mst', body, now) }));
  registerOperation(app, ctx, Ops.detail, ({ body, now }) => ({ data: echo('mst', body, now) }));
  registerOperation(app, ctx, Ops.list, ({ body }) => ({ data: echoList(body) }));
  registerOperation(app, ctx, Ops.update, ({ body, now }) => ({ data: echo('mst', body, now) }));
}
