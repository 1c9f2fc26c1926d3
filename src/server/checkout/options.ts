import { MAX_PLAN_AMOUNT, planOptions } from '../../card/installment-plans.js';
import { InstallmentConfigError, type InstallmentPolicy } from '../../card/installments.js';
import { checkBaseUrl } from '../../shared/base-url.js';
import { ConfigurationError } from '../../shared/errors.js';
import { SECRET_KEY_PATTERN } from '../../shared/keys.js';
import { checkTimeoutMs, type Credential } from '../client.js';
import { credentialPolicyViolation } from '../policy.js';
import type { Target } from '../signing.js';

/** An order as the merchant's `order()` returns it. */
export interface CheckoutOrder {
  /** The order's ID: the one asked for. */
  id: string;
  /** The cash price, in integer centavos (R$ 129,90 is `12990`). What is charged, whatever a page says. */
  amount: number;
  /**
   * Shown in the shopper's bank app for Pix (cut to {@link PIX_DESCRIPTION_MAX}
   * characters) and sent as the charge's item. `null` (an empty column) or
   * left out: none.
   */
  description?: string | null;
  /** True once the order is paid, by any means: the handler then refuses to take another payment. */
  paid: boolean;
}

export type { InstallmentPolicy };

/** What `onPaid` hears. `id` is the payment's own ID: a key to make `onPaid` idempotent. */
export type CheckoutPayment =
  | {
      method: 'card';
      orderId: string;
      /** The charge's ID. */
      id: string;
      /** What was charged, in integer centavos (the plan's total). */
      amount: number;
      installments: number;
      installment: number;
      interestFree: boolean;
    }
  | {
      method: 'pix';
      orderId: string;
      /** The QR code's ID. */
      id: string;
      /** The code's amount, in integer centavos. */
      amount: number;
    };

/** Where a failure the shopper cannot fix came from, for `onError`. */
export interface CheckoutFailure {
  /** `card`, `pix`, `pix/status`. */
  route: string;
  /** What the handler was doing: `order`, `claim`, `release`, `charge`, `onPaid`, `generate`, `details`. */
  step: string;
  orderId?: string;
}

/** The options of {@link checkoutHandler}; docs/checkout.md describes each. */
export interface CheckoutHandlerOptions {
  /** The service's address (the sandbox's URL in tests). */
  baseUrl: string;
  /** The secret key (`sk_…`) for card charges. Without it, the card route answers `method_unavailable`. */
  secretKey?: string;
  /** The v3 credential for Pix codes (ACCOUNT, or USER with `target`). Without it, the Pix routes answer `method_unavailable`. */
  credential?: Credential;
  /** The account a USER credential acts for (§5.3). */
  target?: Target;
  /** The secret that signs Pix references, at least 32 characters, not shared with the service. Required with `credential`. */
  referenceSecret?: string;
  /** The shop's installment policy. Without it, cards are charged in 1× only. */
  installments?: InstallmentPolicy;
  /** The merchant's order look-up: the order, or null/undefined when there is none. */
  order: (orderId: string) => CheckoutOrder | null | undefined | Promise<CheckoutOrder | null | undefined>;
  /** Called once the order is paid, by card or by Pix. It may run more than once for one Pix code: make it idempotent (docs/checkout.md). */
  onPaid: (payment: CheckoutPayment) => void | Promise<void>;
  /**
   * An atomic claim in the merchant's store, for several processes: true when
   * this call took the order for a card payment, false when it was taken or
   * paid. Required with `release`.
   */
  claim?: (orderId: string) => boolean | Promise<boolean>;
  /** Gives back a claim after a payment that charged nothing (declined, refused). Required with `claim`. */
  release?: (orderId: string) => void | Promise<void>;
  /** Whether a card payment must carry a CPF or CNPJ. Default true. */
  requireTaxId?: boolean;
  /** How long a Pix code stays payable, in whole seconds. Default 900 (15 min). */
  pixExpiresIn?: number;
  /** Told of each failure the shopper cannot fix (the service; `order`, `claim`, `release` or `onPaid` throwing or not answering within `storeTimeoutMs`). Default: one `console.error` line. What it throws or rejects with is ignored. */
  onError?: (error: unknown, where: CheckoutFailure) => void;
  /** Per-call timeout towards the service, in ms. Default 30 000. */
  timeoutMs?: number;
  /**
   * How long the handler waits for each call to `order`, `claim`, `release`
   * and `onPaid`, in ms. Default 10 000. Past it, the call is reported to
   * `onError` as a `TimeoutError` and the request goes on as if it had
   * failed (docs/checkout.md#when-your-store-does-not-answer). A Pix status
   * poll waits for `onPaid` at most 2.5 s, or this when shorter, so that
   * `<pay-pix-qr>` sees `paid` before it gives up on the poll.
   */
  storeTimeoutMs?: number;
  /** A fetch implementation. Default: the global fetch. */
  fetch?: typeof globalThis.fetch;
  /** The clock (Unix ms) for signatures and expiries. Default `Date.now`. */
  now?: () => number;
}

