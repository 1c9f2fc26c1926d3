/**
 * What one handler remembers in its process, so that one order is charged
 * once: the card payments under way, the orders it saw paid, the charges
 * whose outcome is unknown, the Pix codes it has shown, and those whose
 * payment it is reporting or has reported. Bounded: past
 * {@link MEMORY_CAPACITY} entries a table forgets its oldest, so a flood of
 * order IDs costs a fixed amount of memory. Across processes the
 * merchant's store is the authority (`order()` and `claim`, docs/checkout.md).
 */

/** Entries each table keeps at most. */
export const MEMORY_CAPACITY = 10_000;
/** Codes remembered per order: a shopper asks for a new one a few times at most. */
export const CODES_KEPT = 8;

/** A `Map` that forgets its oldest entry past its capacity. */
class Recent<K, V> extends Map<K, V> {
  override set(key: K, value: V): this {
    this.delete(key);
    super.set(key, value);
    if (this.size > MEMORY_CAPACITY) this.delete(this.keys().next().value as K);
    return this;
  }
}

/** A Pix code shown for an order, reused while it is payable. */
export interface ShownCode {
  qrCodeId: string;
  amount: number;
  expiresAt: number;
  answer: object;
}

/**
 * A generated code, or the refusal that came instead, told apart by their
 * key: a clone of a Response need not be an instance of the global
 * `Response` (Hono's Node adapter replaces that global with a class of its
 * own, whose `clone()` returns the built-in kind).
 */
export type Generated<Code> = { code: Code } | { refusal: Response };

/** Why an order cannot start a card payment now, if it cannot. */
export type Busy = 'already_paid' | 'payment_in_progress' | 'payment_unconfirmed';

export class CheckoutMemory {
  /** Orders whose card payment is under way in this process. Never bounded: each entry lives one request. */
  readonly #charging = new Set<string>();
  readonly #paid = new Recent<string, true>();
  readonly #unconfirmed = new Recent<string, true>();
  /** Order ID → the Pix code last shown for it. */
  readonly #shown = new Recent<string, ShownCode>();
  /** Order ID → every Pix code shown for it, newest last, at most {@link CODES_KEPT}: a code replaced may still be paid. */
  readonly #codes = new Recent<string, { qrCodeId: string; amount: number }[]>();
  /** QR code IDs whose payment `onPaid` has heard of, from this process. */
  readonly #reported = new Recent<string, true>();
  /** QR code ID → the call to `onPaid` under way for it, however long it has been running. */
  readonly #reporting = new Recent<string, Promise<boolean>>();
  /** Order ID → the Pix code being generated for it and its amount, shared by requests that arrive meanwhile. Each entry lives one call to the service. */
  readonly #generating = new Map<string, { amount: number; made: Promise<Generated<object>> }>();
  /** QR code ID → the status look-up under way, shared by polls that arrive meanwhile. */
  readonly #looking = new Map<string, Promise<Response>>();

  /** Why `orderId` cannot be paid now, or undefined. */
  busy(orderId: string): Busy | undefined {
    if (this.#paid.has(orderId)) return 'already_paid';
    if (this.#unconfirmed.has(orderId)) return 'payment_unconfirmed';
    if (this.#charging.has(orderId)) return 'payment_in_progress';
    return undefined;
  }

  /**
   * Takes `orderId` for a card payment, or says why not. The check and the
   * taking are one synchronous step: no request can pass between them.
   */
  take(orderId: string): Busy | undefined {
    const busy = this.busy(orderId);
    if (!busy) this.#charging.add(orderId);
    return busy;
  }

  /** Lets go of `orderId` at the end of its request, whatever came of it. */
  letGo(orderId: string): void {
    this.#charging.delete(orderId);
  }

  paid(orderId: string): void {
    this.#paid.set(orderId, true);
    this.#shown.delete(orderId);
    this.#codes.delete(orderId);
  }

  /** A charge was sent and its outcome is unknown: the order is not to be charged again from here. */
  unconfirmed(orderId: string): void {
    this.#unconfirmed.set(orderId, true);
  }

  /** The code shown for `orderId` if it is for `amount` and payable for at least `marginMs` more. */
  shownCode(orderId: string, amount: number, now: number, marginMs: number): object | undefined {
    const shown = this.#shown.get(orderId);
    return shown && shown.amount === amount && shown.expiresAt - now >= marginMs ? shown.answer : undefined;
  }

  /** Every code shown for `orderId` (at most {@link CODES_KEPT}), payable or not, until the order is seen paid. */
  codesShown(orderId: string): readonly { qrCodeId: string; amount: number }[] {
    return this.#codes.get(orderId) ?? [];
  }

  show(orderId: string, code: ShownCode): void {
    this.#shown.set(orderId, code);
    const codes = [
      ...this.codesShown(orderId).filter((c) => c.qrCodeId !== code.qrCodeId),
      { qrCodeId: code.qrCodeId, amount: code.amount },
    ];
    this.#codes.set(orderId, codes.slice(-CODES_KEPT));
  }

  /**
   * One code generated per order at a time: a request for the same amount
   * that arrives meanwhile (a second tab, a double click) gets the same code,
   * or the same refusal, rather than a second payable code.
   */
  generate<Code extends object>(orderId: string, amount: number, run: () => Promise<Generated<Code>>): Promise<Generated<Code>> {
    let entry = this.#generating.get(orderId);
    if (entry?.amount !== amount) {
      const started = { amount, made: run() };
      this.#generating.set(orderId, started);
      const done = () => {
        if (this.#generating.get(orderId) === started) this.#generating.delete(orderId);
      };
      started.made.then(done, done);
      entry = started;
    }
    // Every code this table holds for the order came from a `run` of the same type.
    return (entry.made as Promise<Generated<Code>>).then((made) => ('refusal' in made ? { refusal: made.refusal.clone() } : made));
  }

  /** Whether `onPaid` has heard of the code's payment, or is being told of it. */
  reportingOrReported(qrCodeId: string): boolean {
    return this.#reported.has(qrCodeId) || this.#reporting.has(qrCodeId);
  }

  /**
   * One call to `onPaid` per code at a time, for as long as it runs: a poll
   * that arrives meanwhile starts none, so a stuck store is not handed a new
   * call at every poll. `run` resolves once `onPaid` settled, true when it
   * returned; the code is then remembered as reported, even when that came
   * long after the poll was answered. After a failure the next poll calls
   * again.
   */
  report(qrCodeId: string, run: () => Promise<boolean>): Promise<boolean> {
    const running = this.#reporting.get(qrCodeId);
    if (running) return running;
    const started = run()
      .catch(() => false)
      .then((told) => {
        if (told) this.#reported.set(qrCodeId, true);
        if (this.#reporting.get(qrCodeId) === started) this.#reporting.delete(qrCodeId);
        return told;
      });
    this.#reporting.set(qrCodeId, started);
    return started;
  }

  /** One look-up per code at a time: a poll that arrives meanwhile gets the same answer. */
  lookUp(qrCodeId: string, run: () => Promise<Response>): Promise<Response> {
    const running = this.#looking.get(qrCodeId);
    if (running) return running.then((response) => response.clone());
    const started = run().finally(() => this.#looking.delete(qrCodeId));
    this.#looking.set(qrCodeId, started);
    return started.then((response) => response.clone());
  }
}
