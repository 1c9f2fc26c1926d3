import { isBrand } from '../card/brands.js';
import type { CardField, CardInput, TokenizeResult } from '../card/types.js';
import { validateCard } from '../card/validators.js';
import { ApiError, AuthenticationError, ConfigurationError, NetworkError, TimeoutError, ValidationError } from './errors.js';
import { checkServiceBaseUrl } from './base-url.js';
import { PUBLIC_KEY_PATTERN, TokenizeCode, TOKENS_PATH } from './wire.js';

export interface TokenizeOptions {
  /** Your public key, `pk_test_…` or `pk_live_…`. */
  publicKey: string;
  /** Absolute base address of the tokenization service: https, or http only to this machine (a local sandbox). */
  baseUrl: string;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
  /** Cancels the request; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Gives up after this many milliseconds with a {@link TimeoutError}. Default 15000. */
  timeoutMs?: number;
  /** Date used for the expiry check; the current time by default. */
  now?: Date;
}

/** Order in which fields are reported when several are wrong: the order a person fills them. */
const FIELD_ORDER: readonly CardField[] = [
  'card.number',
  'card.holderName',
  'card.expirationMonth',
  'card.expirationYear',
  'card.cvv',
];

/**
 * Replaces a card with an opaque token (§1.1). Validates locally first, so no
 * request is made for a card that cannot be valid.
 *
 * @throws {ValidationError} a field is invalid; `field` names it.
 * @throws {ConfigurationError} `baseUrl` is missing, relative, or plain http to another machine.
 * @throws {AuthenticationError} the public key is malformed, unknown or inactive.
 * @throws {ApiError} the service refused the request.
 * @throws {NetworkError} no answer ({@link TimeoutError} when the time limit passed).
 */
export async function tokenize(card: CardInput, options: TokenizeOptions): Promise<TokenizeResult> {
  const checked = validateCard(card, { now: options.now });
  const firstInvalid = FIELD_ORDER.find((f) => checked.errors[f]);
  if (firstInvalid) throw new ValidationError(firstInvalid, checked.errors[firstInvalid]!);

  const { publicKey, baseUrl } = options;
  if (typeof publicKey !== 'string' || !PUBLIC_KEY_PATTERN.test(publicKey)) {
    throw new AuthenticationError('The public key is missing or malformed: it looks like "pk_test_…" or "pk_live_…".');
  }
  const base = checkServiceBaseUrl(baseUrl);
  if ('problem' in base) throw new ConfigurationError(`tokenize(): ${base.problem}.`);
  const url = base.url + TOKENS_PATH;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const response = await send(url, publicKey, checked.card, timeoutMs, options);
  return readResult(response);
}

async function send(
  url: string,
  publicKey: string,
  card: CardInput,
  timeoutMs: number,
  options: TokenizeOptions,
): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const doFetch = options.fetch ?? globalThis.fetch;
  try {
    return await doFetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${publicKey}` },
      body: JSON.stringify({ card }),
      signal,
      // A tokenization request needs no cookies of the service's origin.
      credentials: 'omit',
    });
  } catch (err) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) throw new TimeoutError(timeoutMs);
    // The browser's own message may name the URL, never the body; keep it out anyway.
    throw new NetworkError('Could not reach the tokenization service (offline, blocked by CORS, or refused).', {
      cause: err instanceof Error ? err.name : undefined,
    });
  }
}

async function readResult(response: Response): Promise<TokenizeResult> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError('invalid_response', `The service answered HTTP ${response.status} with a body that is not JSON.`, response.status);
  }
  const envelope = body as { code?: unknown; message?: unknown; data?: unknown } | null;
  const code = envelope?.code;
  const message = typeof envelope?.message === 'string' ? envelope.message : '';
  if (typeof code !== 'number' && typeof code !== 'string') {
    throw new ApiError('invalid_response', `The service answered HTTP ${response.status} without an envelope code.`, response.status);
  }
  if (response.status === 401 || code === TokenizeCode.UNAUTHORIZED) {
    throw new AuthenticationError(message || 'The public key was refused.');
  }
  if (!response.ok || code !== TokenizeCode.OK) {
    throw new ApiError(code, message || `The service refused the card (code ${code}).`, response.status);
  }
  return pickResult(envelope?.data, response.status);
}

/** Copies exactly the §2.3 fields, checking each, so nothing else travels on to events or the merchant. */
function pickResult(data: unknown, status: number): TokenizeResult {
  const d = (data ?? {}) as Record<string, unknown>;
  const fields = ['token', 'brand', 'lastFourDigits', 'firstSixDigits', 'expirationMonth', 'expirationYear'] as const;
  const missing = fields.filter((f) => typeof d[f] !== 'string' || d[f] === '');
  if (missing.length || !isBrand(d.brand)) {
    const what = missing.length ? `missing ${missing.join(', ')}` : 'an unknown brand';
    throw new ApiError('invalid_response', `The service answered success with ${what}.`, status);
  }
  return {
    token: d.token as string,
    brand: d.brand,
    lastFourDigits: d.lastFourDigits as string,
    firstSixDigits: d.firstSixDigits as string,
    expirationMonth: d.expirationMonth as string,
    expirationYear: d.expirationYear as string,
  };
}
