import { checkBaseUrl } from '../shared/base-url.js';
import { BusinessError, ChargeOutcomeUnknownError, RequestValidationError } from './errors.js';
import { ConfigurationError } from '../shared/errors.js';
import { parseJson, statusError, upstreamCode } from './response.js';
import { redact, redactDeep } from '../shared/redact.js';
import { describeCall, exchange } from './request.js';
import { toBase64, utf8 } from './bytes.js';
import type { OpenObject } from './schemas/common.js';
import { check } from './schemas/check.js';
import { ChargeRequest, CHARGES_PATH, type ChargeResponse } from './schemas/charges.js';
import { SECRET_KEY_PATTERN } from '../shared/keys.js';

export interface ChargeOptions {
  baseUrl: string;
  /** `sk_test_…` / `sk_live_…`. Server-side only. */
  secretKey: string;
  fetch?: typeof globalThis.fetch;
  /** Default 30 000 ms. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * `Authorization` for charges. §5.4 does not show the composition; our choice
 * is HTTP Basic with the secret key as user name and an empty password:
 * `Basic base64("sk_test_…:")` (docs/charges.md).
 */
export function basicAuthorization(secretKey: string): string {
  return `Basic ${toBase64(utf8(`${secretKey}:`))}`;
}

/**
 * Creates a charge with a card token. `amount` is integer centavos (our
 * choice, docs/charges.md). The request is checked with {@link ChargeRequest}
 * before anything is sent; a `customer.tax_id` must be a valid CPF or CNPJ
 * and goes out normalized. To check the installment count and total against
 * your plan, call `checkInstallmentPlan` first. Never retried: the spec has no
 * idempotency key and no charge lookup, so after a timeout, a lost connection
 * or a {@link ChargeOutcomeUnknownError}, reconcile with the provider (from
 * your own order record) before charging again (docs/charges.md).
 *
 * The response body is not shown (§4.9) and the §2.1 envelope covers v3 only,
 * so a 2xx with any JSON object is the charge, unless it is an envelope with a
 * business code (see {@link interpretChargeResponse}).
 */
export async function createCharge(options: ChargeOptions, request: ChargeRequest): Promise<ChargeResponse> {
  const operation = 'charges.create';
  if (!options || typeof options !== 'object') throw new ConfigurationError('createCharge() needs options: { baseUrl, secretKey }');
  const baseUrl = checkBaseUrl(options.baseUrl, 'createCharge()');
  if (typeof options.secretKey !== 'string' || !SECRET_KEY_PATTERN.test(options.secretKey)) {
    throw new ConfigurationError(
      'createCharge(): secretKey is missing or not a secret key (expected sk_test_… or sk_live_…); never use the public key here',
    );
  }
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (!(Number.isFinite(timeoutMs) && timeoutMs > 0)) throw new ConfigurationError('createCharge(): timeoutMs must be a positive number');

  const url = `${baseUrl}${CHARGES_PATH}`;
  const call = describeCall(operation, url);
  const parsed = check(ChargeRequest, request);
  if (!parsed.success) {
    throw new RequestValidationError(
      parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message })),
      operation,
      call,
    );
  }
  const { status, text } = await exchange({
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    url,
    headers: { 'Content-Type': 'application/json', Authorization: basicAuthorization(options.secretKey) },
    body: JSON.stringify(parsed.data),
    timeoutMs,
    signal: options.signal,
    operation,
  });
  return interpretChargeResponse(status, text, [options.secretKey, basicAuthorization(options.secretKey).slice('Basic '.length)], call);
}

/**
 * Reads the answer to `POST /v1/charges`. Its body is not shown (§4.9), so
 * nothing that may follow a created charge is turned into an error that
 * invites a retry:
 * - a status outside 2xx → {@link HttpStatusError} (401: the secret key was
 *   refused; 403 {@link PermissionDeniedError});
 * - 2xx whose body is not a JSON object → {@link ChargeOutcomeUnknownError}:
 *   the charge may have been created;
 * - 2xx with a JSON object that has a `code` (number or string), i.e. a §2.1
 *   style envelope: `code` 200 → its `data` (when the envelope has one; the
 *   object itself otherwise), any other `code` → {@link BusinessError};
 * - 2xx with any other JSON object → that object, as it is.
 *
 * `call` names the call in messages, with its method and path (`describeCall`, request.ts).
 */
export function interpretChargeResponse(
  status: number,
  text: string,
  secrets: readonly (string | undefined)[] = [],
  call = `charges.create (POST ${CHARGES_PATH})`,
): ChargeResponse {
  const operation = 'charges.create';
  const json = parseJson(text);
  if (status < 200 || status > 299)
    throw statusError({ operation, call, status, text, secrets }, json.ok ? json.value : undefined, { signed: false });
  const body = json.ok && isJsonObject(json.value) ? json.value : undefined;
  if (!body) {
    throw new ChargeOutcomeUnknownError(
      `${call}: HTTP ${status} but the body is ${json.ok ? 'JSON that is not an object' : 'not JSON'}, so the outcome cannot be read. ` +
        'The service accepted the request: the charge may have been created. Do not retry blindly; reconcile with the provider first, from your own order record (amount, customer, time): docs/charges.md.',
      { status, operation },
    );
  }
  const { code } = body;
  if (typeof code !== 'number' && typeof code !== 'string') return body;
  if (code !== 200) {
    // Upstream text is redacted before it reaches the error (docs/security.md).
    throw new BusinessError(upstreamCode(code, secrets), typeof body.message === 'string' ? redact(body.message, secrets) : '', {
      operation,
      call,
      data: redactDeep(body.data ?? null, secrets),
    });
  }
  if (!('data' in body)) return body;
  if (body.data === null || isJsonObject(body.data)) return body.data;
  throw new ChargeOutcomeUnknownError(
    `${call}: HTTP ${status}, envelope code 200, but its data is not an object. The charge was probably created: do not retry; reconcile with the provider.`,
    { status, operation },
  );
}

function isJsonObject(value: unknown): value is OpenObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
