/**
 * `npx pay-card-form-sandbox` on the local network, as its own process:
 * with HOST listening on every interface it prints this machine's local
 * network addresses as `base-url`s, and lets pages served on the IPv4 ones
 * frame the card form (a `frame-ancestors` source cannot name an IPv6
 * address); on loopback (the default) it says how to get there. Only
 * loopback is ever asked: the network addresses are read from the banner and
 * the frame's answer, never dialled.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import { framingHosts, networkHosts } from '../src/sandbox/lan.js';
import { FRAME_ANCESTORS_HEADER, FRAME_PATH } from '../src/channel/protocol.js';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Whether this machine has IPv6, so that HOST=:: can listen. */
const hasIPv6 = Object.values(networkInterfaces()).some((list) => list?.some((info) => info.family === 'IPv6'));
/** The frame's answer to a page it does not let frame it. */
const REFUSED = 'refused; setting=SANDBOX_FRAME_ANCESTORS';

/**
 * Starts the sandbox command with `env` added and PORT=0, and `interfaces`,
 * when given, as what `os.networkInterfaces()` returns in it; resolves with
 * its banner (up to the first merchant) and the port it took, and a `stop`
 * that ends it as Ctrl-C would and resolves with its exit code.
 */
function startCli(
  env: Record<string, string>,
  interfaces?: NodeJS.Dict<Partial<NetworkInterfaceInfo>[]>,
): Promise<{ banner: string; port: number; stop(): Promise<number | null> }> {
  // A machine's own addresses vary: faked, the same case runs on every machine, and still only loopback is dialled.
  const fake = interfaces && [
    '--import',
    `data:text/javascript,${encodeURIComponent(
      `import os from 'node:os'; import { syncBuiltinESMExports } from 'node:module';
       os.networkInterfaces = () => (${JSON.stringify(interfaces)}); syncBuiltinESMExports();`,
    )}`,
  ];
  const child = spawn(process.execPath, [...(fake ?? []), '--import', 'tsx', 'src/sandbox/cli.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // On 'close', not 'exit': by then all of stderr is read, so a refusal's line is whole.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
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

test("HOST on every interface: the banner lists this machine's local network addresses as base-urls, and the IPv4 ones' pages may frame the card form", async () => {
  // Both stacks where this machine has IPv6 (its unique-local addresses count then), IPv4 alone otherwise.
  const host = hasIPv6 ? '::' : '0.0.0.0';
  const network = networkHosts(host, networkInterfaces());
  const ipv6 = network.filter((lan) => lan.startsWith('['));
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
    if (ipv6.length) assert.match(banner, /shop page served on an IPv6 address cannot frame the card form/);
    else assert.doesNotMatch(banner, /IPv6/);
    // A shop page on each IPv4 one may frame the card form; one on an IPv6 one may not, as browsers decide; one
    // elsewhere may not; this machine's still may.
    for (const lan of framingHosts(host, networkInterfaces())) assert.equal(await frameAnswer(port, `http://${lan}:8080`), 'allowed', lan);
    for (const lan of ipv6) assert.equal(await frameAnswer(port, `http://${lan}:8080`), REFUSED, lan);
    assert.equal(await frameAnswer(port, 'http://198.51.100.7:8080'), REFUSED);
    assert.equal(await frameAnswer(port, 'http://localhost:5173'), 'allowed');
  } finally {
    assert.equal(await cli.stop(), 0);
  }
});

test(
  'HOST=:: on a machine with an IPv4 and an IPv6 local address: both are base-urls; only pages on the IPv4 one may frame the card form, and the banner says why',
  { skip: !hasIPv6 && 'this machine has no IPv6' },
  async () => {
    const cli = await startCli(
      { HOST: '::' },
      {
        lo: [
          { address: '127.0.0.1', family: 'IPv4', internal: true },
          { address: '::1', family: 'IPv6', internal: true },
        ],
        wlan0: [
          { address: '192.168.1.20', family: 'IPv4', internal: false },
          { address: 'fd12:3456::20', family: 'IPv6', internal: false },
        ],
      },
    );
    try {
      const { banner, port } = cli;
      const listed = [...banner.matchAll(/^ {2}network: {2}(http:\/\/\S+)$/gm)].map((match) => match[1]);
      assert.deepEqual(listed, [`http://192.168.1.20:${port}`, `http://[fd12:3456::20]:${port}`]);
      assert.match(
        banner,
        /^ {2}But a shop page served on an IPv6 address cannot frame the card form \(browsers ignore IPv6 addresses in frame-ancestors\):$/m,
      );
      assert.equal(await frameAnswer(port, 'http://192.168.1.20:8080'), 'allowed');
      assert.equal(await frameAnswer(port, 'http://[fd12:3456::20]:8080'), REFUSED);
      assert.equal(await frameAnswer(port, 'http://[::1]:5173'), REFUSED);
      assert.equal(await frameAnswer(port, 'http://localhost:5173'), 'allowed');
    } finally {
      assert.equal(await cli.stop(), 0);
    }
  },
);

test('SANDBOX_FRAME_ANCESTORS naming an IPv6 address ends the command in one line that says to list a host name or IPv4 address', async () => {
  await assert.rejects(startCli({ SANDBOX_FRAME_ANCESTORS: 'http://localhost:* http://[fd12:3456::20]:*' }), {
    message:
      'the sandbox exited (1) before its banner: pay-card-form-sandbox: SANDBOX_FRAME_ANCESTORS: "http://[fd12:3456::20]:*" names an IPv6 address, ' +
      'which CSP sources cannot name, so browsers ignore it. Serve the page on a host name or an IPv4 address and list that, ' +
      'such as "http://localhost:*" or "http://192.168.1.20:*".\n',
  });
});

test('SANDBOX_FRAME_ANCESTORS, when set, is the whole list, on the network too', async () => {
  const cli = await startCli({ HOST: '0.0.0.0', SANDBOX_FRAME_ANCESTORS: 'https://shop.example' });
  try {
    assert.equal(await frameAnswer(cli.port, 'https://shop.example'), 'allowed');
    assert.equal(await frameAnswer(cli.port, 'http://localhost:5173'), REFUSED);
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
