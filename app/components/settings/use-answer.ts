// Reacting to an action's answer once: a fetcher keeps its last data, so effects that only
// compared it to the previous render would fire again on every revalidation.
import { useEffect, useRef } from "react";
import type { SettingsAnswer } from "~/lib/settings-contract";

/** Calls `onAnswer` once for each answer `fetcher` receives. */
export function useAnswer<Answer = SettingsAnswer>(fetcher: { state: string; data?: Answer }, onAnswer: (answer: Answer) => void) {
  const handled = useRef<unknown>(null);
  const callback = useRef(onAnswer);
  callback.current = onAnswer;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
