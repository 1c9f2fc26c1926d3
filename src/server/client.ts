import type * as z from 'zod/mini';
import { checkBaseUrl } from '../shared/base-url.js';
import { CredentialKind } from './enums.js';
import { CredentialPolicyError, RequestValidationError, type ValidationIssue } from './errors.js';
import { ConfigurationError } from '../shared/errors.js';
import { interpretResponse, parseData } from './response.js';
import { isOrderIdDateCurrent } from './order-id.js';
import { credentialPolicyViolation, type Operation } from './policy.js';
import { describeCall, exchange } from './request.js';
import { backoffDelay, shouldRetry, sleep } from './retry.js';
import { checkTarget, createNonce, importSigningKey, SignatureHeader, signRequest, type SigningKey, type Target } from './signing.js';
import { createResources, type CallOptions, type Caller, type Resources } from './resources.js';
import { check } from './schemas/check.js';

/** A v3 credential (§5.2). The secret never leaves the client object: not in errors, not in `inspect`. */
export interface Credential {
  clientId: string;
  secret: string;
  kind: CredentialKind;
}

export interface ClientOptions {
  /** Service base address, e.g. `https://api.example.com` or the sandbox URL. A path prefix is kept. */
  baseUrl: string;
  credential: Credential;
  /** Default target account (X-ISPB + X-Account-Number) for account routes; override per call. */
  target?: Target;
  /** Per-attempt timeout in ms. Default 30 000. */
  timeoutMs?: number;
  /** How many times a read is retried after a transport failure. Default 2; creates are never retried. */
  maxReadRetries?: number;
  /** A fetch implementation (e.g. one with a proxy agent). Default: the global fetch. */
  fetch?: typeof globalThis.fetch;
  /**
   * The clock used for X-Timestamp and the merchant-order-ID date check.
   * Default `Date.now`. Tests that move the sandbox clock pass `() => sandbox.clock.now()`.
   */
  now?: () => number;
  /** First retry delay cap in ms (doubles per attempt, with jitter). Default 200. */
  retryBaseDelayMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_READ_RETRIES = 2;

/**
 * The v3 client: one property per group of the operation table
 * (`client.transfers`, `client.refunds`, …), one method per operation, 31 in
 * all. The groups are derived from the table, not declared again here.
 */
// A class cannot declare mapped members itself; this interface gives it the
// table's groups, which the constructor assigns (createResources).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface PayClient extends Resources {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class PayClient implements Caller {
  /** The credential's client ID (not secret). */
  readonly clientId: string;
  readonly credentialKind: CredentialKind;
  /** Default target account, or null. */
  readonly target: Target | null;

  readonly #secret: string;
  /** The secret imported for HMAC once, on the first call (Web Crypto imports asynchronously). */
  #key: Promise<SigningKey> | undefined;
  readonly #baseUrl: string;
  /** The base URL's path prefix (e.g. `/pay`, or empty): part of every signed path. */
  readonly #basePath: string;
  readonly #timeoutMs: number;
  readonly #maxReadRetries: number;
  readonly #retryBaseDelayMs: number;
  readonly #fetch: typeof globalThis.fetch;
  readonly #now: () => number;
  #clockSkewMs: number | undefined;

  constructor(options: ClientOptions) {
    const checked = checkOptions(options);
    this.#secret = options.credential.secret;
    this.clientId = options.credential.clientId;
    this.credentialKind = options.credential.kind;
    this.target = checked.target;
    this.#baseUrl = checked.baseUrl;
    // Parsed once: the base is already normalised, and operation paths are plain ASCII.
    this.#basePath = new URL(checked.baseUrl).pathname.replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#maxReadRetries = options.maxReadRetries ?? DEFAULT_READ_RETRIES;
    this.#retryBaseDelayMs = options.retryBaseDelayMs ?? 200;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#now = options.now ?? Date.now;
    Object.assign(this, createResources(this));
  }

  /**
   * Server time minus local time, in ms, measured from the §2.1 `time` of the
   * last response (against the midpoint of the request). Undefined before the
   * first response. A large value explains "timestamp_out_of_window" errors.
   */
  get clockSkewMs(): number | undefined {
    return this.#clockSkewMs;
  }

