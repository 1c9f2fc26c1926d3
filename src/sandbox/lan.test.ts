import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { NetworkInterfaceInfo } from 'node:os';
import { framingHosts, networkHosts } from './lan.js';
import { describeFixtures } from './banner.js';

/** Interfaces as `os.networkInterfaces()` lists them, from `[name, family, address, internal]`. */
function interfaces(...rows: [string, 'IPv4' | 'IPv6', string, boolean?][]): NodeJS.Dict<NetworkInterfaceInfo[]> {
  const out: NodeJS.Dict<NetworkInterfaceInfo[]> = {};
  for (const [name, family, address, internal = false] of rows) {
    const info = { address, family, internal, netmask: '', mac: '', cidr: null } as NetworkInterfaceInfo;
    (out[name] ??= []).push(info);
  }
  return out;
}

const LAPTOP = interfaces(
  ['lo', 'IPv4', '127.0.0.1', true],
  ['lo', 'IPv6', '::1', true],
  ['wlan0', 'IPv4', '192.168.1.20'],
  ['wlan0', 'IPv6', 'fe80::1c2b:3aff:fe4d:5e6f'],
  ['wlan0', 'IPv6', 'fd12:3456::20'],
  ['wlan0', 'IPv6', '2001:db8::20'],
  ['eth0', 'IPv4', '203.0.113.7'],
  ['docker0', 'IPv4', '172.17.0.1'],
  ['zeroconf', 'IPv4', '169.254.10.20'],
);

describe('networkHosts: where a phone on the same network reaches the sandbox', () => {
  it('HOST=0.0.0.0: each local network IPv4 address of the interfaces; no loopback, public or link-local one', () => {
    assert.deepEqual(networkHosts('0.0.0.0', LAPTOP), ['192.168.1.20', '172.17.0.1']);
  });

  it('HOST=:: (IPv4 and IPv6): the unique-local IPv6 addresses too, in brackets', () => {
    assert.deepEqual(networkHosts('::', LAPTOP), ['192.168.1.20', '[fd12:3456::20]', '172.17.0.1']);
  });

  it('HOST set to one address: that address, when it is on the local network', () => {
    assert.deepEqual(networkHosts('192.168.1.20', LAPTOP), ['192.168.1.20']);
    assert.deepEqual(networkHosts('fd12:3456::20', LAPTOP), ['[fd12:3456::20]']);
    for (const host of ['127.0.0.1', 'localhost', '::1', '203.0.113.7', '169.254.10.20'])
      assert.deepEqual(networkHosts(host, LAPTOP), [], host);
  });

  it('a machine with no local network address: none', () => {
    assert.deepEqual(networkHosts('0.0.0.0', interfaces(['lo', 'IPv4', '127.0.0.1', true], ['eth0', 'IPv4', '192.0.2.2'])), []);
  });
});

describe('framingHosts: where a shop page may be served and still frame the card form', () => {
  it('HOST=:: lists IPv4 addresses only: browsers ignore a frame-ancestors source naming an IPv6 address', () => {
    assert.deepEqual(framingHosts('::', LAPTOP), ['192.168.1.20', '172.17.0.1']);
    assert.deepEqual(framingHosts('0.0.0.0', LAPTOP), ['192.168.1.20', '172.17.0.1']);
  });

  it('HOST set to one IPv4 address: that address', () => {
    assert.deepEqual(framingHosts('192.168.1.20', LAPTOP), ['192.168.1.20']);
  });

  it("HOST set to one IPv6 address: this machine's IPv4 addresses, where the page can be served instead", () => {
    assert.deepEqual(framingHosts('fd12:3456::20', LAPTOP), ['192.168.1.20', '172.17.0.1']);
  });

  it('on loopback, or with IPv6 local addresses only: none', () => {
    for (const host of ['127.0.0.1', '::1']) assert.deepEqual(framingHosts(host, LAPTOP), [], host);
    const ipv6Only = interfaces(['lo', 'IPv6', '::1', true], ['eth0', 'IPv4', '192.0.2.2'], ['eth0', 'IPv6', 'fd00::2']);
    assert.deepEqual(networkHosts('::', ipv6Only), ['[fd00::2]']);
    assert.deepEqual(framingHosts('::', ipv6Only), []);
  });
});

describe("the banner's network lines", () => {
  const head = (banner: string) => banner.slice(0, banner.indexOf('\nMerchant'));

  it('on loopback only, says how to reach it from a phone', () => {
    assert.match(
      head(describeFixtures('http://127.0.0.1:4010', null)),
      /To try the checkout from a phone on the same network, start it with HOST=0\.0\.0\.0\./,
    );
  });

  it('on the local network, lists each address as a base-url, with the test-key rule', () => {
    const banner = head(describeFixtures('http://127.0.0.1:4010', ['http://192.168.1.20:4010', 'http://172.17.0.1:4010']));
    assert.match(banner, /^pay-card-form sandbox listening on http:\/\/127\.0\.0\.1:4010$/m);
    assert.match(banner, /^ {2}network: {2}http:\/\/192\.168\.1\.20:4010$/m);
    assert.match(banner, /^ {2}network: {2}http:\/\/172\.17\.0\.1:4010$/m);
    assert.match(banner, /a pk_test_ key \(plain http to the\n {2}local network is for test keys only\)/);
    assert.doesNotMatch(banner, /HOST=0\.0\.0\.0/);
    assert.doesNotMatch(banner, /IPv6/);
  });

  it('with an IPv6 address among them, lists it as a base-url, and says a page served on one cannot frame the card form', () => {
    const banner = head(describeFixtures('http://[::1]:4010', ['http://192.168.1.20:4010', 'http://[fd12:3456::20]:4010']));
    assert.match(banner, /^ {2}network: {2}http:\/\/\[fd12:3456::20\]:4010$/m);
    assert.match(banner, /a pk_test_ key \(plain http to the\n {2}local network is for test keys only\)/);
    assert.match(
      banner,
      /^ {2}But a shop page served on an IPv6 address cannot frame the card form \(browsers ignore IPv6 addresses in frame-ancestors\):\n {2}serve it on an IPv4 address of this machine, or a host name listed in SANDBOX_FRAME_ANCESTORS; base-url may stay IPv6\.$/m,
    );
    assert.equal(banner.match(/cannot frame/g)?.length, 1, 'said once');
  });

  it('listening everywhere with no local network address, says so', () => {
    assert.match(head(describeFixtures('http://127.0.0.1:4010', [])), /network: {2}no local network address found on this machine/);
  });

  it('for an embedded sandbox (the demos), no network line at all', () => {
    assert.doesNotMatch(head(describeFixtures('http://127.0.0.1:4010')), /network|HOST/);
  });
});
