// Reloads the page's data after live changes it cannot place, without cutting short a load that
// is already running. Calls within 250 ms become one reload. While a navigation, a revalidation or
// a fetcher's submission or load is under way the reload waits for it to finish and then runs: a
// new revalidation would abort the running request (wasted work, and Remix logs the aborted
// response as an error), and the running one may have read before the change committed.
import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

const DEBOUNCE_MS = 250;

export function useRevalidateWhenIdle(): () => void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = revalidator.state !== "idle" || navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const latest = useRef({ revalidate: revalidator.revalidate, busy });
  latest.current = { revalidate: revalidator.revalidate, busy };
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const waiting = useRef(false);

  const run = useCallback(() => {
    if (latest.current.busy) {
      waiting.current = true;
      return;
    }
    waiting.current = false;
    // A navigation that starts meanwhile still aborts it; that navigation loads fresh data itself.
    Promise.resolve(latest.current.revalidate()).catch(() => {});
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
