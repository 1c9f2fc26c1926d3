import { isFinalQrCodeStatus, isFinalTxnStatus } from './enums.js';
import { MalformedResponseError, WaitTimeoutError } from './errors.js';
import { NetworkError } from '../shared/errors.js';
import { sleep } from './retry.js';
import type { PayClient } from './client.js';
import type { OpenObject } from './schemas/common.js';
import type { TransferStatusResult } from './schemas/transfers.js';

/**
 * Waiting for settlement. An initiation, confirmation or refund response is
 * not settlement (§1): these helpers poll the status read until a final
 * state. Every poll is a new, freshly signed request (§4.2).
 */
export interface WaitOptions<Status extends number | string = number> {
  /** Stops the wait; rejects with RequestAbortedError. */
  signal?: AbortSignal;
  /** How long to keep polling, in ms from the call. Default 120 000. */
  deadlineMs?: number;
  /** Delay before the second poll. Default 500 ms; grows ×1.5 per poll with jitter. */
  initialDelayMs?: number;
  /** Largest delay between polls. Default 10 000 ms. */
  maxDelayMs?: number;
  /** Per-poll timeout in ms; default 30 000, and never longer than what is left of the deadline. */
  timeoutMs?: number;
  /** Called after every successful poll with the status read, e.g. to log progress. */
  onPoll?: (status: Status, attempt: number) => void;
  /**
   * The clock the deadline is measured on, in ms (only differences matter).
   * Default `performance.now()`, which never jumps when the wall clock is set.
   */
  now?: () => number;
}

/**
 * Polls `transfers.statusCheck` until `txn_status` is final (anything but
 * PENDING or PROCESSING) and returns the last status data. Transport failures
 * and timeouts of a poll are absorbed until the deadline; business errors end
 * the wait at once. At the deadline it rejects with {@link WaitTimeoutError}.
 */
export function waitForTransfer(
  client: Pick<PayClient, 'transfers'>,
  txnId: string,
  options: WaitOptions = {},
): Promise<TransferStatusResult> {
  return poll(TXN_STATUS, 'waitForTransfer', options, async (signal, timeoutMs) => {
    const data = await client.transfers.statusCheck({ txn_id: txnId }, { signal, timeoutMs });
    return { status: data.txn_status, data };
  });
}

/**
 * Polls `refunds.statusCheck` with `request` until `txn_status` is final
 * (§3.1: COMPLETED or FAILED). The refund status request is not shown by the
 * spec, so pass what your service expects, e.g. `{ refund_id }`. The response
 * must carry a numeric `txn_status` (§3.1 names the refund state so).
 */
export function waitForRefund(
  client: Pick<PayClient, 'refunds'>,
  request: OpenObject,
  options: WaitOptions = {},
): Promise<OpenObject & { txn_status: number }> {
  return poll(TXN_STATUS, 'waitForRefund', options, async (signal, timeoutMs) => {
    const data = await client.refunds.statusCheck(request, { signal, timeoutMs });
    const status = data?.txn_status;
    if (typeof status !== 'number') {
      throw new MalformedResponseError(
        'refunds.statusCheck returned no numeric txn_status; call it directly and read the shape your service returns.',
        {
          status: 200,
          operation: 'refunds.statusCheck',
        },
      );
    }
    return { status, data: { ...data, txn_status: status } };
  });
}

/**
 * Polls `qrCodes.details({ qr_code_id })` until the code's `status` is no
 * longer `ACTIVE`, and returns the last details read: `status` is then
 * `PAID` or `EXPIRED` (or a value this version does not know, surfaced
 * rather than polled until the deadline). Use it for the payee's side of PIX
 * at checkout: generate a code, show it, wait here.
 *
 * **The status names are the sandbox's, not the service's** ({@link QrCodeStatus},
 * docs/sandbox.md): the spec shows neither the QR record's fields (§4.9) nor
 * any QR status but ACTIVE (§3.3). Check what your service answers before
 * relying on this helper there. A response without a string `status` is a
 * {@link MalformedResponseError}.
 *
 * As for {@link waitForTransfer}: every poll is freshly signed, transport
 * failures are absorbed until the deadline ({@link WaitTimeoutError}, whose
 * `lastStatus` is then the last status string seen), business errors (e.g. an
 * unknown ID) end the wait at once, and `signal` stops it.
 */
export function waitForQrPayment(
  client: Pick<PayClient, 'qrCodes'>,
  qrCodeId: string,
  options: WaitOptions<string> = {},
): Promise<OpenObject & { status: string }> {
  return poll(QR_STATUS, 'waitForQrPayment', options, async (signal, timeoutMs) => {
    const data = await client.qrCodes.details({ qr_code_id: qrCodeId }, { signal, timeoutMs });
    const status = data?.status;
    if (typeof status !== 'string') {
      throw new MalformedResponseError(
        'qrCodes.details returned no string status; call it directly and read the shape your service returns.',
        { status: 200, operation: 'qrCodes.details' },
      );
    }
    return { status, data: { ...data, status } };
  });
}

/** Which field a wait reads, and which of its values end the wait. */
interface StatusRule<Status> {
  field: string;
  isFinal: (status: Status) => boolean;
}
const TXN_STATUS: StatusRule<number> = { field: 'txn_status', isFinal: isFinalTxnStatus };
const QR_STATUS: StatusRule<string> = { field: 'status', isFinal: isFinalQrCodeStatus };

/** The poll loop every `waitFor…` shares. */
async function poll<T, Status extends number | string>(
  rule: StatusRule<Status>,
  name: string,
  options: WaitOptions<Status>,
  read: (signal: AbortSignal | undefined, timeoutMs: number) => Promise<{ status: Status; data: T }>,
): Promise<T> {
  const deadlineMs = options.deadlineMs ?? 120_000;
  const maxDelay = options.maxDelayMs ?? 10_000;
  let delay = options.initialDelayMs ?? 500;
  const now = options.now ?? (() => performance.now());
  const endAt = now() + deadlineMs;
  let lastStatus: Status | undefined;
  let lastError: unknown;

  for (let attempt = 0; ; attempt++) {
    const left = endAt - now();
    const timeoutMs = Math.ceil(Math.max(1, Math.min(options.timeoutMs ?? 30_000, left)));
    try {
      const { status, data } = await read(options.signal, timeoutMs);
      lastStatus = status;
      lastError = undefined;
      options.onPoll?.(status, attempt);
      if (rule.isFinal(status)) return data;
    } catch (error) {
      // The status read is safe to repeat; only a lost answer is worth waiting out.
      if (!(error instanceof NetworkError)) throw error;
      lastError = error;
    }
    const remaining = endAt - now();
    if (remaining <= 0) {
      throw new WaitTimeoutError(
        `${name}: no final status within ${deadlineMs} ms${lastStatus === undefined ? '' : ` (last ${rule.field} ${lastStatus})`}. ` +
          'The operation may still complete: keep its ID and check again later.',
        { operation: name, lastStatus, cause: lastError },
      );
    }
    const jittered = delay / 2 + Math.random() * (delay / 2);
    await sleep(Math.min(jittered, remaining), options.signal, name);
    delay = Math.min(maxDelay, delay * 1.5);
  }
}
