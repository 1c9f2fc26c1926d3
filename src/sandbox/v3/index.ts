import type { Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { registerTransferRoutes } from './transfers.js';
import { registerRefundRoutes } from './refunds.js';
import { registerPixKeyRoutes } from './pix-keys.js';
import { registerQrCodeRoutes } from './qr-codes.js';
import { registerMedRoutes } from './med.js';
import { registerInfractionRoutes } from './infractions.js';
import { registerMasterAccountRoutes } from './master-accounts.js';
import { registerManagedAccountRoutes } from './managed-accounts.js';

export { V3_ACCOUNTS, V3_CREDENTIALS, V3_MANAGED_ACCOUNTS, v3Credential, describeV3Fixtures } from './fixtures.js';

/**
 * Registers the signed /v3 routes (§4.2–§4.8), 31 in all. Every request is
 * verified (signature, timestamp, nonce, content hash, target pair, §5.3
 * policy) and validated with the client's own zod schemas before a handler runs.
 */
export function registerV3Routes(app: Hono, ctx: SandboxContext): void {
  registerTransferRoutes(app, ctx);
  registerRefundRoutes(app, ctx);
  registerPixKeyRoutes(app, ctx);
  registerQrCodeRoutes(app, ctx);
  registerMedRoutes(app, ctx);
  registerInfractionRoutes(app, ctx);
  registerMasterAccountRoutes(app, ctx);
  registerManagedAccountRoutes(app, ctx);
}
