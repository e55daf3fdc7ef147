// The issue views' live layer (app/lib/live-board.ts): board changes for issues patch the loaded
// list in place; anything else, and resets, leave it to the project shell's revalidation.
import { createContext, startTransition, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { ViewIssue } from "~/lib/issue-views-contract";
import { BoardHub, type LiveScope, applyBoardChanges, emptyLiveIssues, liveIssuesAfter, withLiveIssues } from "~/lib/live-board";

export const BoardHubContext = createContext<BoardHub | null>(null);

export function useBoardHub() {
  return useMemo(() => new BoardHub(), []);
}

/**
 * The loaded issues with the board's changes since laid over them. `loadedClock` is the board
 * clock the loader read the issues at (null when the board did not answer).
 */
export function useLiveIssues(
  loaded: ViewIssue[],
  scope: LiveScope,
  loadedClock: number | null = null,
  /** Told after each batch of the board's changes this layer placed. */
  onPlaced?: () => void,
): ViewIssue[] {
  const hub = useContext(BoardHubContext);
  const [live, setLive] = useState(emptyLiveIssues);
  // The clock the shown list was read at, taken when that list arrives (the issues stream in
  // after the rest of the loader data, which carries the clock).
  const listRead = useRef({ loaded, clock: loadedClock });
  if (listRead.current.loaded !== loaded) listRead.current = { loaded, clock: loadedClock };
  const readAt = listRead.current.clock;
  const current = useRef({ live, loaded, scope, readAt, onPlaced });
  current.current = { live, loaded, scope, readAt, onPlaced };

  useEffect(() => {
    if (!hub) return;
    const stop = hub.subscribe({
      changes(changes, clock) {
        const { live: layer, loaded: list, scope: where, readAt: at } = current.current;
        // What batches up to the list's clock said is in the list: only later ones are kept.
        const next = applyBoardChanges(liveIssuesAfter(layer, at), changes, where, new Set(list.map((issue) => issue.id)), clock);
        if (!next) return false;
        // Kept in the ref too: several batches can arrive before React renders again.
        current.current = { ...current.current, live: next };
        // Not urgent: a batch can arrive while part of the page is still hydrating.
        startTransition(() => setLive(next));
        current.current.onPlaced?.();
        return true;
      },
      reset() {
        // The shell re-reads the loaders: until they answer the layer still beats the old list.
        // With a clock, the fresh list's clock drops what it holds; without one, all is dropped.
        clearOnLoad.current = true;
      },
    });
    // Batches handed out while this page's loaders ran went to the page it replaced.
    if (hub.handedOutSince(current.current.readAt)) hub.reloadPage();
    return stop;
  }, [hub]);

  const clearOnLoad = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the loaders answer, only.
  useEffect(() => {
    const clear = clearOnLoad.current && current.current.readAt === null;
    clearOnLoad.current = false;
    if (!clear) return;
    current.current = { ...current.current, live: emptyLiveIssues() };
    startTransition(() => setLive(emptyLiveIssues()));
  }, [loaded]);

  // Pruned as it is drawn, not through another state update once the list arrives.
  return useMemo(() => withLiveIssues(loaded, liveIssuesAfter(live, readAt)), [loaded, live, readAt]);
}
