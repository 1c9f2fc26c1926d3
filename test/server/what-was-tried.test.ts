/**
 * Every error of the server helper names what it tried: the operation, the
 * method and the URL path; a transport error also the host and port. None
 * holds a secret, the Basic credential, the query string or the body. Against
 * the sandbox and throwaway servers on loopback, over real HTTP.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createSandbox, type Sandbox } from '../../src/sandbox/sandbox.js';
import { MERCHANTS } from '../../src/sandbox/merchants.js';
import { clientFor } from '../../src/sandbox/v3/test-helpers.js';
import { v3Credential } from '../../src/sandbox/v3/fixtures.js';
import { basicAuthorization, createCharge } from '../../src/server/charges.js';
import { createClient } from '../../src/server/client.js';
import type { ChargeRequest } from '../../src/server/schemas/charges.js';
import {
  BusinessError,
  ChargeOutcomeUnknownError,
  CredentialPolicyError,
  HttpStatusError,
  MalformedResponseError,
  PermissionDeniedError,
  RequestValidationError,
  SignatureRejectedError,
} from '../../src/server/errors.js';
import { NetworkError, PayCardError, TimeoutError } from '../../src/shared/errors.js';
import { startRawServer } from './raw-servers.js';

const SECRET_KEY = MERCHANTS[0]!.secretKey;
const V3_SECRET = v3Credential('ACCOUNT').secret;
/** Values of the request body: none may appear in an error. */
const BODY_TOKEN = 'tok_BodyMarker7731';
const BODY_NAME = 'Ana Marcadora';
const charge: ChargeRequest = {
  amount: 100,
  payment_method: 'credit_card',
  customer: { name: BODY_NAME },
  payment_details: { token: BODY_TOKEN, installments: 1 },
};
const CHARGE_CALL = 'charges.create (POST /v1/charges)';
const STATUS_CALL = 'transfers.statusCheck (POST /v3/transfers/status/check)';

/** The error a promise rejects with; fails the test when it resolves. */
async function failure(promise: Promise<unknown>): Promise<PayCardError> {
  const outcome = await promise.then(
    () => assert.fail('expected a rejection'),
    (error: unknown) => error,
  );
  assert.ok(PayCardError.isPayCardError(outcome), String(outcome));
  return outcome;
}

/** Nothing secret, nor the body, nor a query string, anywhere in the error. */
function assertNothingSecret(error: Error): void {
  const text = [error.message, String(error), JSON.stringify(error), error.stack ?? '', JSON.stringify(error.cause ?? null)].join('\n');
  for (const value of [SECRET_KEY, basicAuthorization(SECRET_KEY).slice('Basic '.length), V3_SECRET, BODY_TOKEN, BODY_NAME]) {
    assert.ok(!text.includes(value), `${error.name} holds ${value.slice(0, 6)}…: ${error.message}`);
  }
  assert.doesNotMatch(error.message, /\?[\w-]+=/, 'a query string');
}

/** A local address where nothing listens: a port the system gave out, then freed. */
async function closedPortUrl(): Promise<{ url: string; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  // Linux hands ephemeral ports out at random from a range of about 28,000: this one being taken again within the test is unlikely.
  return { url: `http://127.0.0.1:${port}`, port };
}

describe('errors name what they tried, against the sandbox', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await createSandbox();
  });
  after(() => sandbox.close());

  it('a wrong secret key: the 401 hint shows the Basic scheme in full, and no secret', async () => {
    const error = await failure(createCharge({ baseUrl: sandbox.url, secretKey: 'sk_test_51SomeoneElse0000' }, charge));
    assert.ok(error instanceof HttpStatusError && !(error instanceof SignatureRejectedError));
    assert.equal(error.status, 401);
    assert.ok(error.message.startsWith(`${CHARGE_CALL}: the server refused the credential (HTTP 401)`), error.message);
    assert.ok(error.message.includes('"Authorization: Basic base64(<secret key>:)"'), error.message);
    // The sandbox's own words pass redaction whole too.
    assert.ok(error.message.includes('The server said: "The secret key is missing or unknown'), error.message);
    assert.doesNotMatch(error.message, /\[redacted\]/);
    assert.ok(!error.message.includes('sk_test_51SomeoneElse0000'));
    assertNothingSecret(error);
  });

  it('a baseUrl with the wrong path: the 404 names the path it tried and says to check baseUrl', async () => {
    const charged = await failure(createCharge({ baseUrl: `${sandbox.url}/pay`, secretKey: SECRET_KEY }, charge));
    assert.ok(charged instanceof HttpStatusError);
    assert.equal(charged.status, 404);
    assert.ok(charged.message.startsWith('charges.create (POST /pay/v1/charges) failed with HTTP 404. Check baseUrl'), charged.message);
    assertNothingSecret(charged);
    const read = await failure(clientFor('ACCOUNT', `${sandbox.url}/pay`, { maxReadRetries: 0 }).transfers.statusCheck({ txn_id: 't' }));
    assert.ok(read instanceof HttpStatusError);
    assert.ok(read.message.startsWith('transfers.statusCheck (POST /pay/v3/transfers/status/check) failed with HTTP 404'), read.message);
    assertNothingSecret(read);
  });

  it('a v3 signature the sandbox rejects names the call', async () => {
    const { clientId } = v3Credential('ACCOUNT');
    const client = createClient({ baseUrl: sandbox.url, credential: { clientId, secret: 'not-the-secret', kind: 'ACCOUNT' } });
    const error = await failure(client.transfers.statusCheck({ txn_id: 't' }));
    assert.ok(error instanceof SignatureRejectedError);
    assert.ok(error.message.startsWith(`${STATUS_CALL}: the server rejected the request signature (HTTP 401`), error.message);
    assertNothingSecret(error);
  });
});

