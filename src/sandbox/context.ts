import type { Clock } from './clock.js';
import type { MerchantFixture } from './fixtures.js';
import type { TokenVault } from './token-vault.js';

/** The state one sandbox instance shares between its routes. */
export interface SandboxContext {
  clock: Clock;
  merchants: readonly MerchantFixture[];
  tokens: TokenVault;
}
