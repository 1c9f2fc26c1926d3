import type { Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { v3State } from '../v3/state.js';
import { registerTokenRoutes } from './tokens.js';
import { registerChargeRoutes } from './charges.js';
import { registerTransferRoutes } from './transfers.js';
import { registerRefundRoutes } from './refunds.js';
import { registerPixKeyRoutes } from './pix-keys.js';
import { registerQrCodeRoutes } from './qr-codes.js';
import { registerMedRoutes } from './med.js';
import { registerInfractionRoutes } from './infractions.js';
import { registerMasterAccountRoutes } from './master-accounts.js';
import { registerManagedAccountRoutes } from './managed-accounts.js';
import { registerClockRoutes } from './clock.js';
import { registerFrameRoutes } from './frame.js';

/**
 * Registers every route group of the sandbox: tokens and charges (§4.1), the
 * signed /v3 groups (§4.2–§4.8, 31 operations, each verified and validated by
 * `v3/route.ts` before its handler runs), the sandbox's own test clock, and
 * the isolated card form's frame.
 * The v3 state is built from the fixtures first, so fixture times count from
 * the moment the sandbox starts.
 */
export function registerRoutes(app: Hono, ctx: SandboxContext): void {
  v3State(ctx);
  registerTokenRoutes(app, ctx);
  registerChargeRoutes(app, ctx);
  registerTransferRoutes(app, ctx);
  registerRefundRoutes(app, ctx);
  registerPixKeyRoutes(app, ctx);
  registerQrCodeRoutes(app, ctx);
  registerMedRoutes(app, ctx);
  registerInfractionRoutes(app, ctx);
  registerMasterAccountRoutes(app, ctx);
  registerManagedAccountRoutes(app, ctx);
  registerClockRoutes(app, ctx);
  registerFrameRoutes(app, ctx);
}
