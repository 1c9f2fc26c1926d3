import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { allowsAncestor, checkFrameAncestor, DEFAULT_FRAME_ANCESTORS } from './frame.js';

/** What the sandbox tells the element's probe (docs/sandbox.md#the-card-frame): whether a page's origin may frame it, as CSP decides. */
describe('frame-ancestors, matched for the probe', () => {
  const self = 'http://127.0.0.1:4010';
  const cases: [sources: readonly string[], origin: string, allowed: boolean][] = [
    [DEFAULT_FRAME_ANCESTORS, 'http://localhost:5173', true],
    [DEFAULT_FRAME_ANCESTORS, 'http://127.0.0.1:8000', true],
    [DEFAULT_FRAME_ANCESTORS, 'https://localhost', true],
    [DEFAULT_FRAME_ANCESTORS, 'https://shop.example', false],
    [DEFAULT_FRAME_ANCESTORS, 'http://localhost.example:80', false],
    [['https://shop.example'], 'https://shop.example', true],
    [['https://shop.example'], 'https://shop.example:443', true],
    [['https://shop.example'], 'https://shop.example:8443', false],
    [['https://shop.example'], 'http://shop.example', false],
    [['https://shop.example'], 'https://www.shop.example', false],
    // An `http` source admits its `https` upgrade, default port to default port.
    [['http://shop.example'], 'https://shop.example', true],
    [['http://shop.example:8080'], 'https://shop.example:8080', true],
    [['https://*.shop.example'], 'https://pay.shop.example', true],
    [['https://*.shop.example'], 'https://a.b.shop.example', true],
    [['https://*.shop.example'], 'https://shop.example', false],
    [['https://*.shop.example'], 'https://evilshop.example', false],
    [['https://SHOP.example'], 'https://shop.example', true],
    [['http://*:*'], 'http://anything.example:1234', true],
    // A source cannot name an IPv6 address: browsers ignore one that does, so it lets no page frame the form.
    [['http://[::1]:*'], 'http://[::1]:3000', false],
    [['http://[fd12:3456::20]:8080'], 'http://[fd12:3456::20]:8080', false],
    [['http://[::1]:*', 'http://localhost:*'], 'http://localhost:3000', true],
    // Only a host `*` admits a page on an IPv6 address, as Chromium's does.
    [['http://*:*'], 'http://[fd12:3456::20]:8080', true],
    [["'self'"], self, true],
    [["'self'"], 'http://127.0.0.1:4011', false],
    [["'none'"], self, false],
    [[], 'http://localhost:5173', false],
    [DEFAULT_FRAME_ANCESTORS, 'null', false],
    [DEFAULT_FRAME_ANCESTORS, 'not an origin', false],
  ];
  for (const [sources, origin, allowed] of cases) {
    it(`${sources.join(' ') || '(none)'} ${allowed ? 'admits' : 'refuses'} ${origin}`, () => {
      assert.equal(allowsAncestor(sources, origin, self), allowed);
    });
  }
});

describe('frame-ancestors, checked when the sandbox starts', () => {
  it('takes a scheme and host, maybe a port or *, and the keywords', () => {
    for (const source of [
      ...DEFAULT_FRAME_ANCESTORS,
      'https://shop.example',
      'https://*.shop.example',
      'http://192.168.1.20:*',
      'http://shop.local:8080',
      'http://*:*',
      "'self'",
      "'none'",
    ])
      assert.equal(checkFrameAncestor(source), source);
  });

  it('refuses an IPv6 address, which browsers ignore in a source, and says what to list instead', () => {
    for (const source of ['http://[::1]:*', 'http://[fd12:3456::20]:8080', 'https://[2001:db8::1]', 'http://fd12:3456::20', '[::1]:*'])
      assert.throws(
        () => checkFrameAncestor(source),
        new TypeError(
          `frameAncestors: "${source}" names an IPv6 address, which CSP sources cannot name, so browsers ignore it. ` +
            'Serve the page on a host name or an IPv4 address and list that, such as "http://localhost:*" or "http://192.168.1.20:*".',
        ),
      );
  });

  it('refuses anything else that is not a source, such as one that could end the directive', () => {
    for (const source of [
      'shop.example',
      'https:',
      'https://shop.example/',
      'http://localhost:*; script-src *',
      'http://shop.example:80:90',
      'http://a*b',
    ])
      assert.throws(
        () => checkFrameAncestor(source),
        new TypeError(`frameAncestors: "${source}" is not a source such as "https://shop.example" or "http://localhost:*".`),
      );
  });
});
