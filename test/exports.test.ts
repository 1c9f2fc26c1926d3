/**
 * The package as a consumer sees it: the built files reached through the
 * `exports` map by the package's own name (run `npm run build` first;
 * `npm test` does).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';

test('pay-card-form/core works in Node and carries the fixed public surface', async () => {
  const core = await import('pay-card-form/core');
  for (const name of ['tokenize', 'detectBrand', 'formatCardNumber', 'validateCard', 'ValidationError', 'AuthenticationError', 'ApiError']) {
    assert.ok(name in core, `${name} is exported`);
  }
  assert.equal(core.detectBrand('4389350000000002'), 'elo');
  assert.equal(core.formatCardNumber('378282246310005'), '3782 822463 10005');
});

test('importing the element entry in Node (server-side rendering) does not crash', async () => {
  const mod = await import('pay-card-form');
  assert.equal(typeof mod.PayCardForm, 'function');
  assert.equal(typeof mod.tokenize, 'function');
});

test('pay-card-form/sandbox starts and stops', async () => {
  const { createSandbox } = await import('pay-card-form/sandbox');
  const sandbox = await createSandbox();
  try {
    const res = await fetch(`${sandbox.url}/v1/tokens`, { method: 'POST' });
    assert.equal(res.status, 401);
  } finally {
    await sandbox.close();
  }
});
