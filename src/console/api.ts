import * as z from 'zod/mini';

/**
 * What crosses between the sandbox and its console page, declared once: the
 * sandbox types what it sends with these (`z.output`), the page checks what
 * arrives with them, and `docs/sandbox.md` lists the same routes. Every text
 * in here has been redacted by the sandbox before it is sent
 * (the sandbox's `console/scrub.ts`): the page has nothing to hide.
 */

/** The console's routes on the sandbox. */
export const ConsolePath = {
  PAGE: '/',
  /** The page's script and style, built into `dist/console-page/assets/`. */
  ASSETS: '/console/assets',
  REQUESTS: '/sandbox/console/requests',
  /** What a newcomer needs first: {@link StartInfo}. */
  START: '/sandbox/console/start',
  /** Answered 204: a browser that asks for an icon anyway logs no 404. */
  FAVICON: '/favicon.ico',
  /** Server-sent events: `snapshot` (every summary) on connect, then `request` for each new one. */
  EVENTS: '/sandbox/console/events',
  STATE: '/sandbox/state',
  PAY_QR: '/sandbox/actions/pay-qr',
  FINISH_REFUND: '/sandbox/actions/finish-refund',
  RESET: '/sandbox/actions/reset',
  /** The clock routes of `routes/clock-control.ts`, which the page moves too. */
  CLOCK_ADVANCE: '/sandbox/clock/advance',
  OPENAPI: '/openapi.json',
} as const;

/** The `<meta name>` that carries the admin token into a page served to this machine only. */
export const ADMIN_META = 'pay-sandbox-admin-token';

/** The checks of `signature-verifier.ts`, named as a developer looks for them. */
export const SignatureCheck = z.enum([
  'missing_header',
  'malformed_header',
  'target_pair_incomplete',
  'unknown_client',
  'timestamp_out_of_window',
  'content_hash_mismatch',
  'signature_mismatch',
  'nonce_replayed',
]);
export type SignatureCheck = z.infer<typeof SignatureCheck>;

/** One line of the canonical string, with what it is. */
export const CanonicalLine = z.object({ label: z.string(), value: z.string() });

/** Why the sandbox refused a request, by kind. */
export const Refusal = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('signature'),
    check: SignatureCheck,
    message: z.string(),
    /** The canonical string the sandbox computed, or null when a header it needs is missing. */
    canonical: z.nullable(z.array(CanonicalLine)),
    /** SHA-256 of the body bytes as received: what X-Content-Hash should have been. */
    expectedContentHash: z.string(),
    /** Whether an X-Content-Hash header was sent at all (it is optional, §5.2). */
    contentHashSent: z.boolean(),
  }),
  z.object({
    kind: z.literal('policy'),
    /** The §5.3 rule in words, with its section. */
    rule: z.string(),
    reason: z.string(),
  }),
  z.object({
    kind: z.literal('validation'),
    fields: z.array(z.object({ field: z.string(), problem: z.string() })),
  }),
  z.object({
    /** Anything else the sandbox said no to: the body's front door, a business rule, an unknown route. */
    kind: z.literal('other'),
    reason: z.nullable(z.string()),
    message: z.string(),
  }),
]);
export type Refusal = z.infer<typeof Refusal>;

/** One logged request, as the list shows it. */
export const LogSummary = z.object({
  id: z.int(),
  /** Sandbox clock, Unix ms, when the request arrived. */
  at: z.number(),
  method: z.string(),
  path: z.string(),
  /** Who called: a client ID, a merchant ID or a public key; never a secret. */
  credential: z.nullable(z.string()),
  status: z.int(),
  /** The §2.1 envelope's `code`, when the answer has one. */
  code: z.nullable(z.union([z.number(), z.string()])),
  durationMs: z.number(),
  refused: z.boolean(),
});
export type LogSummary = z.infer<typeof LogSummary>;

/** One logged request in full. */
export const LogEntry = z.extend(LogSummary, {
  requestBody: z.nullable(z.string()),
  responseBody: z.nullable(z.string()),
  refusal: z.nullable(Refusal),
});
export type LogEntry = z.infer<typeof LogEntry>;

export const LogSnapshot = z.object({ entries: z.array(LogSummary), capacity: z.int() });
export type LogSnapshot = z.infer<typeof LogSnapshot>;

const Row = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** What the sandbox holds, flattened for a table: every value a string, a number, a boolean or null. */
export const StateSnapshot = z.object({
  now: z.number(),
  accounts: z.array(Row),
  qrCodes: z.array(Row),
  transfers: z.array(Row),
  refunds: z.array(Row),
  medCases: z.array(Row),
  /** Brand and last four digits only. */
  tokens: z.array(Row),
  charges: z.array(Row),
});
export type StateSnapshot = z.infer<typeof StateSnapshot>;
export type StateTable = Exclude<keyof StateSnapshot, 'now'>;

/** `POST /sandbox/actions/pay-qr`: the payer account pays a QR code (QR initiate, then confirm, signed as its user). */
export const PayQrAction = z.strictObject({
  qr_code_payload: z.string().check(z.minLength(1)),
  payer_account_id: z.string().check(z.minLength(1)),
  /** Required for a code without an amount of its own. */
  amount: z.optional(z.string()),
});
export type PayQrAction = z.infer<typeof PayQrAction>;

/** `POST /sandbox/actions/finish-refund`: a PENDING or PROCESSING refund ends now. */
export const FinishRefundAction = z.strictObject({
  refund_id: z.string().check(z.minLength(1)),
  outcome: z.enum(['COMPLETED', 'FAILED']),
});
export type FinishRefundAction = z.infer<typeof FinishRefundAction>;

/** `POST /sandbox/clock/advance`, as the clock route reads it. */
export const AdvanceClockAction = z.strictObject({ ms: z.int().check(z.nonnegative()) });

/**
 * `GET /sandbox/console/start`: the console's first screen, what a newcomer
 * needs to point a page and a backend at the sandbox. Fixtures only: the
 * keys are the sandbox's own test keys (printed in its banner and listed in
 * docs/sandbox.md), not anything a request brought, so the log's redaction
 * does not apply to them.
 */
export const StartInfo = z.object({
  /** The page's `base-url`: the sandbox's origin as the browser reached it. */
  baseUrl: z.string(),
  /** Where the sandbox's documentation is. */
  docsUrl: z.string(),
  merchants: z.array(z.object({ id: z.string(), name: z.string(), publicKey: z.string(), secretKey: z.string() })),
  /** Every test card; `declineCode` is null for a card whose charges approve. */
  cards: z.array(z.object({ brand: z.string(), number: z.string(), declineCode: z.nullable(z.string()) })),
  /** Valid buyer documents for `collect-tax-id` and `customer.tax_id`. */
  taxIds: z.array(z.object({ kind: z.enum(['CPF', 'CNPJ']), value: z.string() })),
});
export type StartInfo = z.infer<typeof StartInfo>;
