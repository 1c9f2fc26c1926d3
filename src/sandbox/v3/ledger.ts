/**
 * A change the ledger has checked: its `commit`, or what was available when
 * the amount fell short.
 */
export type LedgerPlan = { ok: true; commit: () => void } | { ok: false; available: number };

/** A settled payment as the ledger sees it: what it was, and how much of it refunds hold. */
export interface Refundable {
  amountCents: number;
  refundedCents: number;
}

/**
 * The only code that changes money in the sandbox: account balances, and what
 * remains refundable of a settled payment. A change that needs a check is
 * planned: the check runs at once and the change waits in `commit`, which
 * cannot fail, so a handler returns it with its answer and nothing moves
 * unless every check of the request has passed (route.ts). Amounts are
 * integer cents.
 */
export class Ledger {
  readonly #balances: Map<string, number>;

  /** Opening balances per account; an account without one starts at 0. */
  constructor(opening: Iterable<readonly [string, number]>) {
    this.#balances = new Map(opening);
  }

  /** The available balance of an account. */
  balance(accountId: string): number {
    return this.#balances.get(accountId) ?? 0;
  }

  /** Every balance, by account. */
  entries(): IterableIterator<[string, number]> {
    return this.#balances.entries();
  }

  /**
   * A payment out of an account: refused when the balance does not cover it
   * (§7.2 4003014). Its commit takes the money out at once; it is then in
   * flight until {@link Ledger.move} lands it with the payee or gives it back.
   */
  planDebit(accountId: string, cents: number): LedgerPlan {
    const available = this.balance(accountId);
    if (cents > available) return { ok: false, available };
    return { ok: true, commit: () => this.#add(accountId, -cents) };
  }

  /**
   * Money that needs no check because it was checked when it left: a payment
   * landing or coming back, a refund paid out. `null` stands for outside the
   * sandbox's balances: money in flight, or an account elsewhere.
   */
  move(from: string | null, to: string | null, cents: number): void {
    if (from !== null) this.#add(from, -cents);
    if (to !== null) this.#add(to, cents);
  }

  /**
   * A refund of part of a settled payment: refused above what remains
   * refundable (§7.2 4001999). Its commit holds the amount, so partial refunds
   * reduce what remains; {@link Ledger.releaseRefundHold} gives it back.
   */
  planRefundHold(settlement: Refundable, cents: number): LedgerPlan {
    const available = settlement.amountCents - settlement.refundedCents;
    if (cents > available) return { ok: false, available };
    return {
      ok: true,
      commit: () => {
        settlement.refundedCents += cents;
      },
    };
  }

  /** A failed refund no longer holds its amount. */
  releaseRefundHold(settlement: Refundable, cents: number): void {
    settlement.refundedCents -= cents;
  }

  #add(accountId: string, cents: number): void {
    this.#balances.set(accountId, this.balance(accountId) + cents);
  }
}
