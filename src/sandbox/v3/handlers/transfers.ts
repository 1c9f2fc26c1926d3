import { createHash } from 'node:crypto';
import { amountToCents, centsToAmount } from '../../../server/amount.js';
import { isFinalTxnStatus, TxnStatus } from '../../../server/enums.js';
import type { TransferOperations } from '../../../server/schemas/transfers.js';
import type { SandboxContext } from '../../context.js';
import type { V3AccountFixture } from '../fixtures.js';
import { DYNAMIC_QR_HOST, SANDBOX_FAIL } from '../fixtures.js';
import { decodeBrCode } from '../../../pix/br-code.js';
import {
  fail,
  isResult,
  newId,
  notFound,
  readOpenFields,
  staleOrderId,
  type HandlerGroup,
  type V3Handler,
  type V3Result,
} from '../route.js';
import type { ConfirmationReference, PixKeyRecord, QrCodeRecord, TransferRecord, V3State } from '../state.js';
import { scheduleStatusLifecycle } from '../status-lifecycle.js';

/** §3.2, §8: a confirmation reference lives five minutes. */
export const REFERENCE_TTL_MS = 5 * 60_000;

/**
 * Asynchronous life of a submitted transfer on the sandbox clock: 1 PENDING,
 * 5 PROCESSING after 1 s, then 2 COMPLETED (or 3 FAILED when the memo is
 * `sandbox_fail`) after 2 s. Transfer transitions are not shown (§3.3): this
 * mirrors the refund's (§3.1).
 */
export const TRANSFER_STEPS_MS = { processing: 1_000, final: 2_000 } as const;

/** A txn_id whose status query fails upstream: status check answers 501 (§7.2). */
export const STATUS_QUERY_FAILURE_TXN_ID = 'txn_sandbox_status_query_fails';

/** Sandbox values of `qr_code_type` (its values are not shown, §2.12). */
export const QrCodeType = { STATIC: 1, DYNAMIC: 2 } as const;

