import type * as z from 'zod/mini';
import type { Operation } from '../policy.js';
import type { Target } from '../signing.js';

/** Per-call options of every client method. */
export interface CallOptions {
  /** Cancels the call, including any retry wait. The promise rejects with AbortError. */
  signal?: AbortSignal;
  /** Per-attempt timeout; defaults to the client's `timeoutMs`. */
  timeoutMs?: number;
  /**
   * Overrides the client's target account for this call. `null` sends no
   * target headers (needed on managed-account routes when the client has a
   * default target).
   */
  target?: Target | null;
}

/** What resource classes call: signs, sends, retries reads, and parses the envelope. */
export interface Caller {
  call<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
    op: Operation<Req, Res>,
    params: z.input<Req> | undefined,
    options?: CallOptions,
  ): Promise<z.output<Res>>;
}
