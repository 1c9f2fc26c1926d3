import type { Hono } from 'hono';
import { MedOperations as Ops } from '../../server/schemas/med.js';
import type { SandboxContext } from '../context.js';
import { echo, echoList, registerOperation } from './route.js';

/** §4.6 MED cases. Every field is not shown: the sandbox echoes. Case states come with the next issue. */
export function registerMedRoutes(app: Hono, ctx: SandboxContext): void {
  registerOperation(app, ctx, Ops.create, ({ body, now }) => ({ data: echo('med', body, now) }));
  registerOperation(app, ctx, Ops.list, ({ body }) => ({ data: echoList(body) }));
  registerOperation(app, ctx, Ops.detail, ({ body, now }) => ({ data: echo('med', body, now) }));
  registerOperation(app, ctx, Ops.cancel, ({ body, now }) => ({ data: echo('med', body, now) }));
}