/** §4.2 transfers. */
export const transferHandlers = {
  // §4.2 QR initiate: decode, require an ACTIVE QR and an active key, cache a reference (§3.2).
  qrCodeInitiate: ({ state, body, account, now }) => {
    const payload = body.qr_code_payload.trim();
    const decoded = decodeBrCode(payload);
    if (!decoded.ok) return fail(4001015, `The QR code is invalid (${decoded.problem}).`);
    const code = decoded.code;

    let pixKey = code.key;
    let amount = code.amount;
    let dynamicQrId: string | null = null;
    let expires = 0; // static codes do not expire; §2.6 leaves the unit open, the sandbox uses Unix ms
    if (code.location !== undefined) {
      const record = dynamicQrRecord(state, code.location);
      if (!record || record.payload !== payload) return fail(4001015, 'The QR code is invalid: its location is unknown.');
      if (record.expiresAt !== null && record.expiresAt <= now) return fail(4001015, 'The QR code has expired.');
      // §4.2: the decoded QR must be ACTIVE.
      if (record.status !== 'ACTIVE') return fail(4001015, 'The QR code is no longer ACTIVE (already paid).');
      if (qrPaymentInFlight(state, record)) return fail(4001015, 'The QR code is being paid: a payment for it is in flight.');
      pixKey = record.pixKey;
      amount = record.amount;
      dynamicQrId = record.id;
      expires = record.expiresAt ?? 0;
    }
    const resolved = resolveKey(state, pixKey!);
    if (isResult(resolved)) return resolved;

    const qrCodeId = dynamicQrId ?? staticQrId(state, payload);
    const { reference, commit } = planReference(state, {
      accountId: account!.id,
      kind: 'qr',
      pixKey: resolved.key,
      amount,
      payeeAccountId: resolved.accountId,
      dynamicQrId,
      now,
    });
    return {
      data: {
        ref_id: reference.refId,
        pix_key: resolved.key,
        pix_key_type: resolved.type,
        payee: payeeOf(resolved),
        qr_code_id: qrCodeId,
        expires,
        ...(amount !== undefined ? { amount } : {}),
        settlement_id: reference.settlementId,
        qr_code_type: dynamicQrId ? QrCodeType.DYNAMIC : QrCodeType.STATIC,
        currency: 'BRL',
        ...(code.description ? { memo: code.description } : {}),
        // §2.6: always the zero value.
        qr_code_status: 0,
      },
      commit,
    };
  },

  // §4.2 QR confirm.
  qrCodeConfirm: ({ state, ctx, body, account, now }) => {
    const stale = staleOrderId(body.merchant_order_id, now);
    if (stale) return stale;
    const reference = takeReference(state, body.ref_id, 'qr', account!, now);
    if (isResult(reference)) return reference;
    // §4.2: a fixed-amount QR must be paid exactly; one without an amount takes the one sent.
    if (reference.amount !== undefined && amountToCents(reference.amount) !== amountToCents(body.amount)) {
      return fail(400, `The QR code's amount is fixed at ${reference.amount}.`);
    }
    const qr = reference.dynamicQrId ? state.qrCodes.get(reference.dynamicQrId) : undefined;
    const paid = planPayment(ctx, state, {
      account: account!,
      kind: 'qr',
      amount: body.amount,
      merchantOrderId: body.merchant_order_id,
      settlementId: reference.settlementId,
      payeeAccountId: reference.payeeAccountId,
      memo: body.memo,
      request: body,
      now,
      // A dynamic code is paid when its payment settles, not when it is submitted: a failed one leaves it payable.
      onCompleted: (txn, at) => {
        if (qr?.payment !== txn.txnId) return;
        qr.status = 'PAID';
        qr.updatedAt = at;
      },
    });
    // §3.2: the reference survives a payment failure…
    if (isResult(paid)) return paid;
    return {
      data: { merchant_order_id: body.merchant_order_id, txn_id: paid.record.txnId, txn_status: paid.record.status },
      commit: () => {
        paid.commit();
        // …and a submitted payment removes it; while it is in flight, nobody else can pay a dynamic code.
        state.references.delete(reference.refId);
        if (qr) {
          qr.payment = paid.record.txnId;
          qr.updatedAt = now;
        }
      },
    };
  },

  // PIX by key: the same initiate → confirm flow; the shapes are open (§4.9), fields read as in docs/sandbox.md.
  keyInitiate: ({ state, body, account, now }) => {
    if (typeof body.pix_key !== 'string' || body.pix_key.trim() === '') return fail(4000, 'pix_key is required.');
    const fields = readOpenFields(body, now, false);
    if (isResult(fields)) return fields;
    const resolved = resolveKey(state, body.pix_key.trim());
    if (isResult(resolved)) return resolved;
    const { reference, commit } = planReference(state, {
      accountId: account!.id,
      kind: 'key',
      pixKey: resolved.key,
      amount: fields.amount,
      payeeAccountId: resolved.accountId,
      dynamicQrId: null,
      now,
    });
    return {
      data: {
        ...body,
        ref_id: reference.refId,
        pix_key: resolved.key,
        pix_key_type: resolved.type,
        payee: payeeOf(resolved),
        settlement_id: reference.settlementId,
        expires: reference.expiresAt,
      },
      commit,
    };
  },

  keyConfirm: ({ state, ctx, body, account, now }) => {
    if (typeof body.ref_id !== 'string' || body.ref_id === '') return fail(4000, 'ref_id is required.');
    const reference = takeReference(state, body.ref_id, 'key', account!, now);
    if (isResult(reference)) return reference;
    const fields = readOpenFields(body, now, reference.amount === undefined);
    if (isResult(fields)) return fields;
    if (reference.amount !== undefined && fields.amount !== undefined && amountToCents(reference.amount) !== amountToCents(fields.amount)) {
      return fail(400, `The amount was fixed at ${reference.amount} on initiate.`);
    }
    const amount = fields.amount ?? reference.amount!;
    const paid = planPayment(ctx, state, {
      account: account!,
      kind: 'key',
      amount,
      merchantOrderId: fields.merchantOrderId,
      settlementId: reference.settlementId,
      payeeAccountId: reference.payeeAccountId,
      memo: typeof body.memo === 'string' ? body.memo : undefined,
      request: body,
      now,
    });
    if (isResult(paid)) return paid;
    return {
      data: { ...body, merchant_order_id: fields.merchantOrderId, txn_id: paid.record.txnId, txn_status: paid.record.status, amount },
      commit: () => {
        paid.commit();
        state.references.delete(reference.refId);
      },
    };
  },

  // PIX and TED to a bank account: submitted directly (§4.2).
  pixBankAccount: bankAccountPayment('pix-bank-account'),
  tedBankAccount: bankAccountPayment('ted'),

  // Details are not shown (§4.9): by `txn_id` or `merchant_order_id`, the selected account's only.
  // Without either there is nothing to look up: 4000, as for a missing transaction ID on status check (§7.2).
  details: ({ state, body, account }) => {
    if (body.txn_id === undefined && body.merchant_order_id === undefined) return fail(4000, 'Send txn_id or merchant_order_id.');
    const byId = typeof body.txn_id === 'string' ? state.transfers.get(body.txn_id) : undefined;
    const byOrder =
      typeof body.merchant_order_id === 'string'
        ? [...state.transfers.values()].find((t) => t.merchantOrderId === body.merchant_order_id && t.accountId === account!.id)
        : undefined;
    const record = byId ?? byOrder;
    if (!record || record.accountId !== account!.id) return notFound('transfer');
    return { data: { ...body, ...describeTransfer(record) } };
  },

  // §4.2: limited to the selected account and the outbound flow.
  statusCheck: ({ state, body, account }) => {
    if (body.txn_id === STATUS_QUERY_FAILURE_TXN_ID) return fail(501, 'The status query failed upstream; try again later.');
    const record = state.transfers.get(body.txn_id);
    if (!record || record.accountId !== account!.id) return notFound('transfer');
    return { data: { txn_status: record.status } };
  },
} satisfies HandlerGroup<typeof TransferOperations>;

