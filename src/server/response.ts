import type * as z from 'zod/mini';
import { BusinessError, HttpStatusError, MalformedResponseError, PermissionDeniedError, SignatureRejectedError } from './errors.js';
import { Envelope } from './schemas/envelope.js';
import { check } from './schemas/check.js';
import { redact, redactDeep } from '../shared/redact.js';

/** Beyond this, a rejected signature's error message suggests checking the clock. */
export const SKEW_HINT_MS = 30_000;

/** What the caller learns from one HTTP response. */
export interface ResponseInput {
  operation: string;
  /** How messages name the call: `describeCall(operation, url)` (request.ts), with its method and path. Default: `operation`. */
  call?: string;
  status: number;
  text: string;
  /** Called with the server's `time` whenever the body carried one (for clock skew). */
  onServerTime?: (time: number) => void;
  /** Current skew estimate, server − local, for the 401 hint. */
  clockSkewMs?: () => number | undefined;
  /** The caller's own secrets, removed from upstream text wherever they appear (shared/redact.ts). */
  secrets?: readonly (string | undefined)[];
}

/**
 * What an error may keep of the upstream's `code`: a number as it is, a
 * string only once redacted (a server that echoes its input could put
 * anything there).
 */
export function upstreamCode(code: number | string, secrets?: readonly (string | undefined)[]): number | string {
  return typeof code === 'number' ? code : redact(code, secrets, 100);
}

/**
 * What the upstream wrote, redacted, as the last sentence of an error of
 * ours: ` The server said: "…"`, or nothing. Redaction runs on the upstream
 * text alone, before it joins our own words, so a hint of ours (such as the
 * 401 one, with its `Basic base64(<secret key>:)`) is never mangled by it,
 * and nothing the upstream wrote escapes it.
 */
export function upstreamSaid(message: unknown, secrets?: readonly (string | undefined)[]): string {
  return typeof message === 'string' && message.trim() ? ` The server said: "${redact(message.trim(), secrets)}"` : '';
}

/** The body as JSON, or `{ ok: false }` when it is not JSON. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Maps one HTTP response to `data` or to the right error:
 * non-200 → {@link statusError};
 * 200 with a body that is not a §2.1 envelope → {@link MalformedResponseError};
 * 200 with `code` ≠ 200 → {@link BusinessError}. Never looks at `message` to decide.
 */
export function interpretResponse(input: ResponseInput): Envelope['data'] {
  const { operation, status, text, call = operation } = input;
  const json = parseJson(text);

  if (status !== 200) throw statusError(input, json.ok ? json.value : undefined);

  if (!json.ok) {
    throw new MalformedResponseError(`${call}: HTTP 200 but the body is not JSON.`, { status, operation });
  }
  const envelope = check(Envelope, json.value);
  if (!envelope.success) {
    const where = envelope.error.issues.map((i) => i.path.join('.') || '(body)').join(', ');
    throw new MalformedResponseError(`${call}: HTTP 200 but the body is not a §2.1 envelope (missing or wrongly typed: ${where}).`, {
      status,
      operation,
    });
  }
  input.onServerTime?.(envelope.data.time);
  if (envelope.data.code !== 200) {
    // Everything the upstream wrote is redacted before it reaches the error (docs/security.md).
    throw new BusinessError(upstreamCode(envelope.data.code, input.secrets), redact(envelope.data.message, input.secrets), {
      operation,
      call,
      data: redactDeep(envelope.data.data, input.secrets),
    });
  }
  return envelope.data.data;
}

/**
 * The error for an HTTP status the caller does not take as success: 401
 * {@link SignatureRejectedError} (or, when `signed` is false, a plain
 * {@link HttpStatusError} about the credential), 403
 * {@link PermissionDeniedError}, anything else {@link HttpStatusError}. The
 * body, parsed as `json`, may or may not be an envelope: `code`, `data.reason`,
 * `message` and `time` are read when present.
 */
export function statusError(input: ResponseInput, json: unknown, options: { signed?: boolean } = {}): HttpStatusError {
  const { operation, status, call = operation } = input;
  const env = json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  const code = typeof env.code === 'number' || typeof env.code === 'string' ? upstreamCode(env.code, input.secrets) : undefined;
  const data = env.data && typeof env.data === 'object' ? (env.data as Record<string, unknown>) : {};
  const reason = typeof data.reason === 'string' ? redact(data.reason, input.secrets, 100) : undefined;
  if (typeof env.time === 'number' && Number.isFinite(env.time)) input.onServerTime?.(env.time);
  // Our words first, whole; then the upstream's, redacted on their own.
  const serverMessage = upstreamSaid(env.message, input.secrets);
  const details = { status, code, reason, operation };
  const because = reason ? `, ${reason}` : '';
  if (status === 401 && options.signed === false) {
    return new HttpStatusError(
      `${call}: the server refused the credential (HTTP 401${because}). ` +
        'Charges send "Authorization: Basic base64(<secret key>:)": pass the secret key (sk_test_… or sk_live_…) of the same account and environment as the public key.' +
        serverMessage,
      details,
    );
  }
  if (status === 401) {
    const skew = input.clockSkewMs?.();
    const hint =
      skew !== undefined && Math.abs(skew) > SKEW_HINT_MS
        ? ` This machine's clock differs from the server's by about ${Math.round(skew / 1000)} s: synchronise it (NTP), timestamps must be within the server's window.`
        : '';
    return new SignatureRejectedError(`${call}: the server rejected the request signature (HTTP 401${because}).${hint}${serverMessage}`, {
      ...details,
      clockSkewMs: skew,
    });
  }
  if (status === 403) {
    return new PermissionDeniedError(`${call}: the credential is not allowed here (HTTP 403${because}).${serverMessage}`, details);
  }
  // A 404 is most often a baseUrl without the service's path prefix, or another service's address.
  const notFound = status === 404 ? " Check baseUrl: it is the service's address, with its path prefix if it has one." : '';
  return new HttpStatusError(`${call} failed with HTTP ${status}.${notFound}${serverMessage}`, details);
}

/** Validates success `data` against the operation's response schema. `call` names it in the message (see {@link ResponseInput.call}). */
export function parseData<T extends z.ZodMiniType>(schema: T, data: unknown, operation: string, call = operation): z.output<T> {
  const result = check(schema, data);
  if (result.success) return result.data;
  // Paths only: values could be personal data.
  const where = result.error.issues.map((i) => `${i.path.join('.') || '(data)'} ${i.message}`).join('; ');
  throw new MalformedResponseError(`${call}: the response data does not have the documented shape: ${where}.`, {
    status: 200,
    operation,
  });
}
