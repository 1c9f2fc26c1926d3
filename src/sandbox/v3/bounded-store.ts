/**
 * A `Map` with a cap on the records requests add, so a flood cannot grow the
 * sandbox without end. Fixture records are pinned: they never count against
 * the cap and are never evicted. When full, a store either evicts its oldest
 * unpinned record (insertion order) or refuses: a route must then ask
 * {@link BoundedStore.hasRoomFor} while it validates, and answer a clear
 * error, before it plans to add anything. Caps and behaviours are listed in
 * docs/reliability.md.
 */
export class BoundedStore<K, V> extends Map<K, V> {
  readonly cap: number;
  readonly whenFull: 'evict-oldest' | 'refuse';
  readonly #pinned = new Set<K>();
  readonly #onEvict: ((value: V) => void) | undefined;

  constructor(
    cap: number,
    whenFull: 'evict-oldest' | 'refuse',
    options: { pinned?: Iterable<readonly [K, V]>; onEvict?: (value: V) => void } = {},
  ) {
    super();
    this.cap = cap;
    this.whenFull = whenFull;
    this.#onEvict = options.onEvict;
    for (const [key, value] of options.pinned ?? []) {
      this.#pinned.add(key);
      super.set(key, value);
    }
  }

  /** Records added by requests (pinned fixtures not counted). */
  get added(): number {
    let pinnedPresent = 0;
    for (const key of this.#pinned) if (super.has(key)) pinnedPresent++;
    return this.size - pinnedPresent;
  }

  /** Whether `set(key, …)` would succeed: the key is already here, the store evicts, or it is under its cap. */
  hasRoomFor(key: K): boolean {
    return this.has(key) || this.whenFull === 'evict-oldest' || this.added < this.cap;
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.added >= this.cap) {
      if (this.whenFull === 'refuse') throw new RangeError(`store full (${this.cap}): the route should have checked hasRoomFor()`);
      for (const [oldest, evicted] of this) {
        if (this.#pinned.has(oldest)) continue;
        this.delete(oldest);
        this.#onEvict?.(evicted);
        break;
      }
    }
    return super.set(key, value);
  }
}
