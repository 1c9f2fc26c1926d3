import { randomBytes } from 'node:crypto';
import { amountToCents, centsToAmount } from '../../../server/amount.js';
import type { QrCodeOperations, QrCodeStaticRequest } from '../../../server/schemas/qr-codes.js';
import { brCodeName, decodeBrCode, encodeBrCode } from '../../../pix/br-code.js';
import { DYNAMIC_QR_HOST, type V3AccountFixture } from '../fixtures.js';
import { fail, isResult, newId, notFound, type HandlerGroup, type V3Result } from '../route.js';
import type { QrCodeRecord, V3State } from '../state.js';
import { qrPaymentInFlight, QrCodeType } from './transfers.js';

/** Dynamic codes live one hour unless `expires_in` (seconds) says otherwise; at most 7 days. */
const DEFAULT_EXPIRES_IN_S = 3_600;
const MAX_EXPIRES_IN_S = 7 * 24 * 3_600;

/**
 * §4.5 QR codes. Request and response fields are not shown (§4.9); the
 * sandbox reads `pix_key`, `amount`, `description` and (dynamic) `expires_in`,
 * whose form the client's schemas check on arrival (4000 missing, 4002
 * invalid), and answers what was sent plus `qr_code_id`, `qr_code_payload`,
 * `qr_code_type`, `status`, `expires_at` and timestamps (docs/sandbox.md).
 * The payload is a real BR Code: paying it through QR initiate and confirm
 * closes the loop inside the sandbox.
 */
export const qrCodeHandlers = {
  generateDynamic: ({ state, body, account, now }) =>
    answer(state, generate(state, account!, 'dynamic', body, body.expires_in, now), body, now),
  // A static code never expires: an `expires_in` sent with it is echoed, not read.
  generateStatic: ({ state, body, account, now }) => answer(state, generate(state, account!, 'static', body, undefined, now), body, now),

  // Lookup is by QR code ID (§4.5); only the account that generated it sees it.
  details: ({ state, body, account, now }) => {
    const record = state.qrCodes.get(body.qr_code_id);
    if (!record || record.accountId !== account!.id) return notFound('QR code');
    return { data: { ...body, ...record.request, ...describeQrCode(state, record, now) } };
  },
} satisfies HandlerGroup<typeof QrCodeOperations>;

/** A generated code's answer, stored on commit; or the refusal `generate` gave. */
function answer(state: V3State, made: QrCodeRecord | V3Result, body: Record<string, unknown>, now: number): V3Result {
  return isResult(made) ? made : { data: { ...body, ...describeQrCode(state, made, now) }, commit: () => state.qrCodes.set(made.id, made) };
}

/**
 * The form of each field is the schema's (the same object the client checks
 * with). What stays here needs the sandbox's state or the whole code: the
 * sandbox's own expiry limit, whose key it is, and whether it all fits a BR Code.
 */
function generate(
  state: V3State,
  account: V3AccountFixture,
  type: 'static' | 'dynamic',
  body: QrCodeStaticRequest,
  expiresIn: number | undefined,
  now: number,
): QrCodeRecord | V3Result {
  const { description } = body;
  const amount = body.amount === undefined ? undefined : centsToAmount(amountToCents(body.amount));
  if (expiresIn !== undefined && expiresIn > MAX_EXPIRES_IN_S) {
    return fail(4002, `expires_in must be a whole number of seconds from 1 to ${MAX_EXPIRES_IN_S}.`);
  }
  const own = [...state.pixKeys.values()].filter((k) => k.accountId === account.id);
  const key = body.pix_key === undefined ? own.find((k) => k.active) : own.find((k) => k.key === body.pix_key);
  if (body.pix_key !== undefined && !key) return fail(4002, 'pix_key is not a key of the selected account.');
  if (!key || !key.active) return fail(4001096, 'The account has no active PIX key to receive with.');

  const id = newId('qr');
  const payload = brCode({
    merchantName: brCodeName(account.name),
    merchantCity: key.city,
    ...(type === 'dynamic'
      ? { pointOfInitiation: '12' as const, location: `${DYNAMIC_QR_HOST}${id}` }
      : { pointOfInitiation: '11' as const, key: key.key }),
    ...(description ? { description } : {}),
    ...(amount !== undefined ? { amount } : {}),
    txid: type === 'dynamic' ? randomBytes(18).toString('hex').slice(0, 25).toUpperCase() : id.slice(3, 28).replace(/[^A-Za-z0-9]/g, 'X'),
  });
  if (isResult(payload)) return payload;
  const record: QrCodeRecord = {
    id,
    accountId: account.id,
    type,
    pixKey: key.key,
    amount,
    payload,
    status: 'ACTIVE',
    expiresAt: type === 'dynamic' ? now + (expiresIn ?? DEFAULT_EXPIRES_IN_S) * 1000 : null,
    request: body,
    createdAt: now,
    updatedAt: now,
  };
  return record;
}

/**
 * The payload, if every field fits the BR Code and it reads back (the
 * encoder refuses a field over 99 characters, e.g. a long description beside
 * a dynamic location; the decoder, an amount of more than ten digits).
 * Otherwise 4002: nothing about the request can be paid.
 */
function brCode(code: Parameters<typeof encodeBrCode>[0]): string | V3Result {
  let payload: string;
  try {
    payload = encodeBrCode(code);
  } catch (error) {
    if (error instanceof RangeError)
      return fail(4002, 'description, pix_key or amount do not fit in a BR Code (a field holds at most 99 characters).');
    throw error;
  }
  return decodeBrCode(payload).ok ? payload : fail(4002, 'amount does not fit in a BR Code (at most ten digits before the point).');
}

/**
 * The sandbox's view of a QR code. `status` is ours: ACTIVE, PAID or EXPIRED
 * (§3.3: not shown). A payment confirmed before the expiry and still in
 * flight keeps the code ACTIVE until it settles (PAID) or fails (EXPIRED).
 */
export function describeQrCode(state: V3State, r: QrCodeRecord, now: number) {
  const expired = r.status === 'ACTIVE' && r.expiresAt !== null && r.expiresAt <= now && !qrPaymentInFlight(state, r);
  return {
    qr_code_id: r.id,
    qr_code_payload: r.payload,
    qr_code_type: r.type === 'dynamic' ? QrCodeType.DYNAMIC : QrCodeType.STATIC,
    status: expired ? 'EXPIRED' : r.status,
    pix_key: r.pixKey,
    amount: r.amount ?? null,
    expires_at: r.expiresAt,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}
