import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkBaseUrl } from './base-url.js';
import { ConfigurationError } from './errors.js';

const TEST_KEY = 'pk_test_51LojaExemploActive0001';
const LIVE_KEY = 'pk_live_51LojaExemploActive0001';

/** The message `checkBaseUrl` refuses `value` with, or the address it takes. */
function outcome(value: string, key?: string): string {
  try {
    return checkBaseUrl(value, 'tokenize()', key);
  } catch (error) {
    assert.ok(error instanceof ConfigurationError);
    return error.message;
  }
}

describe('checkBaseUrl: https, plain http to this machine, or with a test key to the local network', () => {
  it('takes https anywhere, with any key or none', () => {
    for (const key of [undefined, TEST_KEY, LIVE_KEY]) {
      assert.equal(outcome('https://api.example.com/', key), 'https://api.example.com');
      assert.equal(outcome('https://192.168.1.20:4443/pay/', key), 'https://192.168.1.20:4443/pay');
    }
  });

  it('takes plain http to this machine, with any key or none', () => {
    for (const key of [undefined, TEST_KEY, LIVE_KEY]) {
      for (const url of ['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010', 'http://127.0.0.2:4010'])
        assert.equal(outcome(url, key), url);
    }
  });

  it('takes plain http to a local network address with a test key: a sandbox on the LAN, tried from a phone', () => {
    for (const url of [
      'http://192.168.1.20:4010',
      'http://10.0.0.5:4010',
      'http://172.20.1.1:4010',
      'http://[fd00::2]:4010',
      'http://devbox.local:4010',
    ])
      assert.equal(outcome(url, TEST_KEY), url);
    // The server helper's test key counts too, should a caller pass it.
    assert.equal(outcome('http://192.168.1.20:4010', 'sk_test_51LojaExemploSecret0001'), 'http://192.168.1.20:4010');
  });

  it('refuses plain http to a local network address with a live key, saying a live key needs https', () => {
    for (const key of [LIVE_KEY, 'sk_live_51LojaExemploSecret0001']) {
      const message = outcome('http://192.168.1.20:4010', key);
      assert.equal(
        message,
        'tokenize(): baseUrl must use https: with a live key (plain http: only to this machine, or with a test key to a local network address).',
      );
      // Neither the address nor the key is echoed.
      assert.ok(!message.includes('192.168') && !message.includes(key));
    }
  });

  it('refuses plain http to a local network address with no key, or one that is not a test key, as to any other machine', () => {
    for (const key of [undefined, '', 'pk_tst_51LojaExemploActive0001', ` ${TEST_KEY}`, 'pk_test', 42]) {
      assert.equal(
        outcome('http://192.168.1.20:4010', key as string),
        'tokenize(): baseUrl must use https: (plain http: only to this machine, or with a test key to a local network address).',
        String(key),
      );
    }
  });

  it('refuses other schemes, relative or empty addresses, and credentials or a query, whatever the key', () => {
    for (const key of [undefined, TEST_KEY]) {
      assert.match(outcome('ftp://192.168.1.20', key), /baseUrl must use https: \(plain http: only to this machine/);
      assert.match(outcome('/api', key), /baseUrl is missing or not an absolute URL/);
      assert.match(outcome('', key), /baseUrl is missing or not an absolute URL/);
      assert.match(outcome('http://user:pw@127.0.0.1:4010', key), /must not carry credentials, a query or a fragment/);
      assert.match(outcome('http://127.0.0.1:4010/?x=1', key), /must not carry credentials, a query or a fragment/);
    }
  });
});
