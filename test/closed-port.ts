import { createServer, type AddressInfo } from 'node:net';

/** A port of 127.0.0.1 where nothing listens: one the system just gave out and took back. */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
