import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createSandbox } from './sandbox.js';
import { ALL_OPERATIONS } from '../server/schemas/operations.js';
import { CHARGES_PATH } from '../server/schemas/charges.js';
import { TOKENS_PATH } from '../tokenize/wire.js';
import { ConsolePath } from '../console/api.js';
import { NOT_SHOWN } from './openapi.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const sandbox = await createSandbox();
after(() => sandbox.close());
const res = await fetch(new URL(ConsolePath.OPENAPI, sandbox.url));
const doc = (await res.json()) as Json;

test('GET /openapi.json is a valid OpenAPI 3.1 document, by a real validator', async () => {
  assert.equal(res.status, 200);
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc));
  assert.deepEqual(result.errors ?? [], []);
  assert.equal(result.valid, true);
  assert.equal(validator.version, '3.1');
  // The refs all resolve (a dangling one throws here).
  assert.ok(validator.resolveRefs());
});

test('a broken document fails the same validator: the check above can fail', async () => {
  const broken = structuredClone(doc);
  broken.paths[CHARGES_PATH].post.responses = 'none';
  assert.equal((await new Validator().validate(broken)).valid, false);
});

test('every path: the 31 v3 operations, /v1/charges and /v1/tokens, and nothing else', () => {
  assert.equal(ALL_OPERATIONS.length, 31);
  assert.deepEqual(Object.keys(doc.paths).sort(), [...ALL_OPERATIONS.map((op) => op.path), CHARGES_PATH, TOKENS_PATH].sort());
  for (const op of ALL_OPERATIONS) {
    const post = doc.paths[op.path].post;
    assert.equal(post.operationId, op.name);
    assert.deepEqual(post.security, [{ ClientId: [], Timestamp: [], Nonce: [], Signature: [] }], op.name);
    assert.ok(post.requestBody.content['application/json'].schema, op.name);
    assert.deepEqual(post.responses['200'].content['application/json'].schema.allOf[0], { $ref: '#/components/schemas/Envelope' });
    assert.ok(post.responses['401'] && post.responses['403'], op.name);
  }
});

test('the signing headers are described, and the envelope', () => {
  const schemes = doc.components.securitySchemes;
  assert.deepEqual(
    ['ClientId', 'Timestamp', 'Nonce', 'Signature'].map((s) => schemes[s].name),
    ['X-Client-ID', 'X-Timestamp', 'X-Nonce', 'X-Signature'],
  );
  assert.equal(schemes.SecretKey.scheme, 'basic');
  assert.equal(schemes.PublicKey.scheme, 'bearer');
  assert.deepEqual(Object.keys(doc.components.parameters).sort(), ['AccountNumber', 'ContentHash', 'Ispb']);
  assert.deepEqual(doc.components.schemas.Envelope.required.sort(), ['code', 'data', 'message', 'time']);
});

test('the bodies are the zod schemas: a field of the shared schema is there, with its rules', () => {
  const refund = doc.paths['/v3/refunds/pix'].post.requestBody.content['application/json'].schema;
  assert.deepEqual(refund.required.sort(), ['amount', 'merchant_order_id', 'original_settlement_id']);
  assert.equal(refund.additionalProperties, false);
  assert.match(refund.properties.amount.pattern, /\[0-9\]/);
  const charge = doc.paths[CHARGES_PATH].post.requestBody.content['application/json'].schema;
  assert.ok(charge.properties.payment_details.properties.token);
  const token = doc.paths[TOKENS_PATH].post;
  assert.deepEqual(Object.keys(token.requestBody.content['application/json'].schema.properties.card.properties), [
    'number',
    'holderName',
    'expirationMonth',
    'expirationYear',
    'cvv',
  ]);
  assert.ok(token.responses['200'].content['application/json'].schema.allOf[1].properties.data.properties.lastFourDigits);
});

test('"not shown" shapes are marked as our choice, and only those', () => {
  const details = doc.paths['/v3/refunds/details'].post;
  assert.deepEqual(details[NOT_SHOWN], ['request', 'response']);
  assert.equal(details.requestBody.content['application/json'].schema[NOT_SHOWN], true);
  assert.equal(doc.paths['/v3/refunds/pix'].post[NOT_SHOWN], undefined);
  assert.deepEqual(doc.paths[TOKENS_PATH].post[NOT_SHOWN], ['path', 'request', 'response']);
  assert.deepEqual(doc.paths[CHARGES_PATH].post[NOT_SHOWN], ['response']);
  const marked = Object.values(doc.paths).filter((p) => (p as Json).post[NOT_SHOWN]).length;
  assert.ok(marked > 5 && marked < 33, `${marked} operations marked`);
});
