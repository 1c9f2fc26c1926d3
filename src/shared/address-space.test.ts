import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addressSpace, morePrivate, type AddressSpace } from './address-space.js';

/** The space of the host of `url`, read the way the browser and `checkBaseUrl` read it: through `URL`. */
const spaceOf = (url: string) => addressSpace(new URL(url).hostname);

describe('addressSpace: loopback, local network or public, from the address alone', () => {
  const cases: [url: string, space: AddressSpace | null][] = [
    // This device.
    ['http://127.0.0.1:4010', 'loopback'],
    ['http://127.255.255.254', 'loopback'],
    ['http://127.1', 'loopback'], // URL writes it 127.0.0.1
    ['http://0x7f.0.0.1', 'loopback'],
    ['http://localhost:4010', 'loopback'],
    ['http://LOCALHOST.', 'loopback'],
    ['http://[::1]:4010', 'loopback'],
    ['http://[0:0:0:0:0:0:0:1]', 'loopback'],
    ['http://[::ffff:127.0.0.1]', 'public'], // URL writes it [::ffff:7f00:1]: not read as IPv4, so the strict side
    // The local network.
    ['http://10.0.0.1', 'local'],
    ['http://10.255.255.255', 'local'],
    ['http://172.16.0.1', 'local'],
    ['http://172.31.255.255', 'local'],
    ['http://192.168.0.10:8080', 'local'],
    ['http://169.254.1.1', 'local'],
    ['http://100.64.0.1', 'local'],
    ['http://100.127.255.255', 'local'],
    ['http://[fd00::2]', 'local'],
    ['http://[fc00::1]', 'local'],
    ['http://[fe80::1]', 'local'],
    ['http://[febf::1]', 'local'],
    ['http://[::ffff:192.168.1.20]', 'public'],
    ['http://devbox.local:4010', 'local'],
    ['http://DevBox.Local.', 'local'],
    // Everywhere else: the edges of each range, and addresses that only look close.
    ['http://172.15.255.255', 'public'],
    ['http://172.32.0.1', 'public'],
    ['http://192.167.1.1', 'public'],
    ['http://192.169.1.1', 'public'],
    ['http://11.0.0.1', 'public'],
    ['http://100.63.255.255', 'public'],
    ['http://100.128.0.1', 'public'],
    ['http://128.0.0.1', 'public'],
    ['http://192.0.2.2', 'public'],
    ['http://8.8.8.8', 'public'],
    ['http://[2001:db8::1]', 'public'],
    ['http://[fec0::1]', 'public'],
    ['http://[fbff::1]', 'public'],
    ['http://[::]', 'public'],
    ['http://[::2]', 'public'],
    ['http://[::ffff:8.8.8.8]', 'public'],
    // Names only DNS can place: no space from here, whatever they look like.
    ['http://shop.example', null],
    ['http://shop.lan', null],
    ['http://localhost.example', null],
    ['http://app.localhost', null],
    ['http://local', null],
    ['http://127.0.0.1.nip.io', null],
    ['http://192.168.1.20.example', null],
  ];
  for (const [url, space] of cases) {
    it(`${url} → ${space}`, () => assert.equal(spaceOf(url), space));
  }

  it('reads IPv6 as a URL writes it, whatever way it was typed', () => {
    for (const [typed, space] of [
      ['[0000:0000:0000:0000:0000:0000:0000:0001]', 'loopback'],
      ['[FD00:0:0:0:0:0:0:2]', 'local'],
      ['[FE80:0000::1]', 'local'],
      ['[0:0:0:0:0:ffff:c0a8:0114]', 'public'],
      ['[::ffff:7f00:1]', 'public'],
      ['[fc00:0:0:0:0:0:0:0]', 'local'],
      ['[fec0::]', 'public'],
      ['[f:c::]', 'public'],
    ] as const) {
      assert.equal(spaceOf(`http://${typed}`), space, typed);
    }
  });
});

describe('morePrivate: the requests the browser restricts', () => {
  it('a target more private than its source, and nothing else', () => {
    const order: AddressSpace[] = ['loopback', 'local', 'public'];
    const restricted = order.flatMap((target, t) => order.filter((_, s) => t < s).map((source) => `${source} → ${target}`));
    const all = order.flatMap((target) => order.map((source) => [target, source] as const));
    assert.deepEqual(
      all.filter(([target, source]) => morePrivate(target, source)).map(([target, source]) => `${source} → ${target}`),
      restricted,
    );
    assert.deepEqual(restricted, ['local → loopback', 'public → loopback', 'public → local']);
  });
});
