// An in-isolate cache of values computed from D1 rows, each tagged with the version of the rows it
// was computed from. A reader passes the version it has just read from D1 (a counter that triggers
// bump on every write to those rows, ADR 010); a different version is a miss, so an entry is never
// served after the rows behind it changed. Isolates do not share it: each keeps its own, bounded.

interface Entry<V> {
  version: string;
  value: V;
  weight: number;
}

export class VersionedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private totalWeight = 0;

  /**
   * @param maxWeight what all entries may weigh together (rows, say); the least recently used go first.
   * @param maxEntryWeight an entry heavier than this is not kept at all.
   */
  constructor(
    private readonly maxWeight: number,
    private readonly maxEntryWeight = maxWeight,
  ) {}

  /** The value stored under `key` at exactly `version`, or undefined. */
  get(key: string, version: string): V | undefined {
    const entry = this.peek(key);
    return entry && entry.version === version ? entry.value : undefined;
  }

  /**
   * The entry under `key` at whatever version it was stored, for a caller that can bring an older
   * value up to date (and then `set`s it under the newer version).
   */
  peek(key: string): { version: string; value: V } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map iteration order is insertion order: re-inserting marks the entry most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { version: entry.version, value: entry.value };
  }

  /**
   * Stores `value` as what `key` is at `version`. The caller must have read `version` before the
   * rows `value` was computed from: the rows are then at least that new, never older.
   */
  set(key: string, version: string, value: V, weight = 1) {
    this.delete(key);
    if (weight > this.maxEntryWeight) return;
    this.entries.set(key, { version, value, weight });
    this.totalWeight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.totalWeight <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.totalWeight -= entry.weight;
    }
  }

  delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }

  get size() {
    return this.entries.size;
  }

  get weight() {
    return this.totalWeight;
  }
}
