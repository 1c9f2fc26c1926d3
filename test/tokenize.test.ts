import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestToken, tokenize } from '../src/tokenize/tokenize.js';
import { ApiError, AuthenticationError, ValidationError } from '../src/tokenize/errors.js';
import { ConfigurationError, NetworkError, PayCardError, TimeoutError } from '../src/shared/errors.js';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { createClock } from '../src/sandbox/clock.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';

const [merchant] = MERCHANTS;
// Always in the future, whenever the suite runs.
const YEAR = String(new Date().getFullYear() + 5);
const card = { number: '4111 1111 1111 1111', holderName: 'Ana Silva', expirationMonth: '12', expirationYear: YEAR, cvv: '123' };
let sandbox: Sandbox;
let opts: { publicKey: string; baseUrl: string };

before(async () => {
  sandbox = await createSandbox();
  opts = { publicKey: merchant!.publicKey, baseUrl: sandbox.url };
});
after(() => sandbox.close());

/** A local server that answers every request with `handler`. */
async function stubServer(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Asserts that nothing about the card's secrets leaks into an error. */
function assertNoCardData(err: unknown) {
  const text = [String(err), (err as Error).message, JSON.stringify(err), (err as Error).stack ?? ''].join('\n');
  assert.ok(!text.includes('4111111111111111') && !text.includes('4111 1111 1111 1111'), 'PAN leaked');
  assert.ok(!/\b123\b/.test((err as Error).message), 'CVV leaked');
}

test('returns exactly the TokenizeResult fields from the sandbox', async () => {
  const result = await tokenize(card, opts);
  assert.deepEqual(Object.keys(result).sort(), ['brand', 'expirationMonth', 'expirationYear', 'firstSixDigits', 'lastFourDigits', 'token']);
  assert.match(result.token, /^tok_/);
  assert.equal(result.brand, 'visa');
  assert.equal(result.lastFourDigits, '1111');
  assert.equal(result.firstSixDigits, '411111');
  assert.equal(result.expirationMonth, '12');
  assert.equal(result.expirationYear, YEAR);
});

test('the same card gives the same token, without a duplicate', async () => {
  const before = sandbox.context.tokens.size;
  const a = await tokenize({ ...card, number: '5555555555554444' }, opts);
  const b = await tokenize({ ...card, number: '5555 5555 5555 4444', holderName: 'ANA SILVA', cvv: '999' }, opts);
  assert.equal(a.token, b.token);
  assert.equal(sandbox.context.tokens.size, before + 1);
  const renewed = await tokenize({ ...card, number: '5555555555554444', expirationYear: String(Number(YEAR) + 1) }, opts);
  assert.notEqual(renewed.token, a.token);
});

test('the sandbox stores no CVV', async () => {
  const { token } = await tokenize({ ...card, number: '378282246310005', cvv: '1234' }, opts);
  const stored = sandbox.context.tokens.find(merchant!.id, token)!;
  assert.equal(stored.brand, 'amex');
  assert.ok(!('cvv' in stored));
  // The token is random and the time is the clock's: either may hold "1234" by chance. Every other value is what was typed.
  const { token: _token, createdAt: _createdAt, ...typed } = stored;
  assert.ok(!JSON.stringify(typed).includes('1234'));
  assert.ok(!Object.values(stored).some((value) => String(value) === '1234'));
});

test('invalid fields throw ValidationError with the field, before any request', async () => {
  let calls = 0;
  const counting: typeof fetch = (...args) => {
    calls++;
    return fetch(...args);
  };
  const cases: [Partial<typeof card>, string, string][] = [
    [{ number: '411111111111' }, 'card.number', 'too_short'],
    [{ number: '4111111111111112' }, 'card.number', 'failed_luhn'],
    [{ holderName: '  ' }, 'card.holderName', 'required'],
    [{ expirationMonth: '13' }, 'card.expirationMonth', 'invalid_month'],
    [{ expirationYear: '31' }, 'card.expirationYear', 'invalid_year'],
    [{ expirationYear: '2020' }, 'card.expirationYear', 'expired'],
    [{ cvv: '12' }, 'card.cvv', 'invalid_cvv_length'],
  ];
  for (const [patch, field, reason] of cases) {
    await assert.rejects(tokenize({ ...card, ...patch }, { ...opts, fetch: counting }), (err: unknown) => {
      assert.ok(err instanceof ValidationError, String(err));
      assert.equal(err.field, field);
      assert.equal(err.reason, reason);
      assertNoCardData(err);
      return true;
    });
  }
  assert.equal(calls, 0);
});

test('a malformed public key throws AuthenticationError without a request', async () => {
  let calls = 0;
  const counting: typeof fetch = (...args) => {
    calls++;
    return fetch(...args);
  };
  for (const publicKey of ['', 'pk_test_', undefined as unknown as string]) {
    await assert.rejects(tokenize(card, { ...opts, publicKey, fetch: counting }), AuthenticationError);
  }
  assert.equal(calls, 0);
});

// A secret key in the options: test/misconfiguration.test.ts.

test('a missing, relative or plain-http remote baseUrl throws ConfigurationError without a request', async () => {
  let calls = 0;
  const counting: typeof fetch = (...args) => {
    calls++;
    return fetch(...args);
  };
  // An empty or relative base would post the card to the merchant's own page origin (§1.1).
  for (const baseUrl of ['', '/api', 'v1', 'http://pay.example.com', 'ftp://127.0.0.1', 'https://user:pw@pay.example.com']) {
    await assert.rejects(tokenize(card, { ...opts, baseUrl, fetch: counting }), (err: unknown) => {
      assert.ok(err instanceof ConfigurationError, `${baseUrl}: ${String(err)}`);
      assertNoCardData(err);
      return true;
    });
  }
  assert.equal(calls, 0);
});

test('an unknown or inactive key throws AuthenticationError from the service', async () => {
  await assert.rejects(tokenize(card, { ...opts, publicKey: 'pk_test_doesNotExist123' }), (err: unknown) => {
    assert.ok(err instanceof AuthenticationError);
    assert.match((err as Error).message, /unknown/i);
    return true;
  });
  await assert.rejects(tokenize(card, { ...opts, publicKey: merchant!.inactivePublicKey }), (err: unknown) => {
    assert.ok(err instanceof AuthenticationError);
    assert.match((err as Error).message, /inactive/i);
    assertNoCardData(err);
    return true;
  });
});

test('requestToken sends the card it is given without checking it again (the element checks once per submit)', async () => {
  // Expired by the client's rules: tokenize() refuses it before any request; requestToken() leaves the check to the service.
  const expired = { ...card, number: '4111111111111111', expirationYear: '2020' };
  await assert.rejects(tokenize(expired, opts), ValidationError);
  await assert.rejects(requestToken(expired, opts), (err: unknown) => {
    assert.ok(err instanceof ApiError, String(err));
    assert.equal(err.status, 422);
    assert.match(err.message, /card\.expirationYear/);
    assertNoCardData(err);
    return true;
  });
  // A valid card, as validateCard normalizes it, gets its token.
  assert.match((await requestToken({ ...card, number: '4111111111111111' }, opts)).token, /^tok_/);
});

test('a card the service refuses throws ApiError with its code and message', async () => {
  // Valid by the client's clock, expired by the service's: only the service can say no.
  // Its own sandbox, with a clock past the card's expiry, so the shared one keeps today's date.
  const later = await createSandbox({ clock: createClock({ frozenAt: new Date(Number(YEAR) + 1, 1, 1).getTime() }) });
  try {
    await assert.rejects(tokenize(card, { ...opts, baseUrl: later.url, now: new Date(Number(YEAR), 0, 1) }), (err: unknown) => {
      assert.ok(err instanceof ApiError, String(err));
      assert.equal(err.code, 4002);
      assert.equal(err.status, 422);
      assert.match(err.message, /card\.expirationYear/);
      assertNoCardData(err);
      return true;
    });
  } finally {
    await later.close();
  }
});

test('a malformed answer throws ApiError("invalid_response")', async () => {
  const html = await stubServer((_req, res) => res.end('<html>gateway</html>'));
  const partial = await stubServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ code: 200, message: 'success', data: { token: 'tok_x', brand: 'visa' }, time: 0 }));
  });
  const noCode = await stubServer((_req, res) => res.end(JSON.stringify({ data: {} })));
  try {
    for (const server of [html, partial, noCode]) {
      await assert.rejects(tokenize(card, { ...opts, baseUrl: server.url }), (err: unknown) => {
        assert.ok(err instanceof ApiError, String(err));
        assert.equal(err.code, 'invalid_response');
        return true;
      });
    }
  } finally {
    await Promise.all([html.close(), partial.close(), noCode.close()]);
  }
});

