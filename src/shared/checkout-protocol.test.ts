import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CHECKOUT_ERRORS,
  CHECKOUT_LIMITS,
  checkCardPaymentRequest,
  checkPixCodeRequest,
  pixStatusUrl,
  readCardAnswer,
  readCheckoutError,
  readPixCode,
} from './checkout-protocol.js';

const CARD = { orderId: 'pedido-42', token: 'tok_abc', installments: 6, taxId: '123.456.789-09' };

test('a card payment request: taken as declared, extra fields dropped, the first bad field named', () => {
  assert.deepEqual(checkCardPaymentRequest({ ...CARD, amount: 1, locale: 'en' }), { ok: true, value: { ...CARD, locale: 'en' } });
  const { taxId: _taxId, ...withoutTaxId } = CARD;
  assert.deepEqual(checkCardPaymentRequest(withoutTaxId), { ok: true, value: withoutTaxId });
  const refused: [unknown, string][] = [
    [null, ''],
    [[CARD], ''],
    ['text', ''],
    [{ ...CARD, orderId: '' }, 'orderId'],
    [{ ...CARD, orderId: 'a b' }, 'orderId'],
    [{ ...CARD, orderId: 'x'.repeat(CHECKOUT_LIMITS.orderId + 1) }, 'orderId'],
    [{ ...CARD, orderId: 42 }, 'orderId'],
    [{ ...CARD, token: 'tok\n' }, 'token'],
    [{ ...CARD, installments: 0 }, 'installments'],
    [{ ...CARD, installments: 2.5 }, 'installments'],
    [{ ...CARD, installments: '6' }, 'installments'],
    [{ ...CARD, taxId: 12345678909 }, 'taxId'],
    [{ ...CARD, taxId: '1'.repeat(CHECKOUT_LIMITS.taxId + 1) }, 'taxId'],
    [{ ...CARD, locale: ['pt'] }, 'locale'],
  ];
  for (const [body, field] of refused) assert.deepEqual(checkCardPaymentRequest(body), { ok: false, field }, JSON.stringify(body));
  assert.equal(CHECKOUT_LIMITS.orderId, 128);
  assert.deepEqual(checkCardPaymentRequest({ ...CARD, orderId: 'x'.repeat(128) }).ok, true);
});

test('a Pix request', () => {
  assert.deepEqual(checkPixCodeRequest({ orderId: 'pedido-42', amount: 1 }), { ok: true, value: { orderId: 'pedido-42' } });
  assert.deepEqual(checkPixCodeRequest({}), { ok: false, field: 'orderId' });
});

test('a page reads the answers, and nothing that is not one', () => {
  const approved = {
    outcome: 'approved',
    orderId: 'p',
    chargeId: 'ch_1',
    installments: 6,
    installment: 2318,
    firstInstallment: 2318,
    total: 13908,
    interestFree: false,
  };
  assert.deepEqual(readCardAnswer(approved), approved);
  assert.equal(readCardAnswer({ ...approved, total: 139.08 }), null);
  const declined = { outcome: 'declined', orderId: 'p', reason: 'insufficient_funds', message: 'x' };
  assert.deepEqual(readCardAnswer(declined), declined);
  assert.equal(readCardAnswer({ ...declined, reason: 'stolen' }), null);
  assert.equal(readCardAnswer({ error: 'already_paid', message: 'x' }), null);
  const code = {
    orderId: 'p',
    qrCodeId: 'qr_1',
    payload: '000201',
    amount: '45.90',
    expiresAt: '2026-11-22T18:30:00.000Z',
    reference: 'p1.x.y',
    serverTime: 1,
  };
  assert.deepEqual(readPixCode(code), code);
  assert.equal(readPixCode({ ...code, amount: 45.9 }), null);
  assert.deepEqual(readCheckoutError({ error: 'already_paid', message: 'x' }), { error: 'already_paid', message: 'x' });
  assert.equal(readCheckoutError({ error: 'toString', message: 'x' }), null);
});

test('every error has a 4xx or 5xx status, and the status address is built one way', () => {
  for (const [code, status] of Object.entries(CHECKOUT_ERRORS)) assert.ok(status >= 400 && status < 600, code);
  assert.equal(pixStatusUrl('/api/checkout/', 'p1.a-b_c.0f'), '/api/checkout/pix/status?reference=p1.a-b_c.0f');
  assert.equal(pixStatusUrl('https://shop.example/checkout', 'a+b'), 'https://shop.example/checkout/pix/status?reference=a%2Bb');
});
