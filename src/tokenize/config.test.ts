import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTokenizeConfig } from './config.js';
import { AuthenticationError } from './errors.js';
import { ConfigurationError } from '../shared/errors.js';

test('a well-formed key and an https or loopback address pass, normalised', () => {
  assert.equal(checkTokenizeConfig('pk_test_51LojaExemplo', 'https://api.example.com/', 'x()'), 'https://api.example.com');
  assert.equal(checkTokenizeConfig('pk_live_51LojaExemplo', 'http://127.0.0.1:4010', 'x()'), 'http://127.0.0.1:4010');
});

test('a missing or malformed key is an AuthenticationError that names the caller and never echoes the key', () => {
  for (const key of ['', 'sk_live_51SecretValue', 'pk_test_short', undefined, 42]) {
    assert.throws(
      () => checkTokenizeConfig(key, 'https://api.example.com', '<pay-card-form>'),
      (error: Error) =>
        error instanceof AuthenticationError && error.message.startsWith('<pay-card-form>:') && !error.message.includes('Secret'),
      String(key),
    );
  }
});

test('a secret key where the public key goes is called a secret key, to remove and rotate, and is never echoed', () => {
  for (const key of ['sk_test_51LojaExemploSecret0001', 'sk_live_51SecretValue', ' sk_live_51SecretValue\n', 'sk_test_']) {
    assert.throws(
      () => checkTokenizeConfig(key, 'https://api.example.com', 'tokenize()'),
      (error: Error) =>
        error instanceof AuthenticationError &&
        /^tokenize\(\): this is your secret key: remove it from the page and rotate it, then use the public key: /.test(error.message) &&
        !error.message.includes(key.trim()),
      JSON.stringify(key),
    );
  }
  // A public key that is only malformed is not called secret.
  assert.throws(() => checkTokenizeConfig('pk_test_short', 'https://api.example.com', 'x()'), /public key is missing or malformed/);
});

test('a bad base address is a ConfigurationError, checked after the key', () => {
  for (const url of ['', '/api', 'http://payments.example.com', undefined]) {
    assert.throws(() => checkTokenizeConfig('pk_test_51LojaExemplo', url, 'x()'), ConfigurationError, String(url));
  }
  assert.throws(() => checkTokenizeConfig('bad', '', 'x()'), AuthenticationError);
});