/** The sandbox's record of a dynamic code, found by the location its payload names. */
function dynamicQrRecord(state: V3State, location: string): QrCodeRecord | undefined {
  return location.startsWith(DYNAMIC_QR_HOST) ? state.qrCodes.get(location.slice(DYNAMIC_QR_HOST.length)) : undefined;
}

/**
 * The amount QR initiate would take from a code, as initiate reads it (the
 * payload's, or a dynamic code's record), with no reference made: `null`
 * when initiate would refuse the code anyway. The console's pay action asks
 * this first, so a payment it could not finish never starts.
 */
export function qrCodeOwnAmount(state: V3State, payload: string): { amount: string | undefined } | null {
  const decoded = decodeBrCode(payload.trim());
  if (!decoded.ok) return null;
  if (decoded.code.location === undefined) return { amount: decoded.code.amount };
  const record = dynamicQrRecord(state, decoded.code.location);
  return record ? { amount: record.amount } : null;
}

/** PIX or TED to a bank account: one payment, no reference (the request is open, §4.9). */
function bankAccountPayment(kind: 'pix-bank-account' | 'ted'): V3Handler<typeof TransferOperations.pixBankAccount.request> {
  return ({ ctx, state, body, account, now }) => {
    const fields = readOpenFields(body, now, true);
    if (isResult(fields)) return fields;
    const paid = planPayment(ctx, state, {
      account: account!,
      kind,
      amount: fields.amount!,
      merchantOrderId: fields.merchantOrderId,
      settlementId: newId('stl'),
      payeeAccountId: null,
      memo: typeof body.memo === 'string' ? body.memo : undefined,
      request: body,
      now,
    });
    if (isResult(paid)) return paid;
    return { data: { ...body, txn_id: paid.record.txnId, txn_status: paid.record.status, created_at: now }, commit: paid.commit };
  };
}

/** A key of the directory, if it can receive (§7.2: 4001096 inactive or deleted; 500 / 501 dependency failure). */
function resolveKey(state: V3State, key: string): PixKeyRecord | V3Result {
  const entry = state.pixKeys.get(key);
  if (entry?.failure) return fail(entry.failure, 'The key directory could not be reached.');
  if (!entry || !entry.active) return fail(4001096, 'The PIX key is inactive or deleted.');
  return entry;
}

/** The resolved payee of an initiate. Its field name and sub-fields are not shown (§2.6): sandbox choice. */
function payeeOf(key: PixKeyRecord): { name: string; city: string; ispb: string } {
  return { name: key.holderName, city: key.city, ispb: key.ispb };
}

/**
 * Whether a dynamic code's confirmed payment is still PENDING or PROCESSING.
 * A payment that failed, or whose record the sandbox has since evicted (its
 * steps are cancelled then), no longer holds the code.
 */
export function qrPaymentInFlight(state: V3State, qr: QrCodeRecord): boolean {
  const txn = qr.payment === undefined ? undefined : state.transfers.get(qr.payment);
  return txn !== undefined && !isFinalTxnStatus(txn.status);
}

