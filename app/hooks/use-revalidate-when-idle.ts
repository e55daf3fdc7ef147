// Reloads the page's data after live changes it cannot place, without cutting short a load that
// is already running. Calls within 250 ms become one reload. While a navigation, a revalidation or
// a fetcher's submission or load is under way the reload waits for it to finish and then runs: a
// new revalidation would abort the running request (wasted work, and Remix logs the aborted
// response as an error), and the running one may have read before the change committed.
import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

const DEBOUNCE_MS = 250;

/** Reloads every loader of the page (the project shell's answer to changes nobody placed). */
export function useRevalidateWhenIdle(): () => void {
  return useReloadWhenIdle(useRevalidator().revalidate);
}

/** Runs `reload` (one loader, or all of them) on the same terms: debounced, and only when idle. */
export function useReloadWhenIdle(reload: () => unknown): () => void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = revalidator.state !== "idle" || navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const latest = useRef({ reload, busy });
  latest.current = { reload, busy };
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const waiting = useRef(false);

  const run = useCallback(() => {
    if (latest.current.busy) {
      waiting.current = true;
      return;
    }
    waiting.current = false;
    // A navigation that starts meanwhile still aborts it; that navigation loads fresh data itself.
    Promise.resolve(latest.current.reload()).catch(() => {});
  }, []);

  // The router went idle with a reload waiting: run it now.
  useEffect(() => {
    if (!busy && waiting.current) run();
  }, [busy, run]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(run, DEBOUNCE_MS);
  }, [run]);
}
