import type { Hono } from 'hono';
import { InfractionOperations as Ops } from '../../server/schemas/med.js';
import type { SandboxContext } from '../context.js';
import { echo, echoList, registerOperation } from './route.js';

/** §4.6 infractions. Every field is not shown: the sandbox echoes. */
export function registerInfractionRoutes(app: Hono, ctx: SandboxContext): void {
  registerOperation(app, ctx, Ops.list, ({ body }) => ({ data: echoList(body) }));
  registerOperation(app, ctx, Ops.detail, ({ body, now }) => ({ data: echo('inf', body, now) }));
}
