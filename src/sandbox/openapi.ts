import * as z from 'zod/mini';
import type { Operation, RouteGroup } from '../server/policy.js';
import { ALL_OPERATIONS } from '../server/schemas/operations.js';
import { Envelope } from '../server/schemas/envelope.js';
import { OpenObject, OpenResponse } from '../server/schemas/common.js';
import { ChargeRequest, ChargeResponse, CHARGES_PATH } from '../server/schemas/charges.js';
import { SignatureHeader, TIMESTAMP_TOLERANCE_MS } from '../server/signing.js';
import { CARD_ERROR_PATHS, type TokenizeResult } from '../card/types.js';
import { BRANDS } from '../card/brand.js';
import { TOKENS_PATH } from '../tokenize/wire.js';
import { MAX_BODY_BYTES, MAX_TOKEN_BODY_BYTES } from './intake.js';

/**
 * `GET /openapi.json`: the contract as OpenAPI 3.1, for backends in other
 * languages. Nothing here is a second copy of a shape: request and response
 * bodies are the zod schemas the client sends with and the sandbox checks
 * with (`src/server/schemas/`, converted by zod's own `toJSONSchema`), the
 * paths and credential rules are the operation table's, and the
 * tokenization wire comes from the field lists the client and the frame use.
 *
 * Where the contract shows no shape (§4.9 "not shown"), the schema is marked
 * `x-not-shown: true` and says what the sandbox does instead (our choice,
 * docs/sandbox.md); operations with such a body are marked too.
 */

/** Marks a schema, or an operation, as our choice where the spec shows nothing. */
export const NOT_SHOWN = 'x-not-shown';

type Json = Record<string, unknown>;

const NOT_SHOWN_TEXT =
  'Not shown by the contract (§4.9): any JSON object. The sandbox stores what was sent and answers it back with its own fields (docs/sandbox.md); a real backend should treat it as open.';

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses), with the open shapes marked. */
function schemaOf(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, {
    io,
    // Refinements (an order ID's date, an amount's range) have no JSON Schema form: their words are in the docs.
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema === OpenObject || zodSchema === OpenResponse) {
        jsonSchema[NOT_SHOWN] = true;
        jsonSchema.description = NOT_SHOWN_TEXT;
      }
    },
  }) as Json;
  delete json.$schema;
  return json;
}

const isOpen = (schema: z.ZodMiniType) => schema === OpenObject || schema === OpenResponse || schema === ChargeResponse;

