// The issue views' live layer (app/lib/live-board.ts): board changes for issues patch the loaded
// list in place; anything else, and resets, leave it to the project shell's revalidation.
import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { ViewIssue } from "~/lib/issue-views.server";
import { BoardHub, type LiveScope, applyBoardChanges, emptyLiveIssues, liveIssuesAfter, withLiveIssues } from "~/lib/live-board";

export const BoardHubContext = createContext<BoardHub | null>(null);

export function useBoardHub() {
  return useMemo(() => new BoardHub(), []);
}

/**
 * The loaded issues with the board's changes since laid over them. `loadedClock` is the board
 * clock the loader read the issues at (null when the board did not answer).
 */
export function useLiveIssues(loaded: ViewIssue[], scope: LiveScope, loadedClock: number | null = null): ViewIssue[] {
  const hub = useContext(BoardHubContext);
  const [live, setLive] = useState(emptyLiveIssues);
  const current = useRef({ live, loaded, scope, loadedClock });
  current.current = { live, loaded, scope, loadedClock };

  useEffect(() => {
    if (!hub) return;
    const stop = hub.subscribe({
      changes(changes, clock) {
        const { live: layer, loaded: list, scope: where } = current.current;
        const next = applyBoardChanges(layer, changes, where, new Set(list.map((issue) => issue.id)), clock);
        if (!next) return false;
        // Kept in the ref too: several batches can arrive before React renders again.
        current.current = { ...current.current, live: next };
        setLive(next);
        return true;
      },
      reset() {
        // The shell re-reads the loaders: until they answer the layer still beats the old list,
        // and once they do, the fresh list replaces whatever the layer held before it was read.
        clearOnLoad.current = true;
      },
    });
    // Batches handed out while this page's loaders ran went to the page it replaced.
    if (hub.handedOutSince(current.current.loadedClock)) hub.reloadPage();
    return stop;
  }, [hub]);

  const clearOnLoad = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the loaders answer, only.
  useEffect(() => {
    const { loadedClock: at } = current.current;
    // Batches up to the clock the fresh list was read at are in it; later ones stay on top.
    const next = at === null ? (clearOnLoad.current ? emptyLiveIssues() : current.current.live) : liveIssuesAfter(current.current.live, at);
    clearOnLoad.current = false;
    if (next === current.current.live) return;
    current.current = { ...current.current, live: next };
    setLive(next);
  }, [loaded]);

  return useMemo(() => withLiveIssues(loaded, live), [loaded, live]);
}
