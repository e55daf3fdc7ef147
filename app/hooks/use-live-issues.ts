// The issue views' live layer (app/lib/live-board.ts): board changes for issues patch the loaded
// list in place; anything else, and resets, leave it to the project shell's revalidation.
import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { ViewIssue } from "~/lib/issue-views-contract";
import { BoardHub, type LiveScope, applyBoardChanges, emptyLiveIssues, withLiveIssues } from "~/lib/live-board";

export const BoardHubContext = createContext<BoardHub | null>(null);

export function useBoardHub() {
  return useMemo(() => new BoardHub(), []);
}

export function useLiveIssues(loaded: ViewIssue[], scope: LiveScope): ViewIssue[] {
  const hub = useContext(BoardHubContext);
  const [live, setLive] = useState(emptyLiveIssues);
  const current = useRef({ live, loaded, scope });
  current.current = { live, loaded, scope };

  useEffect(() => {
    if (!hub) return;
    return hub.subscribe({
      changes(changes) {
        const { live: layer, loaded: list, scope: where } = current.current;
        const next = applyBoardChanges(layer, changes, where, new Set(list.map((issue) => issue.id)));
        if (!next) return false;
        // Kept in the ref too: several batches can arrive before React renders again.
        current.current = { ...current.current, live: next };
        setLive(next);
        return true;
      },
      reset() {
        // The shell re-reads the loaders: until they answer the layer still beats the old list,
        // and once they do, the fresh list replaces whatever the layer held.
        clearOnLoad.current = true;
      },
    });
  }, [hub]);

  const clearOnLoad = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the loaders answer, only.
  useEffect(() => {
    if (!clearOnLoad.current) return;
    clearOnLoad.current = false;
    current.current = { ...current.current, live: emptyLiveIssues() };
    setLive(emptyLiveIssues());
  }, [loaded]);

  return useMemo(() => withLiveIssues(loaded, live), [loaded, live]);
}
