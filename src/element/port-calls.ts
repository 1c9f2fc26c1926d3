/**
 * Calls over the frame's port that wait for an answer (`tokenize` → `result`
 * or `error`), matched by id. The frame answers each id once; an answer this
 * page cannot read still ends its call, and a channel that closes ends every
 * call still waiting.
 */
export class PortCalls<T> {
  readonly #waiting = new Map<number, { resolve(value: T): void; reject(error: unknown): void }>();
  #nextId = 1;

  /** A new call: its id to post, and the promise of its answer. */
  open(): { id: number; answer: Promise<T> } {
    const id = this.#nextId++;
    const answer = new Promise<T>((resolve, reject) => this.#waiting.set(id, { resolve, reject }));
    return { id, answer };
  }

  get size(): number {
    return this.#waiting.size;
  }

  resolve(id: number, value: T): void {
    this.#take(id)?.resolve(value);
  }

  reject(id: number, error: unknown): void {
    this.#take(id)?.reject(error);
  }

  /** The channel is gone: every call still waiting fails with `reason`. */
  rejectAll(reason: Error): void {
    for (const waiter of this.#waiting.values()) waiter.reject(reason);
    this.#waiting.clear();
  }

  #take(id: number) {
    const waiter = this.#waiting.get(id);
    this.#waiting.delete(id);
    return waiter;
  }
}
