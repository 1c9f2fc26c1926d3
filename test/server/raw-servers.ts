import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Throwaway HTTP servers that misbehave on purpose, for tests of how the
 * server helper and the tokenize client read what an upstream does.
 */

/** A local HTTP server with a custom handler; `close()` also drops hanging connections. */
export async function startRawServer(
  handler: Parameters<typeof createServer>[1],
): Promise<{ url: string; close(): Promise<void>; server: Server }> {
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

/**
 * A local HTTP server that resets the connection of every request it receives:
 * each attempt fails with ECONNRESET, at once however slow the machine is, and
 * `requests()` counts the attempts that reached it. (A freed port is no
 * substitute: a test file running in parallel may bind it again.)
 */
export async function startResettingServer(): Promise<{ url: string; close(): Promise<void>; requests(): number; server: Server }> {
  let requests = 0;
  const server = await startRawServer((req) => {
    requests++;
    req.socket.resetAndDestroy();
  });
  return { ...server, requests: () => requests };
}

let resetting: Promise<string> | undefined;

/**
 * The URL of one {@link startResettingServer} shared by the test file, for
 * tests where anything sent must fail as a transport error. It never keeps the
 * process alive.
 */
export function resettingUrl(): Promise<string> {
  resetting ??= startResettingServer().then((s) => {
    s.server.unref();
    return s.url;
  });
  return resetting;
}
