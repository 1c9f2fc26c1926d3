import { createClient, type ClientOptions, type PayClient } from '../../server/client.js';
import type { CredentialKind } from '../../server/enums.js';
import { BusinessError } from '../../server/errors.js';
import type { Operation } from '../../server/policy.js';
import { OpenObject } from '../../server/schemas/common.js';
import { createClock } from '../clock.js';
import { createSandbox, type Sandbox } from '../sandbox.js';
import { V3_ACCOUNTS, v3Credential, v3CredentialById } from './fixtures.js';

/**
 * Helpers for tests that talk to the sandbox over HTTP: a client for each
 * fixture credential, requests the client would refuse, and snapshots of the
 * state.
 */

/** The account an ACCOUNT credential is bound to, as a target. */
export const LOJA_TARGET = { ispb: V3_ACCOUNTS[0]!.ispb, accountNumber: V3_ACCOUNTS[0]!.accountNumber };
/** The second account, which only the USER credential can select. */
export const FILIAL_TARGET = { ispb: V3_ACCOUNTS[1]!.ispb, accountNumber: V3_ACCOUNTS[1]!.accountNumber };

/** A client with the fixture credential of `kind`; a USER client selects the Loja account unless told otherwise. */
export function clientFor(kind: CredentialKind, baseUrl: string, extra: Partial<ClientOptions> = {}): PayClient {
  const { clientId, secret } = v3Credential(kind);
  return createClient({
    baseUrl,
    credential: { clientId, secret, kind },
    ...(kind === 'USER' ? { target: LOJA_TARGET } : {}),
    ...extra,
  });
}

/** A client with a particular fixture credential (e.g. the USER without an active Master), with no default target. */
export function clientForId(clientId: string, baseUrl: string, extra: Partial<ClientOptions> = {}): PayClient {
  const { secret, kind } = v3CredentialById(clientId);
  return createClient({ baseUrl, credential: { clientId, secret, kind }, ...extra });
}

/**
 * The same operation without client-side checks (schema, order-ID date), to
 * see what the sandbox itself answers to a request the client would refuse,
 * as a client in another language might send it. Still signed and sent by the
 * server helper, and its envelope still mapped to typed errors.
 */
export function unchecked<Op extends Operation>(op: Op): Operation<typeof OpenObject, Op['response']> {
  const { orderIdField: _ignored, ...rest } = op;
  return { ...rest, request: OpenObject };
}

/** A sandbox frozen at `at` and clients whose signatures follow its clock. */
export async function frozenSandbox(at = Date.UTC(2026, 2, 14, 12, 0, 0)): Promise<{
  sandbox: Sandbox;
  client(kind: CredentialKind, extra?: Partial<ClientOptions>): PayClient;
}> {
  const sandbox = await createSandbox({ clock: createClock({ frozenAt: at }) });
  return { sandbox, client: (kind, extra = {}) => clientFor(kind, sandbox.url, { now: () => sandbox.clock.now(), ...extra }) };
}

/** Awaits a promise that must reject with a BusinessError of `code`; returns the error. */
export async function businessCode(promise: Promise<unknown>, code: number | string): Promise<BusinessError> {
  const error = await promise.then(
    () => new Error(`expected business code ${String(code)}, but the call succeeded`),
    (e: unknown) => e,
  );
  if (!(error instanceof BusinessError)) throw error instanceof Error ? error : new Error(String(error));
  if (error.code !== code) throw new Error(`expected business code ${String(code)}, got ${String(error.code)}: ${error.message}`);
  return error;
}

/**
 * Everything a sandbox remembers, as comparable text: every v3 store, the
 * clock and the token count. Functions (scheduled steps) are left out. The
 * nonce store is left out on purpose: a verified request spends its nonce
 * even when it is then refused, as replay protection requires.
 */
export function stateSnapshot(sandbox: Sandbox): string {
  const { v3, tokens } = sandbox.context;
  const { nonces: _nonces, ledger, ...stores } = v3!;
  const plain = Object.fromEntries(Object.entries(stores).map(([name, store]) => [name, [...store.entries()]]));
  return JSON.stringify(
    { ...plain, balances: [...ledger.entries()], tokens: tokens.size, now: sandbox.clock.now() },
    (_key, value: unknown) => (typeof value === 'function' ? undefined : value),
  );
}
