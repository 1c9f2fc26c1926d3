import { randomBytes } from './bytes.js';

/**
 * Merchant order IDs (§4.2 QR confirm, §4.3 refund create): the first six
 * characters are a UTC date as YYMMDD, and that UTC day must overlap the
 * current time with a ±1 hour allowance (§8). The rest of the ID is not shown
 * by the spec; {@link merchantOrderId} fills it with random characters.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** §8: merchant order date tolerance. */
export const ORDER_DATE_ALLOWANCE_MS = HOUR_MS;

/** Start of the UTC day named by the YYMMDD prefix, or null when the prefix is not a real date. */
export function orderIdDay(id: string): number | null {
  const match = /^([0-9]{2})([0-9]{2})([0-9]{2})/.exec(id);
  if (!match) return null;
  const year = 2000 + Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const start = Date.UTC(year, month - 1, day);
  const check = new Date(start);
  // Date.UTC rolls 0231 over into March: a round trip catches impossible dates.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return start;
}

/** Whether `id` starts with a valid YYMMDD date (the format rule, §7.2 code 4002). */
export function hasOrderIdDatePrefix(id: string): boolean {
  return orderIdDay(id) !== null;
}

/**
 * Whether the ID's UTC day overlaps `now` with the ±1 h allowance (the
 * staleness rule, §7.2 code 400): day start − 1 h ≤ now < day end + 1 h.
 */
export function isOrderIdDateCurrent(id: string, now: number): boolean {
  const start = orderIdDay(id);
  if (start === null) return false;
  return now >= start - ORDER_DATE_ALLOWANCE_MS && now < start + DAY_MS + ORDER_DATE_ALLOWANCE_MS;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A fresh merchant order ID: YYMMDD of the UTC date of `now`, then 18 random
 * characters from 0-9A-Z (about 93 bits), e.g. `260314K7Q2M9XW4TR1B8ZC0F`.
 * Keep it with your order before sending: it is what you use to find the
 * operation again after a timeout (docs/server.md).
 */
export function merchantOrderId(now: Date | number = Date.now()): string {
  const date = new Date(typeof now === 'number' ? now : now.getTime());
  if (Number.isNaN(date.getTime())) throw new RangeError('merchantOrderId() needs a valid date');
  const yy = String(date.getUTCFullYear() % 100).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  // Bytes ≥ 252 are dropped so each of the 36 characters is equally likely (252 = 7 × 36).
  let suffix = '';
  while (suffix.length < 18) {
    for (const byte of randomBytes(24)) {
      if (byte < 252 && suffix.length < 18) suffix += ALPHABET[byte % 36];
    }
  }
  return `${yy}${mm}${dd}${suffix}`;
}