  /** Validates, signs, sends and parses one operation. Public for the resource groups' methods; prefer them. */
  async call<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
    op: Operation<Req, Res>,
    params: z.input<Req> | undefined,
    options: CallOptions = {},
  ): Promise<z.output<Res>> {
    const url = `${this.#baseUrl}${op.path}`;
    // Every error of this call names it so, sent or not: the operation, the method and the path.
    const call = describeCall(op.name, url);
    const target = this.#targetFor(op, options, call);
    const violation = credentialPolicyViolation(op.group, this.credentialKind, target !== null);
    if (violation) throw new CredentialPolicyError(`${call}: ${violation}. Nothing was sent.`, { operation: op.name });

    const body = JSON.stringify(this.#validate(op, params ?? {}, call));
    // The path as it appears in the request line (docs/signing.md).
    const path = `${this.#basePath}${op.path}`;
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
      throw new RequestValidationError(
        [{ field: 'options.timeoutMs', message: 'must be a positive number of milliseconds' }],
        op.name,
        call,
      );
    }

    for (let attempt = 0; ; attempt++) {
      // Every attempt is signed afresh: a replayed nonce would be rejected (§4.2).
      const headers = await signRequest({
        method: 'POST',
        path,
        body,
        clientId: this.clientId,
        secret: await this.#signingKey(),
        target,
        timestamp: Math.floor(this.#now()),
        nonce: createNonce(),
      });
      const sentAt = this.#now();
      try {
        const { status, text } = await exchange({
          fetch: this.#fetch,
          url,
          headers,
          body,
          timeoutMs,
          signal: options.signal,
          operation: op.name,
        });
        const receivedAt = this.#now();
        const data = interpretResponse({
          operation: op.name,
          call,
          status,
          text,
          onServerTime: (time) => {
            this.#clockSkewMs = Math.round(time - (sentAt + receivedAt) / 2);
          },
          clockSkewMs: () => this.#clockSkewMs,
          secrets: [this.#secret, headers[SignatureHeader.SIGNATURE]],
        });
        return parseData(op.response, data, op.name, call);
      } catch (error) {
        if (!shouldRetry({ read: op.read, attempt, maxRetries: this.#maxReadRetries, error })) throw error;
        await sleep(backoffDelay(attempt, { baseMs: this.#retryBaseDelayMs }), options.signal, op.name, call);
      }
    }
  }

  #signingKey(): Promise<SigningKey> {
    // A failed import is not kept: the next call tries again.
    this.#key ??= importSigningKey(this.#secret).catch((error: unknown) => {
      this.#key = undefined;
      throw error;
    });
    return this.#key;
  }

  #targetFor(op: Operation, options: CallOptions, call: string): Target | null {
    if (options.target === undefined) {
      // The client's default target is for account routes; elsewhere it would only be rejected.
      return op.group === 'account' ? this.target : null;
    }
    if (options.target === null) return null;
    try {
      return checkTarget(options.target);
    } catch (error) {
      throw new RequestValidationError([{ field: 'options.target', message: (error as Error).message }], op.name, call);
    }
  }

  #validate(op: Operation, params: unknown, call: string): unknown {
    const result = check(op.request, params);
    if (!result.success) {
      const issues: ValidationIssue[] = result.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
      throw new RequestValidationError(issues, op.name, call);
    }
    if (op.orderIdField) {
      const id = (result.data as Record<string, unknown>)[op.orderIdField];
      if (typeof id === 'string' && !isOrderIdDateCurrent(id, this.#now())) {
        throw new RequestValidationError(
          [
            {
              field: op.orderIdField,
              message: 'its YYMMDD prefix is not the current UTC day (±1 h allowance, §8); create a fresh ID with merchantOrderId()',
            },
          ],
          op.name,
          call,
        );
      }
    }
    return result.data;
  }
}

/** Creates a v3 client. Throws {@link ConfigurationError} at once on bad configuration. */
export function createClient(options: ClientOptions): PayClient {
  return new PayClient(options);
}

function checkOptions(options: ClientOptions): { baseUrl: string; target: Target | null } {
  if (!options || typeof options !== 'object')
    throw new ConfigurationError('createClient() needs an options object: { baseUrl, credential }');
  const baseUrl = checkBaseUrl(options.baseUrl, 'createClient()');
  const credential = options.credential as Partial<Credential> | undefined;
  if (!credential || typeof credential !== 'object') {
    throw new ConfigurationError('createClient(): credential is missing; pass { clientId, secret, kind }');
  }
  if (typeof credential.clientId !== 'string' || credential.clientId.trim() === '') {
    throw new ConfigurationError('createClient(): credential.clientId is missing or empty');
  }
  // Never echo the value: only say what is wrong with it.
  if (typeof credential.secret !== 'string' || credential.secret === '') {
    throw new ConfigurationError('createClient(): credential.secret is missing or empty; load it from your secret store');
  }
  if (!Object.values(CredentialKind).includes(credential.kind as CredentialKind)) {
    throw new ConfigurationError('createClient(): credential.kind must be "USER", "ACCOUNT" or "PLATFORM"');
  }
  let target: Target | null = null;
  if (options.target !== undefined) {
    try {
      target = checkTarget(options.target);
    } catch (error) {
      throw new ConfigurationError(`createClient(): ${(error as Error).message}`);
    }
  }
  checkTimeoutMs(options.timeoutMs, 'createClient()');
  if (
    options.maxReadRetries !== undefined &&
    !(Number.isInteger(options.maxReadRetries) && options.maxReadRetries >= 0 && options.maxReadRetries <= 10)
  ) {
    throw new ConfigurationError('createClient(): maxReadRetries must be an integer from 0 to 10');
  }
  if (options.fetch !== undefined && typeof options.fetch !== 'function')
    throw new ConfigurationError('createClient(): fetch must be a function');
  if (options.now !== undefined && typeof options.now !== 'function')
    throw new ConfigurationError('createClient(): now must be a function returning Unix ms');
  if (options.fetch === undefined && typeof globalThis.fetch !== 'function') {
    throw new ConfigurationError('createClient(): no global fetch; use Node 20 or later, or pass options.fetch');
  }
  return { baseUrl, target };
}

/** A `timeoutMs` option as every part of the helper takes it: unset, or a positive number of milliseconds. */
export function checkTimeoutMs(timeoutMs: number | undefined, where: string): void {
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new ConfigurationError(`${where}: timeoutMs must be a positive number of milliseconds`);
  }
}
