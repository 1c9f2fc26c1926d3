import type { Hono } from 'hono';
import { QrCodeOperations as Ops } from '../../server/schemas/qr-codes.js';
import type { SandboxContext } from '../context.js';
import { echo, registerOperation } from './route.js';

/** §4.5 QR codes. Every field is not shown: the sandbox echoes with an id and timestamps. */
export function registerQrCodeRoutes(app: Hono, ctx: SandboxContext): void {
  registerOperation(app, ctx, Ops.generateDynamic, ({ body, now }) => ({ data: echo('qr', body, now) }));
  registerOperation(app, ctx, Ops.generateStatic, ({ body, now }) => ({ data: echo('qr', body, now) }));
  registerOperation(app, ctx, Ops.details, ({ body, now }) => ({ data: echo('qr', body, now) }));
}