describe('errors name what they tried, whatever the upstream answers', () => {
  type ErrorClass = abstract new (...args: never[]) => Error;
  const answers: { name: string; status: number; body: string; v3: ErrorClass; charge: ErrorClass }[] = [
    {
      name: '403',
      status: 403,
      body: '{"code":403,"message":"no","data":{"reason":"blocked"},"time":1}',
      v3: PermissionDeniedError,
      charge: PermissionDeniedError,
    },
    { name: '500 text', status: 500, body: 'Internal error', v3: HttpStatusError, charge: HttpStatusError },
    { name: '200 not JSON', status: 200, body: '<html>', v3: MalformedResponseError, charge: ChargeOutcomeUnknownError },
    {
      name: '200 with a business code',
      status: 200,
      body: '{"code":5001,"message":"busy","data":null,"time":1}',
      v3: BusinessError,
      charge: BusinessError,
    },
  ];
  for (const answer of answers) {
    it(`${answer.name}: the v3 call and the charge both name their method and path`, async () => {
      const server = await startRawServer((_req, res) => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      });
      try {
        const read = await failure(clientFor('ACCOUNT', server.url, { maxReadRetries: 0 }).transfers.statusCheck({ txn_id: 't' }));
        assert.ok(read instanceof answer.v3, `${read.name}: ${read.message}`);
        assert.ok(read.message.startsWith(STATUS_CALL), read.message);
        assertNothingSecret(read);
        const charged = await failure(createCharge({ baseUrl: server.url, secretKey: SECRET_KEY }, charge));
        assert.ok(charged instanceof answer.charge, `${charged.name}: ${charged.message}`);
        assert.ok(charged.message.startsWith(CHARGE_CALL), charged.message);
        assertNothingSecret(charged);
      } finally {
        await server.close();
      }
    });
  }

  it('errors raised before sending name the call too', async () => {
    const { url } = await closedPortUrl();
    const invalid = await failure(createCharge({ baseUrl: url, secretKey: SECRET_KEY }, { ...charge, amount: -1 }));
    assert.ok(invalid instanceof RequestValidationError);
    assert.ok(invalid.message.startsWith(`Invalid request for ${CHARGE_CALL}: amount`), invalid.message);
    const policy = await failure(clientFor('PLATFORM', url).transfers.statusCheck({ txn_id: 't' }));
    assert.ok(policy instanceof CredentialPolicyError);
    assert.ok(policy.message.startsWith(`${STATUS_CALL}: `), policy.message);
  });
});

describe('transport errors also name the host and port', () => {
  /** Both kinds of call against `url`, a charge and a v3 read sent once, each started when the test awaits it (no rejection left unhandled). */
  const bothCalls = (url: string, timeoutMs?: number) => [
    () => createCharge({ baseUrl: url, secretKey: SECRET_KEY, timeoutMs }, charge),
    () => clientFor('ACCOUNT', url, { maxReadRetries: 0, timeoutMs }).transfers.statusCheck({ txn_id: 't' }),
  ];
  const named = (error: Error, hostPort: string, what: string) =>
    [CHARGE_CALL, STATUS_CALL].some((call) => error.message.startsWith(`${call} ${what} ${hostPort}`));

  it('a refused connection (ECONNREFUSED)', async () => {
    const { url, port } = await closedPortUrl();
    for (const start of bothCalls(url)) {
      const error = await failure(start());
      assert.ok(error instanceof NetworkError && !(error instanceof TimeoutError), error.message);
      assert.equal((error.cause as { code?: string }).code, 'ECONNREFUSED');
      assert.ok(named(error, `127.0.0.1:${port} (ECONNREFUSED)`, 'could not reach'), error.message);
      assertNothingSecret(error);
    }
  });

  it('a name that does not resolve: the default port written out', async () => {
    // .invalid never resolves (RFC 2606); offline, the resolver may say EAI_AGAIN instead of ENOTFOUND.
    for (const start of bothCalls('https://pay.invalid')) {
      const error = await failure(start());
      assert.ok(error instanceof NetworkError, error.message);
      assert.ok(/could not reach pay\.invalid:443 \((ENOTFOUND|EAI_AGAIN)\)/.test(error.message), error.message);
      assert.ok(named(error, 'pay.invalid:443', 'could not reach'), error.message);
      assertNothingSecret(error);
    }
  });

  it('no answer in time (TimeoutError)', async () => {
    // Takes every request and never answers.
    const server = await startRawServer(() => {});
    try {
      const { port } = new URL(server.url);
      for (const start of bothCalls(server.url, 100)) {
        const error = await failure(start());
        assert.ok(error instanceof TimeoutError, error.message);
        assert.ok(named(error, `127.0.0.1:${port} within 100 ms`, 'got no response from'), error.message);
        assertNothingSecret(error);
      }
    } finally {
      await server.close();
    }
  });
});
