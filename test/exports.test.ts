/**
 * The package as a consumer sees it: the built files reached through the
 * `exports` map by the package's own name (run `npm run build` first;
 * `npm test` does).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';

test('pay-card-form/core works in Node and carries the fixed public surface', async () => {
  const core = await import('pay-card-form/core');
  for (const name of [
    'tokenize',
    'detectBrand',
    'formatCardNumber',
    'validateCard',
    'ValidationError',
    'AuthenticationError',
    'ApiError',
    'installmentOptions',
    'InstallmentConfigError',
    'parseTaxId',
    'formatTaxId',
  ]) {
    assert.ok(name in core, `${name} is exported`);
  }
  assert.equal(core.detectBrand('4389350000000002'), 'elo');
  assert.equal(core.formatCardNumber('378282246310005'), '3782 822463 10005');
  assert.deepEqual(core.parseTaxId('12.ABC.345/01DE-35'), { kind: 'cnpj', value: '12ABC34501DE35' });
  assert.deepEqual(
    core.installmentOptions({ amount: 15990, maxInstallments: 4, interestFree: 4, monthlyRate: '1.99', minInstallment: 500 })[3],
    { count: 4, installment: 3997, firstInstallment: 3999, total: 15990, interestFree: true },
  );
});

test('pay-card-form/pix reads BR Codes in Node and imports without a DOM', async () => {
  const pix = await import('pay-card-form/pix');
  const { encodeBrCode } = await import('../src/pix/br-code.js');
  assert.equal(typeof pix.PayPixQr, 'function');
  const payload = encodeBrCode({
    key: 'loja@example.com',
    amount: '25.00',
    merchantName: 'LOJA EXEMPLO',
    merchantCity: 'SAO PAULO',
    txid: 'PEDIDO42',
  });
  assert.deepEqual(
    { amount: pix.parseBrCode(payload).amount, city: pix.parseBrCode(payload).merchantCity },
    { amount: '25.00', city: 'SAO PAULO' },
  );
  assert.throws(
    () => pix.parseBrCode(payload.slice(0, -1) + (payload.endsWith('0') ? '1' : '0')),
    (error: Error) => error.name === 'BrCodeError',
  );
});

test('importing the element entry in Node (server-side rendering) does not crash', async () => {
  const mod = await import('pay-card-form');
  assert.equal(typeof mod.PayCardForm, 'function');
  // One public path per symbol: the card logic, `tokenize` and the errors are `pay-card-form/core`'s.
  for (const name of ['tokenize', 'detectBrand', 'ConfigurationError', 'FrameError']) assert.ok(!(name in mod), `${name} is core's`);
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
