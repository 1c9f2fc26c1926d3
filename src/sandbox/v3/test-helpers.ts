import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type ClientOptions, type PayClient } from '../../server/client.js';
import type { CredentialKind } from '../../server/enums.js';
import { V3_ACCOUNTS, v3Credential } from './fixtures.js';

/**
 * Helpers for tests that talk to the sandbox over HTTP: a client for each
 * fixture credential, and throwaway servers that misbehave on purpose.
 */

/** The account an ACCOUNT credential is bound to, as a target. */
export const LOJA_TARGET = { ispb: V3_ACCOUNTS[0]!.ispb, accountNumber: V3_ACCOUNTS[0]!.accountNumber };

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

/** A local HTTP server with a custom handler; `close()` also drops hanging connections. */
export async function startRawServer(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; close(): Promise<void>; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on loopback where nothing listens (a port that was just freed). */
export async function closedPortUrl(): Promise<string> {
  const s = await startRawServer(() => {});
  await s.close();
  return s.url;
}
