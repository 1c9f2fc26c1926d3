/**
 * `npx pay-card-form-sandbox` on the local network, as its own process:
 * with HOST listening on every interface it prints this machine's local
 * network addresses as `base-url`s, and lets pages served on them frame the
 * card form; on loopback (the default) it says how to get there. Only
 * loopback is ever asked: the network addresses are read from the banner and
 * the frame's answer, never dialled.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { networkHosts } from '../src/sandbox/lan.js';
import { FRAME_ANCESTORS_HEADER, FRAME_PATH } from '../src/channel/protocol.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Starts the sandbox command with `env` added and PORT=0; resolves with its
 * banner (up to the first merchant) and the port it took, and a `stop` that
 * ends it as Ctrl-C would and resolves with its exit code.
 */
function startCli(env: Record<string, string>): Promise<{ banner: string; port: number; stop(): Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = () => (child.kill('SIGTERM'), exited);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf('\nMerchant');
      if (end < 0) return;
      const port = Number(/^pay-card-form sandbox listening on http:\/\/[^\s]+:(\d+)$/m.exec(out)?.[1]);
      resolve({ banner: out.slice(0, end), port, stop });
    });
    void exited.then((code) => reject(new Error(`the sandbox exited (${code}) before its banner: ${err}`)));
  });
}

/** What the frame's page answers the element's probe from a page of `origin`: `allowed` or `refused; …`. Asked on loopback. */
async function frameAnswer(port: number, origin: string): Promise<string | null> {
  const response = await fetch(`http://127.0.0.1:${port}/${FRAME_PATH}`, { headers: { origin } });
  await response.arrayBuffer();
  return response.headers.get(FRAME_ANCESTORS_HEADER);
}

test("HOST on every interface: the banner lists this machine's local network addresses as base-urls, and their pages may frame the card form", async () => {
  // Both stacks where this machine has IPv6 (its unique-local addresses count then), IPv4 alone otherwise.
  const host = Object.values(networkInterfaces()).some((list) => list?.some((info) => info.family === 'IPv6')) ? '::' : '0.0.0.0';
  const network = networkHosts(host, networkInterfaces());
  const cli = await startCli({ HOST: host });
  try {
    const { banner, port } = cli;
    const here = host === '::' ? `http://[::1]:${port}` : `http://127.0.0.1:${port}`;
    assert.match(banner, new RegExp(`^pay-card-form sandbox listening on ${here.replace(/[[\].]/g, '\\$&')}$`, 'm'));
    const listed = [...banner.matchAll(/^ {2}network: {2}(http:\/\/\S+)$/gm)].map((match) => match[1]);
    assert.deepEqual(
      listed,
      network.map((lan) => `http://${lan}:${port}`),
    );
    if (network.length === 0) assert.match(banner, /network: {2}no local network address found on this machine/);
    else assert.match(banner, /a pk_test_ key \(plain http to the\n {2}local network is for test keys only\)/);
    assert.doesNotMatch(banner, /start it with HOST=0\.0\.0\.0/);
    // A shop page on each of those addresses may frame the card form; one elsewhere may not; this machine's still may.
    for (const lan of network) assert.equal(await frameAnswer(port, `http://${lan}:8080`), 'allowed', lan);
    assert.equal(await frameAnswer(port, 'http://198.51.100.7:8080'), 'refused; setting=SANDBOX_FRAME_ANCESTORS');
    assert.equal(await frameAnswer(port, 'http://localhost:5173'), 'allowed');
  } finally {
    assert.equal(await cli.stop(), 0);
  }
});

test('SANDBOX_FRAME_ANCESTORS, when set, is the whole list, on the network too', async () => {
  const cli = await startCli({ HOST: '0.0.0.0', SANDBOX_FRAME_ANCESTORS: 'https://shop.example' });
  try {
    assert.equal(await frameAnswer(cli.port, 'https://shop.example'), 'allowed');
    assert.equal(await frameAnswer(cli.port, 'http://localhost:5173'), 'refused; setting=SANDBOX_FRAME_ANCESTORS');
  } finally {
    assert.equal(await cli.stop(), 0);
  }
});

test('on loopback, the default, the banner says how to try the checkout from a phone, and lists no network address', async () => {
  const cli = await startCli({});
  try {
    assert.match(cli.banner, new RegExp(`^pay-card-form sandbox listening on http://127\\.0\\.0\\.1:${cli.port}$`, 'm'));
    assert.match(cli.banner, /^ {2}To try the checkout from a phone on the same network, start it with HOST=0\.0\.0\.0\.$/m);
    assert.doesNotMatch(cli.banner, /network: /);
  } finally {
    assert.equal(await cli.stop(), 0);
  }
});
