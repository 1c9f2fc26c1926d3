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
import { v3State } from './state.js';

export {
  V3_ACCOUNTS,
  V3_CREDENTIALS,
  V3_PIX_KEYS,
  V3_QR_PAYLOADS,
  V3_SETTLEMENTS,
  V3_MASTER_ACCOUNTS,
  V3_MANAGED_ACCOUNTS,
  SANDBOX_FAIL,
  v3Credential,
  v3CredentialById,
  describeV3Fixtures,
} from './fixtures.js';
export { REFERENCE_TTL_MS, TRANSFER_STEPS_MS, STATUS_QUERY_FAILURE_TXN_ID } from './transfers.js';
export { REFUND_STEPS_MS, ORDER_RECORD_MS, MAX_REFUND_AGE_MS } from './refunds.js';
export type { V3State } from './state.js';

/**
 * Registers the signed /v3 routes (§4.2–§4.8), 31 in all, and builds the v3
 * state from the fixtures (fixture times count from this moment). Every
 * request is verified (signature, timestamp, nonce, content hash, target pair,
 * §5.3 policy) and validated with the client's own zod schemas before a
 * handler runs.
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