/** The longest description a dynamic code carries: the BR Code shares its field with the code's location. */
export const PIX_DESCRIPTION_MAX = 25;
const DEFAULT_PIX_EXPIRES_IN_S = 900;
const MIN_REFERENCE_SECRET = 32;
const DEFAULT_STORE_TIMEOUT_MS = 10_000;
/** The longest delay a timer keeps: past it, runtimes fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The options, checked, with their defaults. */
export interface CheckoutConfig {
  baseUrl: string;
  secretKey: string | undefined;
  credential: Credential | undefined;
  target: Target | undefined;
  referenceSecret: string | undefined;
  policy: InstallmentPolicy;
  order: CheckoutHandlerOptions['order'];
  onPaid: CheckoutHandlerOptions['onPaid'];
  claim: CheckoutHandlerOptions['claim'];
  release: CheckoutHandlerOptions['release'];
  requireTaxId: boolean;
  pixExpiresIn: number;
  onError: NonNullable<CheckoutHandlerOptions['onError']>;
  timeoutMs: number | undefined;
  storeTimeoutMs: number;
  fetch: typeof globalThis.fetch | undefined;
  now: () => number;
}

/** 1× only, for any amount. */
const SINGLE_PAYMENT: InstallmentPolicy = { maxInstallments: 1, interestFree: 1, monthlyRate: '0', minInstallment: 0 };