/** A static payload's ID: the generated record's, or one derived from the payload (stable across restarts). */
function staticQrId(state: V3State, payload: string): string {
  for (const record of state.qrCodes.values()) if (record.payload === payload) return record.id;
  return `qr_static_${createHash('sha256').update(payload).digest('hex').slice(0, 16)}`;
}

/** §3.2: a reference bound to the account, cached five minutes; stored by `commit`. */
function planReference(
  state: V3State,
  r: Omit<ConfirmationReference, 'refId' | 'settlementId' | 'expiresAt'> & { now: number },
): { reference: ConfirmationReference; commit: () => void } {
  const { now, ...rest } = r;
  const reference: ConfirmationReference = { ...rest, refId: newId('ref'), settlementId: newId('stl'), expiresAt: now + REFERENCE_TTL_MS };
  return {
    reference,
    commit: () => {
      // Expired references are of no use to anyone: drop them as we go.
      for (const [id, old] of state.references) if (old.expiresAt <= now) state.references.delete(id);
      state.references.set(reference.refId, reference);
    },
  };
}

/** §3.2 / §7.2: missing or expired → 4003012; another account's → 4004003. */
function takeReference(
  state: V3State,
  refId: string,
  kind: 'qr' | 'key',
  account: V3AccountFixture,
  now: number,
): ConfirmationReference | V3Result {
  // Read only: an expired reference is dropped by the next initiate's commit.
  const reference = state.references.get(refId);
  if (!reference || reference.kind !== kind || reference.expiresAt <= now) {
    return fail(
      4003012,
      'The confirmation reference is missing, expired or invalid; initiate again (and first check that the earlier attempt did not go through).',
    );
  }
  if (reference.accountId !== account.id) return fail(4004003, 'The confirmation reference belongs to another account.');
  return reference;
}

/**
 * Plans a payment from the selected account: 4003014 when the balance does
 * not cover it (§7.2, mapped insufficient funds), else a PENDING transfer
 * whose `commit` debits the balance, stores it and starts its lifecycle.
 */
function planPayment(
  ctx: SandboxContext,
  state: V3State,
  p: {
    account: V3AccountFixture;
    kind: TransferRecord['kind'];
    amount: string;
    merchantOrderId: string | null;
    settlementId: string;
    payeeAccountId: string | null;
    memo: string | undefined;
    request: Record<string, unknown>;
    now: number;
    /** Runs when the transfer reaches 2 COMPLETED, on the sandbox clock. */
    onCompleted?: (record: TransferRecord, at: number) => void;
  },
): { record: TransferRecord; commit: () => void } | V3Result {
  const cents = amountToCents(p.amount);
  const debit = state.ledger.planDebit(p.account.id, cents);
  if (!debit.ok) return fail(4003014, `Payment failed: insufficient funds (available ${centsToAmount(debit.available)}).`);
  const record: TransferRecord = {
    txnId: newId('txn'),
    accountId: p.account.id,
    kind: p.kind,
    merchantOrderId: p.merchantOrderId,
    amount: centsToAmount(cents),
    status: TxnStatus.PENDING,
    settlementId: p.settlementId,
    payeeAccountId: p.payeeAccountId,
    request: p.request,
    createdAt: p.now,
    updatedAt: p.now,
  };
  const commit = () => {
    debit.commit();
    state.transfers.set(record.txnId, record);
    scheduleStatusLifecycle(ctx.clock, record, p.now, TRANSFER_STEPS_MS, {
      fails: p.memo === SANDBOX_FAIL,
      // A failed payment gives the payer back what its submit took out.
      onFailed: () => state.ledger.move(null, p.account.id, cents),
      onCompleted: (at) => {
        // Settled: the payee (if in the sandbox) now holds an inbound PIX it can refund (§4.3).
        state.settlements.set(record.settlementId, {
          id: record.settlementId,
          payeeAccountId: p.payeeAccountId,
          payerAccountId: p.account.id,
          amountCents: cents,
          refundedCents: 0,
          settledAt: at,
        });
        state.ledger.move(null, p.payeeAccountId, cents);
        p.onCompleted?.(record, at);
      },
    });
  };
  return { record, commit };
}

function describeTransfer(t: TransferRecord) {
  return {
    txn_id: t.txnId,
    kind: t.kind,
    merchant_order_id: t.merchantOrderId,
    amount: t.amount,
    txn_status: t.status,
    settlement_id: t.settlementId,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}
