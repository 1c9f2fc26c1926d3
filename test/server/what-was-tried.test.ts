/**
 * Every error of the server helper names what it tried: the operation, the
 * method and the URL path; a transport error also the host and port. None
 * holds a secret, the Basic credential, the query string or the body. Against
 * the sandbox and throwaway servers on loopback, over real HTTP.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../../src/sandbox/sandbox.js';
import { clientFor } from '../../src/sandbox/v3/test-helpers.js';
import { v3Credential } from '../../src/sandbox/v3/fixtures.js';
import { createCharge } from '../../src/server/charges.js';
import { createClient } from '../../src/server/client.js';
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
import { closedPort } from '../closed-port.js';
import { CHARGE_CALL, SECRET_KEY, STATUS_CALL, assertNothingSecret, charge, failure } from './nothing-secret.js';
import { startRawServer } from './raw-servers.js';

/** A local address where nothing listens. */
async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await closedPort()}`;
}

describe('errors name what they tried, against the sandbox', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await createSandbox();
  });
  after(() => sandbox.close());

  // A wrong secret key (401) and a baseUrl with the wrong path (404): test/misconfiguration.test.ts.

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
    const url = await closedPortUrl();
    const invalid = await failure(createCharge({ baseUrl: url, secretKey: SECRET_KEY }, { ...charge, amount: -1 }));
    assert.ok(invalid instanceof RequestValidationError);
    assert.ok(invalid.message.startsWith(`Invalid request for ${CHARGE_CALL}: amount`), invalid.message);
    const policy = await failure(clientFor('PLATFORM', url).transfers.statusCheck({ txn_id: 't' }));
    assert.ok(policy instanceof CredentialPolicyError);
    assert.ok(policy.message.startsWith(`${STATUS_CALL}: `), policy.message);
  });
});

// Transport errors (refused, unresolvable, no answer in time) name the host and port: test/misconfiguration.test.ts.
