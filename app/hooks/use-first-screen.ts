// Long lists drawn in two steps. The server's render, and the render that hydrates it, draw only a
// screenful of items; once the page is hydrated the rest follows in a transition. Every element a
// page renders on the server costs its CPU (the free plan allows 10 ms a request), and the items
// below the fold are not what a person sees first. A list the browser renders by itself (after a
// navigation) draws everything at once.
import { startTransition, useEffect, useState } from "react";

/** Whether this page has hydrated (set by the first list that did; never on the server). */
let hydrated = false;

/** The items to draw now: the first `count` until the page has hydrated, then all of them. */
export function useFirstScreen<T>(items: readonly T[], count: number): readonly T[] {
  const [all, setAll] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  return all || items.length <= count ? items : items.slice(0, count);
}
