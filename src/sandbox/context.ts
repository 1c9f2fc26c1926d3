import type { Clock } from './clock.js';
import type { MerchantFixture } from './merchants.js';
import type { TokenVault } from './token-vault.js';
import type { V3State } from './v3/state.js';

/** The state one sandbox instance shares between its routes. */
export interface SandboxContext {
  clock: Clock;
  merchants: readonly MerchantFixture[];
  tokens: TokenVault;
  /** The pages allowed to embed the card frame (`frame-ancestors` sources). */
  frameAncestors: readonly string[];
  /**
   * Everything the v3 routes remember (transfers, references, keys, refunds,
   * accounts…). Filled in from the fixtures when the v3 routes are registered,
   * i.e. when the sandbox starts; see `v3State` in v3/state.ts.
   */
  v3?: V3State;
}