/** §5.3, per route group, in words: who may call. */
const WHO_MAY_CALL: Record<RouteGroup, string> = {
  account:
    'Acts on one account (§5.3): an ACCOUNT credential (the target pair optional, and naming its own account if sent), or a USER credential with X-ISPB and X-Account-Number. PLATFORM is refused.',
  managed: "The owner's USER credential, without X-ISPB / X-Account-Number (§4.8, §5.3).",
  'master-platform': 'A PLATFORM credential (§5.3).',
  'master-detail': 'A PLATFORM credential, or the USER credential that owns the Master Account (§5.3).',
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const envelopeWith = (data: Json): Json => ({ allOf: [ref('Envelope'), { type: 'object', properties: { data } }] });
const jsonContent = (schema: Json) => ({ 'application/json': { schema } });

/** The envelope answers every route may give before its own logic: the front door of `intake.ts`. */
function frontDoorRefusals(): Json {
  const refusal = (description: string) => ({ description, content: jsonContent(ref('Envelope')) });
  return {
    '400': refusal('The body is not UTF-8 JSON, nests too deep or has a "__proto__" key (code `invalid_json`).'),
    '413': refusal("The body is over the route's limit (code 413, `data.reason` `body_too_large`)."),
    '415': refusal('Content-Type is not application/json (code 415).'),
  };
}

function v3Operation(op: Operation): Json {
  const openParts = [isOpen(op.request) && 'request', isOpen(op.response) && 'response'].filter(Boolean);
  const refusal = (description: string) => ({ description, content: jsonContent(ref('Envelope')) });
  return {
    operationId: op.name,
    tags: [op.name.split('.')[0]],
    summary: op.name,
    description: [
      WHO_MAY_CALL[op.group],
      op.read
        ? 'A read: the client may retry it after a transport failure.'
        : 'Not a read: never retried (the contract has no idempotency key, §4.2).',
      openParts.length > 0 ? `The ${openParts.join(' and ')} shape is not shown by the contract (§4.9): ${NOT_SHOWN_TEXT}` : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
    ...(openParts.length > 0 ? { [NOT_SHOWN]: openParts } : {}),
    'x-route-group': op.group,
    security: [{ ClientId: [], Timestamp: [], Nonce: [], Signature: [] }],
    parameters: ['ContentHash', 'Ispb', 'AccountNumber'].map((name) => ({ $ref: `#/components/parameters/${name}` })),
    requestBody: { required: true, content: jsonContent(schemaOf(op.request, 'input')) },
    responses: {
      '200': {
        description:
          'The §2.1 envelope. `code` 200 carries the data below; any other `code` is a business error (§7.2) in an HTTP 200 envelope, with `data` usually null.',
        content: jsonContent(envelopeWith(schemaOf(op.response, 'output'))),
      },
      '401': refusal(
        'The signature was refused (§5.2); `data.reason` names the check: missing_header, malformed_header, target_pair_incomplete, unknown_client, timestamp_out_of_window, content_hash_mismatch, signature_mismatch, nonce_replayed.',
      ),
      '403': refusal('The credential may not call this route (§5.3); `data.reason` names the rule.'),
      ...frontDoorRefusals(),
    },
  };
}

/** The tokenize answer, key by key: it cannot drift from the type the client returns (a key missing or extra does not compile). */
const TOKENIZE_RESULT = {
  token: { type: 'string', description: 'Opaque; pass it to your backend to charge.' },
  brand: { type: 'string', enum: [...BRANDS] },
  lastFourDigits: { type: 'string', pattern: '^[0-9]{4}$' },
  firstSixDigits: { type: 'string', pattern: '^[0-9]{6}$' },
  expirationMonth: { type: 'string', pattern: '^[0-9]{2}$' },
  expirationYear: { type: 'string', pattern: '^[0-9]{4}$' },
} satisfies Record<keyof TokenizeResult, Json>;

function tokensOperation(): Json {
  const card = Object.fromEntries(CARD_ERROR_PATHS.map((path) => [path.slice('card.'.length), { type: 'string' }]));
  const result = TOKENIZE_RESULT;
  return {
    operationId: 'tokenize',
    tags: ['tokens'],
    summary: 'Tokenize a card (from the browser)',
    description: `The path, payload and key transport are not shown by the contract (§2.3, §4.9, §5.4): this is our wire (docs/tokenization.md), shared by the client and the sandbox. The public key travels as a Bearer token. CORS is open on this route only. The body is at most ${MAX_TOKEN_BODY_BYTES} bytes.`,
    [NOT_SHOWN]: ['path', 'request', 'response'],
    security: [{ PublicKey: [] }],
    requestBody: {
      required: true,
      content: jsonContent({
        type: 'object',
        required: ['card'],
        properties: { card: { type: 'object', required: Object.keys(card), properties: card, [NOT_SHOWN]: true } },
      }),
    },
    responses: {
      '200': {
        description: 'The token and what the service says of the card.',
        content: jsonContent(envelopeWith({ type: 'object', required: Object.keys(result), properties: result, [NOT_SHOWN]: true })),
      },
      '401': { description: 'Missing, unknown or inactive public key (code 401).', content: jsonContent(ref('Envelope')) },
      '422': { description: 'A card field is invalid: `data` is `{ field, reason }` (code 4002).', content: jsonContent(ref('Envelope')) },
      ...frontDoorRefusals(),
    },
  };
}

function chargesOperation(): Json {
  return {
    operationId: 'charges.create',
    tags: ['charges'],
    summary: 'Create a card charge (from the backend)',
    description: `§4.1, with HTTP Basic: the secret key as the user name and an empty password (the scheme is not shown, §5.4; docs/charges.md). The body is at most ${MAX_BODY_BYTES} bytes.`,
    [NOT_SHOWN]: ['response'],
    security: [{ SecretKey: [] }],
    requestBody: { required: true, content: jsonContent(schemaOf(ChargeRequest, 'input')) },
    responses: {
      '200': {
        description:
          'Approved: code 200. Declined: business code `card_declined` in an HTTP 200 envelope, `data.status` "declined" (our choice; the response is not shown, §4.9).',
        content: jsonContent(envelopeWith(schemaOf(ChargeResponse, 'output'))),
      },
      '401': { description: 'The secret key is missing or unknown.', content: jsonContent(ref('Envelope')) },
      '422': {
        description: "A field is invalid, or the token is not this merchant's: `data` is `{ field, reason }`.",
        content: jsonContent(ref('Envelope')),
      },
      ...frontDoorRefusals(),
    },
  };
}

const header = (name: string, description: string, schema: Json = { type: 'string' }) => ({
  name,
  in: 'header',
  required: false,
  description,
  schema,
});
const apiKey = (name: string, description: string) => ({ type: 'apiKey', in: 'header', name, description });

/** The whole document. Built once per sandbox: it depends on nothing that changes. */
export function openApiDocument(): Json {
  const paths: Json = {};
  for (const op of ALL_OPERATIONS) paths[op.path] = { post: v3Operation(op) };
  paths[CHARGES_PATH] = { post: chargesOperation() };
  paths[TOKENS_PATH] = { post: tokensOperation() };
  const tolerance = TIMESTAMP_TOLERANCE_MS / 1000;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payment service contract (pay-card-form sandbox)',
      version: 'v3',
      description:
        'Every operation of the payment service contract as the pay-card-form client and sandbox implement it: the 31 signed v3 operations (§4.2–§4.8), card charges (§4.1) and the tokenization wire. Every answer is the §2.1 envelope. Schemas marked `x-not-shown` are our choices where the contract shows no shape.',
    },
    servers: [{ url: '/', description: 'This sandbox' }],
    paths,
    components: {
      schemas: { Envelope: { ...schemaOf(Envelope, 'output'), description: '§2.1: the envelope of every answer.' } },
      parameters: {
        ContentHash: header(
          SignatureHeader.CONTENT_HASH,
          'Lowercase hex SHA-256 of the raw body. Optional; the signature covers the hash either way (§5.2).',
          {
            type: 'string',
            pattern: '^[0-9a-f]{64}$',
          },
        ),
        Ispb: header(SignatureHeader.ISPB, "The target account's institution (§5.2.2): sent with X-Account-Number, or neither."),
        AccountNumber: header(SignatureHeader.ACCOUNT_NUMBER, 'The target account (§5.2.2): sent with X-ISPB, or neither.'),
      },
      securitySchemes: {
        ClientId: apiKey(SignatureHeader.CLIENT_ID, "The credential's client ID (§5.2)."),
        Timestamp: apiKey(SignatureHeader.TIMESTAMP, `Unix milliseconds; accepted within ±${tolerance} s of the server's clock.`),
        Nonce: apiKey(SignatureHeader.NONCE, '16 to 128 characters of A-Z a-z 0-9 - _, never reused: sign every attempt afresh.'),
        Signature: apiKey(
          SignatureHeader.SIGNATURE,
          'Lowercase hex HMAC-SHA256, keyed with the UTF-8 secret, of the canonical string: METHOD, path and query, X-Client-ID, X-Timestamp, X-Nonce, SHA-256 of the body, X-ISPB, X-Account-Number, joined by "\\n" (docs/signing.md).',
        ),
        SecretKey: { type: 'http', scheme: 'basic', description: 'The secret key as the user name, an empty password (our choice, §5.4).' },
        PublicKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'pk_test_…',
          description: "The merchant's public key (our choice, §5.4).",
        },
      },
    },
  };
}
