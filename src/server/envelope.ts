import { z } from 'zod';
import {
  BusinessError,
  HttpStatusError,
  MalformedResponseError,
  PermissionDeniedError,
  SignatureRejectedError,
} from './errors.js';

/** §2.1: the envelope of every v3 response. `data` must be present (an object or null). */
export const Envelope = z.object({
  code: z.union([z.number(), z.string()]),
  message: z.string(),
  data: z.union([z.record(z.string(), z.unknown()), z.null()]),
  time: z.number().int(),
});
export type Envelope = z.infer<typeof Envelope>;

/** Beyond this, a rejected signature's error message suggests checking the clock. */
export const SKEW_HINT_MS = 30_000;

/** What the caller learns from one HTTP response. */
export interface ResponseInput {
  operation: string;
  status: number;
  text: string;
  /** Called with the server's `time` whenever the body carried one (for clock skew). */
  onServerTime?: (time: number) => void;
  /** Current skew estimate, server − local, for the 401 hint. */
  clockSkewMs?: () => number | undefined;
}

/**
 * Maps one HTTP response to `data` or to the right error:
 * non-200 → {@link HttpStatusError} (401 {@link SignatureRejectedError}, 403 {@link PermissionDeniedError});
 * 200 with a body that is not a §2.1 envelope → {@link MalformedResponseError};
 * 200 with `code` ≠ 200 → {@link BusinessError}. Never looks at `message` to decide.
 */
export function interpretResponse(input: ResponseInput): Envelope['data'] {
  const { operation, status, text } = input;
  let json: unknown;
  let parsedJson = true;
  try {
    json = JSON.parse(text);
  } catch {
    parsedJson = false;
  }

  if (status !== 200) {
    // Best effort: a non-200 body may or may not be an envelope.
    const env = parsedJson && json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
    const code = typeof env.code === 'number' || typeof env.code === 'string' ? env.code : undefined;
    const data = env.data && typeof env.data === 'object' ? (env.data as Record<string, unknown>) : {};
    const reason = typeof data.reason === 'string' ? data.reason : undefined;
    if (typeof env.time === 'number' && Number.isFinite(env.time)) input.onServerTime?.(env.time);
    const serverMessage = typeof env.message === 'string' ? ` ${env.message.slice(0, 300)}` : '';
    const details = { status, code, reason, operation };
    if (status === 401) {
      const skew = input.clockSkewMs?.();
      const hint =
        skew !== undefined && Math.abs(skew) > SKEW_HINT_MS
          ? ` This machine's clock differs from the server's by about ${Math.round(skew / 1000)} s: synchronise it (NTP), timestamps must be within the server's window.`
          : '';
      return fail(
        new SignatureRejectedError(
          `${operation}: the server rejected the request signature (HTTP 401${reason ? `, ${reason}` : ''}).${serverMessage}${hint}`,
          { ...details, clockSkewMs: skew },
        ),
      );
    }
    if (status === 403) {
      return fail(new PermissionDeniedError(`${operation}: the credential is not allowed here (HTTP 403${reason ? `, ${reason}` : ''}).${serverMessage}`, details));
    }
    return fail(new HttpStatusError(`${operation} failed with HTTP ${status}.${serverMessage}`, details));
  }

  if (!parsedJson) {
    return fail(new MalformedResponseError(`${operation}: HTTP 200 but the body is not JSON.`, { status, operation }));
  }
  const envelope = Envelope.safeParse(json);
  if (!envelope.success) {
    const where = envelope.error.issues.map((i) => i.path.join('.') || '(body)').join(', ');
    return fail(
      new MalformedResponseError(`${operation}: HTTP 200 but the body is not a §2.1 envelope (missing or wrongly typed: ${where}).`, {
        status,
        operation,
      }),
    );
  }
  input.onServerTime?.(envelope.data.time);
  if (envelope.data.code !== 200) {
    return fail(new BusinessError(envelope.data.code, envelope.data.message, { operation, data: envelope.data.data }));
  }
  return envelope.data.data;
}

function fail(error: Error): never {
  throw error;
}

/** Validates success `data` against the operation's response schema. */
export function parseData<T extends z.ZodType>(schema: T, data: unknown, operation: string): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  // Paths only: values could be personal data.
  const where = result.error.issues.map((i) => `${i.path.join('.') || '(data)'} ${i.message}`).join('; ');
  throw new MalformedResponseError(`${operation}: the response data does not have the documented shape: ${where}.`, {
    status: 200,
    operation,
  });
}
