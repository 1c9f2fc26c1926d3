import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { PixKeyType } from '../../server/enums.js';
import { PixKeyOperations as Ops } from '../../server/schemas/pix-keys.js';
import type { SandboxContext } from '../context.js';
import { registerOperation } from './route.js';

/** §4.4 PIX keys. `status` values are not shown (§2.12): the sandbox answers 1. */
export function registerPixKeyRoutes(app: Hono, ctx: SandboxContext): void {
  registerOperation(app, ctx, Ops.create, ({ body, now }) => ({
    data: {
      // EVP keys are random UUIDs chosen by the directory.
      pix_key: body.pix_key_type === PixKeyType.EVP ? randomUUID() : body.pix_key_value!,
      pix_key_type: body.pix_key_type,
      status: 1,
      created_at: now,
    },
  }));
}
