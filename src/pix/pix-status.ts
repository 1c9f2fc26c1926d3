/**
 * The status of a PIX charge as the page sees it, and the one answer shape a
 * status address gives `<pay-pix-qr status-url>`. Declared once here: the
 * element reads answers with {@link parsePixStatusAnswer}, and a backend that
 * serves the address writes them as {@link PixStatusAnswer}.
 */

/** Every status, in the order a charge goes through them. */
export const PIX_STATUSES = ['pending', 'paid', 'expired'] as const;

/** `pending` until the shopper pays (`paid`) or the code's time runs out (`expired`). */
export type PixStatus = (typeof PIX_STATUSES)[number];

/**
 * What a status address answers to `GET` with `Accept: application/json`:
 * `{ "status": "pending" }`, `"paid"` or `"expired"`. Other fields may come
 * beside it (an order id, a time); the element ignores them, so a backend
 * can add fields without breaking a page.
 */
export interface PixStatusAnswer {
  status: PixStatus;
}

/**
 * The status a parsed JSON answer holds, or null when it is not of the
 * {@link PixStatusAnswer} shape (not an object, no `status`, a status this
 * version does not know). Null is an unreadable answer, never a status: the
 * element keeps polling and does not expire a code over it.
 */
export function parsePixStatusAnswer(json: unknown): PixStatus | null {
  const status = (json as Partial<PixStatusAnswer> | null)?.status;
  return PIX_STATUSES.includes(status as PixStatus) ? (status as PixStatus) : null;
}
