// A memo that lives as long as the isolate and holds at most `limit` answers: when full, the one
// computed longest ago goes. For work whose answer depends only on its key (a statement's text
// and values built from a request's shape), so a key seen again costs a Map lookup.

export interface BoundedMemo<V> {
  /** The answer kept under `key`, or `compute()`'s, kept from now on. */
  get(key: string, compute: () => V): V;
  readonly size: number;
}

export function boundedMemo<V>(limit: number): BoundedMemo<V> {
  const kept = new Map<string, V>();
  return {
    get(key, compute) {
      if (kept.has(key)) return kept.get(key) as V;
      const value = compute();
      if (kept.size >= limit) kept.delete(kept.keys().next().value as string);
      kept.set(key, value);
      return value;
    },
    get size() {
      return kept.size;
    },
  };
}