/** Checks the options at once, so a mistake shows at start-up rather than at a shopper's payment. Never echoes a secret. */
export function checkOptions(options: CheckoutHandlerOptions): CheckoutConfig {
  const where = 'checkoutHandler()';
  if (!options || typeof options !== 'object')
    throw new ConfigurationError(`${where} needs options: { baseUrl, secretKey, order, onPaid, … }`);
  if (typeof options.order !== 'function') throw new ConfigurationError(`${where}: order must be a function (orderId) => order or null`);
  if (typeof options.onPaid !== 'function') throw new ConfigurationError(`${where}: onPaid must be a function (payment) => void`);
  if (options.secretKey === undefined && options.credential === undefined) {
    throw new ConfigurationError(`${where}: pass secretKey (cards), credential (Pix) or both`);
  }
  if (options.secretKey !== undefined && (typeof options.secretKey !== 'string' || !SECRET_KEY_PATTERN.test(options.secretKey))) {
    throw new ConfigurationError(
      `${where}: secretKey is not a secret key (expected sk_test_… or sk_live_…); never use the public key here`,
    );
  }
  // The Pix client checks these when it is created; a card-only handler would otherwise meet them at the first payment.
  checkBaseUrl(options.baseUrl, where);
  checkTimeoutMs(options.timeoutMs, where);
  if (options.credential !== undefined) {
    const violation = credentialPolicyViolation('account', options.credential.kind, options.target !== undefined);
    if (violation) throw new ConfigurationError(`${where}: credential cannot generate Pix codes: ${violation}`);
    if (typeof options.referenceSecret !== 'string' || options.referenceSecret.length < MIN_REFERENCE_SECRET) {
      // An unset environment variable is the usual cause: say it is missing, not short.
      const what = options.referenceSecret ? 'must be' : 'is missing: set it to';
      throw new ConfigurationError(
        `${where}: referenceSecret ${what} a random string of at least ${MIN_REFERENCE_SECRET} characters (it signs Pix references; e.g. the output of \`openssl rand -hex 32\`); keep it in your secret store`,
      );
    }
  }
  if ((options.claim === undefined) !== (options.release === undefined)) {
    throw new ConfigurationError(`${where}: pass claim and release together (a claim never released would block a declined order)`);
  }
  for (const hook of ['claim', 'release', 'onError', 'now', 'fetch'] as const) {
    if (options[hook] !== undefined && typeof options[hook] !== 'function')
      throw new ConfigurationError(`${where}: ${hook} must be a function`);
  }
  const storeTimeoutMs = options.storeTimeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  if (!(Number.isFinite(storeTimeoutMs) && storeTimeoutMs > 0 && storeTimeoutMs <= MAX_TIMER_MS)) {
    throw new ConfigurationError(`${where}: storeTimeoutMs must be a positive number of milliseconds, at most ${MAX_TIMER_MS}`);
  }
  const pixExpiresIn = options.pixExpiresIn ?? DEFAULT_PIX_EXPIRES_IN_S;
  if (!Number.isSafeInteger(pixExpiresIn) || pixExpiresIn < 60) {
    throw new ConfigurationError(`${where}: pixExpiresIn must be a whole number of seconds, at least 60`);
  }
  const policy = options.installments ?? SINGLE_PAYMENT;
  // The policy is checked once here, and its problem named as the merchant wrote it: in checkoutHandler's installments.
  const plans = planOptions({ amount: MAX_PLAN_AMOUNT, ...policy });
  if ('problem' in plans) throw new InstallmentConfigError(plans.option, `${where}: installments: ${plans.problem}`);
  return {
    baseUrl: options.baseUrl,
    secretKey: options.secretKey,
    credential: options.credential,
    target: options.target,
    referenceSecret: options.referenceSecret,
    policy,
    order: options.order,
    onPaid: options.onPaid,
    claim: options.claim,
    release: options.release,
    requireTaxId: options.requireTaxId ?? true,
    pixExpiresIn,
    onError: options.onError ? guarded(options.onError) : reportToConsole,
    timeoutMs: options.timeoutMs,
    storeTimeoutMs,
    fetch: options.fetch,
    now: options.now ?? Date.now,
  };
}

/**
 * The merchant's reporter, made unable to fail the request: what it throws,
 * or the promise it returns rejecting, would otherwise turn an answer into a
 * rejected handler, or an unhandled rejection that ends a Node process.
 */
function guarded(onError: NonNullable<CheckoutHandlerOptions['onError']>): NonNullable<CheckoutHandlerOptions['onError']> {
  return (error, where) => {
    try {
      const reported: unknown = onError(error, where);
      if (typeof (reported as PromiseLike<unknown> | undefined)?.then === 'function') Promise.resolve(reported).catch(() => {});
    } catch {
      // Nothing more to tell: the reporter itself is what failed.
    }
  };
}

/** One line per failure: the errors of the package carry no secret, and a merchant's own error is theirs to word. */
function reportToConsole(error: unknown, where: CheckoutFailure): void {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`checkoutHandler ${where.route} (${where.step}${where.orderId ? `, order ${where.orderId}` : ''}): ${what}`);
}

/** Why what `order()` returned cannot be used, or undefined when it can. */
export function orderProblem(order: unknown, orderId: string): string | undefined {
  if (typeof order !== 'object' || order === null) return 'order() must return an object, null or undefined';
  const { id, amount, description, paid } = order as Record<string, unknown>;
  if (id !== orderId) return 'order().id must be the ID asked for';
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1 || amount > MAX_PLAN_AMOUNT) {
    return `order().amount must be integer centavos from 1 to ${MAX_PLAN_AMOUNT} (R$ 129,90 is 12990)`;
  }
  // null is how a database says "none": read as no description, as undefined is.
  if (description != null && typeof description !== 'string') return 'order().description must be a string, null or left out';
  if (typeof paid !== 'boolean') return 'order().paid must be true or false';
  return undefined;
}
