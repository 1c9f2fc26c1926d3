import type { Clock } from './clock.js';
import type { MerchantFixture } from './merchants.js';
import type { TokenVault } from './token-vault.js';
import type { V3State } from './v3/state.js';
import type { RequestLog } from './console/request-log.js';
import type { BoundedStore } from './v3/bounded-store.js';
import type { Brand } from '../card/brand.js';

/** A charge the sandbox answered (approved or declined), as the console shows it: never the card beyond its last four. */
export interface ChargeRecord {
  id: string;
  merchantId: string;
  amount: number;
  installments: number;
  status: 'approved' | 'declined';
  brand: Brand;
  lastFour: string;
  createdAt: number;
}

/** The state one sandbox instance shares between its routes. */
export interface SandboxContext {
  clock: Clock;
  merchants: readonly MerchantFixture[];
  tokens: TokenVault;
  /** Charges answered, newest last (bounded: the oldest is forgotten). */
  charges: BoundedStore<string, ChargeRecord>;
  /** Every request but the console's own, redacted, for the console (`GET /`). */
  log: RequestLog;
  /** The pages allowed to embed the card frame (`frame-ancestors` sources). */
  frameAncestors: readonly string[];
  /**
   * Everything the v3 routes remember (transfers, references, keys, refunds,
   * accounts…). Filled in from the fixtures when the v3 routes are registered,
   * i.e. when the sandbox starts; see `v3State` in v3/state.ts.
   */
  v3?: V3State;
}
