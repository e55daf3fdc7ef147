// Code a widget needs only once a person reaches for it (Ark's menu or popover, their positioning),
// kept out of the page's first JavaScript: fetched when the browser is idle after the page starts,
// or at once when asked (`load`, from a trigger's hover, focus or press). Each widget module makes
// one loader; every instance shares what it loads.
import { useEffect, useState } from "react";
import { whenIdle } from "~/lib/when-idle";

export interface LazyParts<T> {
  /** Starts fetching the code now (it is fetched once). */
  load(): void;
  /** The code once it has arrived (null until then); re-renders when it does. */
  useParts(): T | null;
}

export function lazyParts<T extends object>(fetchParts: () => Promise<T>): LazyParts<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  const waiting = new Set<() => void>();
  const start = () => {
    loading ??= fetchParts().then((parts) => {
      loaded = parts;
      for (const wake of waiting) wake();
      return parts;
    });
    return loading;
  };
  return {
    load: () => void start(),
    useParts() {
      const [parts, setParts] = useState(loaded);
      // biome-ignore lint/correctness/useExhaustiveDependencies: `loaded` is the loader's, not React state; it is read when the effect runs.
      useEffect(() => {
        if (parts) return;
        const arrived = () => setParts(loaded);
        // The code may have arrived between this render and this effect: its wake-ups have gone.
        if (loaded) {
          arrived();
          return;
        }
        waiting.add(arrived);
        const cancel = whenIdle(() => void start());
        return () => {
          waiting.delete(arrived);
          cancel();
        };
      }, [parts]);
      return parts;
    },
  };
}
