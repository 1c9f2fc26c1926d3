/**
 * `pay-card-form/sandbox`: the service contract in memory, for offline
 * development and tests. Never use it in production: it keeps card numbers in
 * memory and its keys are public.
 */
export { createSandbox, createSandboxApp, type Sandbox, type SandboxOptions } from './sandbox.js';
export { createClock, MAX_CLOCK_STEP_MS, MAX_CLOCK_TIME, type Clock, type ClockOptions } from './clock.js';
export { MERCHANTS, type MerchantFixture } from './merchants.js';
export { TEST_CARDS, DECLINING_TEST_CARDS } from './test-cards.js';
export { SANDBOX_ADMIN_TOKEN } from './routes/clock-control.js';
export type { SandboxContext } from './context.js';
export {
  V3_ACCOUNTS,
  V3_CREDENTIALS,
  V3_MANAGED_ACCOUNTS,
  V3_MASTER_ACCOUNTS,
  V3_PIX_KEYS,
  V3_QR_PAYLOADS,
  V3_SETTLEMENTS,
  SANDBOX_FAIL,
} from './v3/fixtures.js';
