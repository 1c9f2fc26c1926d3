import { isBrand } from '../card/brand.js';
import type { CardErrorPath, CardInput, TokenizeResult } from '../card/types.js';
import { validateCard } from '../card/validators.js';
import { redactCardData } from '../shared/redact.js';
import { checkTokenizeConfig } from './config.js';
import { ApiError, AuthenticationError, ValidationError } from './errors.js';
import { NetworkError, TimeoutError } from '../shared/errors.js';
import { TokenizeCode, TOKENS_PATH } from './wire.js';

export interface TokenizeOptions {
  /** Your public key, `pk_test_…` or `pk_live_…`. */
  publicKey: string;
  /** Absolute base address of the tokenization service: https, or http to this machine (a local sandbox), or with a `pk_test_` key to a local network address (a sandbox on the LAN). */
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

/** The §2.3 fields, all non-empty strings. */
const RESULT_FIELDS = ['token', 'brand', 'lastFourDigits', 'firstSixDigits', 'expirationMonth', 'expirationYear'] as const;

/**
 * Replaces a card with an opaque token (§1.1). Validates locally first, so no
 * request is made for a card that cannot be valid.
 *
 * @throws {ValidationError} a field is invalid; `field` names it.
 * @throws {ConfigurationError} `baseUrl` is missing, relative, or plain http to another machine (but a local network address with a test key).
 * @throws {AuthenticationError} the public key is malformed, unknown or inactive.
 * @throws {ApiError} the service refused the request.
 * @throws {NetworkError} no answer ({@link TimeoutError} when the time limit passed).
 */
export async function tokenize(card: CardInput, options: TokenizeOptions): Promise<TokenizeResult> {
  const checked = validateCard(card, options);
  // validateCard lists fields in the order a person fills them: the first is the one to fix first.
  const [field] = Object.keys(checked.errors) as CardErrorPath[];
  if (field) throw new ValidationError(field, checked.errors[field]!);
  return requestToken(checked.card, options);
}

/**
 * The request half of {@link tokenize}, for a card `validateCard` has just
 * found valid, as it normalized it (`CardValidation.card`): the element
 * validates once per submit, to show its errors, and sends that card.
 * Not exported from the package: every other caller goes through `tokenize`.
 */
export async function requestToken(card: CardInput, options: TokenizeOptions): Promise<TokenizeResult> {
  const { publicKey, signal, timeoutMs = 15_000 } = options;
  const baseUrl = checkTokenizeConfig(publicKey, options.baseUrl, 'tokenize()');

  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(baseUrl + TOKENS_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${publicKey}` },
      body: JSON.stringify({ card }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      // A tokenization request needs no cookies of the service's origin.
      credentials: 'omit',
    });
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted) throw new TimeoutError(`No answer from the tokenization service within ${timeoutMs} ms.`, { timeoutMs });
    // Only the error's name: the browser's message may carry the URL, and nothing else about the request belongs here.
    throw new NetworkError('Could not reach the tokenization service (offline, blocked by CORS, or refused).', {
      cause: (err as Error)?.name,
    });
  }
  // The card's own values are removed from anything the service writes back, whatever it looks like.
  return readResult(response, [card.number, card.cvv]);
}

async function readResult(response: Response, known: readonly string[]): Promise<TokenizeResult> {
  const { status } = response;
  const body = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown; data?: unknown } | null;
  const code = body?.code;
  if (typeof code !== 'number' && typeof code !== 'string') {
    throw new ApiError('invalid_response', `The service answered HTTP ${status} without a JSON envelope.`, status);
  }
  // Upstream text is redacted before it reaches an error, and so the element's events (docs/security.md).
  const message = typeof body!.message === 'string' ? redactCardData(body!.message, known) : '';
  const safeCode = typeof code === 'string' ? redactCardData(code, known) : code;
  if (status === 401 || code === TokenizeCode.UNAUTHORIZED) throw new AuthenticationError(message || 'The public key was refused.');
  if (!response.ok || code !== TokenizeCode.OK)
    throw new ApiError(safeCode, message || `The service refused the card (code ${safeCode}).`, status);
  // Exactly the §2.3 fields, each checked, so nothing else travels on to events or the merchant.
  const data = (body!.data ?? {}) as Record<string, unknown>;
  if (!isBrand(data.brand) || RESULT_FIELDS.some((field) => typeof data[field] !== 'string' || !data[field])) {
    throw new ApiError('invalid_response', 'The service answered success without a complete token (§2.3).', status);
  }
  return Object.fromEntries(RESULT_FIELDS.map((field) => [field, data[field]])) as unknown as TokenizeResult;
}
