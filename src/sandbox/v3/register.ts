import type { Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { v3State } from './state.js';
import { registerTransferRoutes } from './handlers/transfers.js';
import { registerRefundRoutes } from './handlers/refunds.js';
import { registerPixKeyRoutes } from './handlers/pix-keys.js';
import { registerQrCodeRoutes } from './handlers/qr-codes.js';
import { registerMedRoutes } from './handlers/med.js';
import { registerInfractionRoutes } from './handlers/infractions.js';
import { registerMasterAccountRoutes } from './handlers/master-accounts.js';
import { registerManagedAccountRoutes } from './handlers/managed-accounts.js';

/**
 * Registers the signed /v3 groups (§4.2–§4.8, 31 operations), each verified
 * and validated by `route.ts` before its handler runs. The v3 state is built
 * from the fixtures first, so fixture times count from the moment the sandbox
 * starts.
 */
export function registerV3Routes(app: Hono, ctx: SandboxContext): void {
  v3State(ctx);
  registerTransferRoutes(app, ctx);
  registerRefundRoutes(app, ctx);
  registerPixKeyRoutes(app, ctx);
  registerQrCodeRoutes(app, ctx);
  registerMedRoutes(app, ctx);
  registerInfractionRoutes(app, ctx);
  registerMasterAccountRoutes(app, ctx);
  registerManagedAccountRoutes(app, ctx);
}
