import type * as z from 'zod/mini';
import type { Operation } from './policy.js';
import type { Target } from './signing.js';
import { Operations } from './schemas/operations.js';

/**
 * The client's resource groups (`client.transfers`, `client.refunds`, …),
 * derived from the operation table rather than written again: each entry of
 * `Operations` is one method, typed by its schemas and documented by the
 * entry's own doc comment. Adding an operation is one entry in
 * `schemas/`; its method follows.
 */

/** Per-call options of every client method. */
export interface CallOptions {
  /** Cancels the call, including any retry wait. The promise rejects with RequestAbortedError. */
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

/** What the methods call: signs, sends, retries reads, and parses the envelope. */
export interface Caller {
  call<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
    op: Operation<Req, Res>,
    params: z.input<Req> | undefined,
    options?: CallOptions,
  ): Promise<z.output<Res>>;
}

/** The client method of one operation: params as its request schema takes them, the result as its response schema gives it. */
export type Method<O> =
  O extends Operation<infer Req, infer Res>
    ? O extends { readonly optionalParams: true }
      ? (params?: z.input<Req>, options?: CallOptions) => Promise<z.output<Res>>
      : (params: z.input<Req>, options?: CallOptions) => Promise<z.output<Res>>
    : never;

type Table = typeof Operations;

/** One resource group of the client, e.g. `Resource<'refunds'>` for `client.refunds`: one method per entry of the group. */
export type Resource<G extends keyof Table> = { readonly [K in keyof Table[G]]: Method<Table[G][K]> };

/** Every resource group of the client, as the operation table lists them. */
export type Resources = { readonly [G in keyof Table]: Resource<G> };

/** The groups and methods of {@link Resources}, each method sending its operation through `caller`. */
export function createResources(caller: Caller): Resources {
  const groups = Object.entries(Operations).map(([group, operations]) => {
    const methods = Object.entries(operations).map(([name, op]: [string, Operation]) => [
      name,
      (params?: unknown, options?: CallOptions) => caller.call(op, params, options),
    ]);
    return [group, Object.freeze(Object.fromEntries(methods))];
  });
  return Object.freeze(Object.fromEntries(groups)) as Resources;
}

/** `client.transfers` (§4.2). */
export type Transfers = Resource<'transfers'>;
/** `client.refunds` (§4.3). */
export type Refunds = Resource<'refunds'>;
/** `client.pixKeys` (§4.4). */
export type PixKeys = Resource<'pixKeys'>;
/** `client.qrCodes` (§4.5). */
export type QrCodes = Resource<'qrCodes'>;
/** `client.med` (§4.6). */
export type Med = Resource<'med'>;
/** `client.infractions` (§4.6). */
export type Infractions = Resource<'infractions'>;
/** `client.masterAccounts` (§4.7). */
export type MasterAccounts = Resource<'masterAccounts'>;
/** `client.managedAccounts` (§4.8). */
export type ManagedAccounts = Resource<'managedAccounts'>;
