/**
 * Values kept for a few seconds and dropped when PostgreSQL announces a change (issue 13): the
 * owner subscribes it to a NOTIFY channel and calls `forget`/`clear` as notifications arrive, and
 * `setListening` as the subscription comes and goes. While it is not listening nothing is served
 * or stored (a notification may have been missed), and every change of state drops everything.
 *
 * A value read before an invalidation must not be stored after it: `load` remembers the
 * invalidation count when it starts and stores only if none happened meanwhile.
 */
export class NotifiedCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number; size: number }>();
  /** Lookups under way (`read`), with the invalidation count when each began. */
  private readonly loading = new Map<K, { generation: number; value: Promise<V> }>();
  private generation = 0;
  private listening = false;
  private size = 0;

  /**
   * `ttlMs`: how long a value is served at most; `maxSize`: the sum of `sizeOf` over the
   * entries (their count when not given), past which everything is dropped and filling restarts.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxSize: number,
    private readonly sizeOf: (value: V) => number = () => 1,
  ) {}

  get isListening(): boolean {
    return this.listening;
  }

  setListening(listening: boolean) {
    this.clear();
    this.listening = listening;
  }

  get(key: K): V | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.value;
    this.remove(key);
    return undefined;
  }

  /**
   * The value of `key`: from the cache while it is fresh, else from `lookup` (and stored).
   * Readers that miss while a lookup of the same key is under way wait for it instead of starting
   * their own (issue 30: a hundred requests arriving as a user's row expired sent a hundred
   * lookups) — as long as nothing was invalidated since it began, which is when its value could
   * have been served from the cache anyway.
   */
  async read(key: K, lookup: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const pending = this.loading.get(key);
    if (this.listening && pending?.generation === this.generation) return pending.value;
    const entry = { generation: this.generation, value: this.load(key, lookup) };
    this.loading.set(key, entry);
    try {
      return await entry.value;
    } finally {
      if (this.loading.get(key) === entry) this.loading.delete(key);
    }
  }

  async load(key: K, lookup: () => Promise<V>): Promise<V> {
    const generation = this.generation;
    const value = await lookup();
    if (this.listening && generation === this.generation) this.store(key, value);
    return value;
  }

  forget(key: K) {
    this.generation++;
    this.remove(key);
  }

  clear() {
    this.generation++;
    this.entries.clear();
    this.size = 0;
  }

  private store(key: K, value: V) {
    const size = this.sizeOf(value);
    this.remove(key);
    if (this.size + size > this.maxSize) {
      this.entries.clear();
      this.size = 0;
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs, size });
    this.size += size;
  }

  private remove(key: K) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.size;
  }
}
