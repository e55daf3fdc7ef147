// Immutable set updates for React state. Client-safe.

/** A copy of `set` with `item` added, or removed when it was already there. */
export function toggled<T>(set: ReadonlySet<T>, item: T): Set<T> {
  const next = new Set(set);
  if (next.has(item)) next.delete(item);
  else next.add(item);
  return next;
}
