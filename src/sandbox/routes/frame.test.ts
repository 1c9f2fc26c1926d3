import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { allowsAncestor, DEFAULT_FRAME_ANCESTORS } from './frame.js';

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
    [['http://[::1]:*'], 'http://[::1]:3000', true],
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
