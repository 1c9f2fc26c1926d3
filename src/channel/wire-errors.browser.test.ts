import { assert } from '@open-wc/testing';
import { ApiError, AuthenticationError, ValidationError } from '../tokenize/errors.js';
import { ConfigurationError, NetworkError, PayCardError, TimeoutError } from '../shared/errors.js';
import { packError, unpackError, wireError, type WireError } from './wire-errors.js';

/** Packs in the frame, crosses as `postMessage` would, and rebuilds on the host. */
function cross(error: unknown): { wire: WireError; error: Error } {
  const wire = structuredClone(packError(error));
  assert.ok(wireError(wire), `the host accepts ${JSON.stringify(wire)}`);
  return { wire, error: unpackError(wire) };
}

/** Anything the service might say, with a card number in it, as a careless service might. */
const SERVER_TEXT = 'Card 4111111111111111 refused by issuer <script>';

it('a ValidationError crosses with its field and reason, and is one on the host', () => {
  const { wire, error } = cross(new ValidationError('card.cvv', 'invalid_cvv_length'));
  assert.deepEqual(wire, { name: 'ValidationError', field: 'card.cvv', reason: 'invalid_cvv_length' });
  assert.ok(error instanceof ValidationError && error instanceof PayCardError);
  assert.strictEqual(error.field, 'card.cvv');
  assert.strictEqual(error.reason, 'invalid_cvv_length');
});

it("an ApiError crosses with its code and status; the server's message never does", () => {
  for (const code of ['card_declined', 1001]) {
    const { wire, error } = cross(new ApiError(code, SERVER_TEXT, 402));
    assert.deepEqual(wire, { name: 'ApiError', code, status: 402 });
    assert.ok(error instanceof ApiError);
    assert.strictEqual(error.code, code);
    assert.strictEqual(error.status, 402);
    assert.ok(!error.message.includes('4111') && !error.message.includes('issuer'), error.message);
  }
  // A code that is a sentence rather than a token is not carried either.
  const { wire, error } = cross(new ApiError(SERVER_TEXT, SERVER_TEXT, 400));
  assert.deepEqual(wire, { name: 'ApiError', code: 'invalid', status: 400 });
  assert.ok(!JSON.stringify(wire).includes('4111') && !error.message.includes('4111'));
});

it('authentication, configuration, timeout and network errors cross as their classes, with messages written on the host', () => {
  const auth = cross(new AuthenticationError(SERVER_TEXT));
  assert.deepEqual(auth.wire, { name: 'AuthenticationError' });
  assert.ok(auth.error instanceof AuthenticationError);
  const config = cross(new ConfigurationError(SERVER_TEXT));
  assert.deepEqual(config.wire, { name: 'ConfigurationError' });
  assert.ok(config.error instanceof ConfigurationError);
  const timeout = cross(new TimeoutError(SERVER_TEXT, { timeoutMs: 15_000 }));
  assert.deepEqual(timeout.wire, { name: 'TimeoutError', timeoutMs: 15_000 });
  assert.ok(timeout.error instanceof TimeoutError && timeout.error instanceof NetworkError);
  assert.strictEqual((timeout.error as TimeoutError).timeoutMs, 15_000);
  const network = cross(new NetworkError(SERVER_TEXT));
  assert.deepEqual(network.wire, { name: 'NetworkError' });
  assert.ok(network.error instanceof NetworkError && !(network.error instanceof TimeoutError));
  for (const { error } of [auth, config, timeout, network]) assert.ok(!error.message.includes('4111'), error.message);
});

it('an abort crosses as an AbortError', () => {
  const { wire, error } = cross(new DOMException('stale', 'AbortError'));
  assert.deepEqual(wire, { name: 'AbortError' });
  assert.strictEqual(error.name, 'AbortError');
  assert.ok(!(error instanceof PayCardError));
});

it('anything else crosses as a NetworkError, as the shopper was told', () => {
  const others = [
    new TypeError(SERVER_TEXT),
    new Error('ValidationError'),
    { name: 'ApiError', message: SERVER_TEXT },
    SERVER_TEXT,
    null,
    undefined,
    42,
  ];
  for (const thrown of others) {
    const { wire, error } = cross(thrown);
    assert.deepEqual(wire, { name: 'NetworkError' }, String(thrown));
    assert.ok(error instanceof NetworkError && !(error instanceof TimeoutError));
  }
});