test('a refused connection throws NetworkError', async () => {
  const gone = await stubServer(() => {});
  await gone.close();
  await assert.rejects(tokenize(card, { ...opts, baseUrl: gone.url }), (err: unknown) => {
    assert.ok(err instanceof NetworkError && !(err instanceof TimeoutError), String(err));
    assertNoCardData(err);
    return true;
  });
});

test('no answer in time throws TimeoutError; an abort rejects with the abort reason', async () => {
  const silent = await stubServer(() => {});
  try {
    await assert.rejects(tokenize(card, { ...opts, baseUrl: silent.url, timeoutMs: 200 }), (err: unknown) => {
      assert.ok(err instanceof TimeoutError);
      assert.ok(err instanceof NetworkError);
      assert.equal(err.timeoutMs, 200);
      return true;
    });
    const controller = new AbortController();
    const pending = tokenize(card, { ...opts, baseUrl: silent.url, signal: controller.signal });
    controller.abort(new Error('shopper left'));
    await assert.rejects(pending, /shopper left/);
  } finally {
    await silent.close();
  }
});

test('errors are recognisable across realms', () => {
  assert.ok(PayCardError.isPayCardError(new ValidationError('card.cvv', 'required')));
  assert.ok(PayCardError.isPayCardError(new TimeoutError('x', { timeoutMs: 1 })));
  assert.ok(!PayCardError.isPayCardError(new Error('x')));
  assert.equal(new AuthenticationError('x').name, 'AuthenticationError');
});
