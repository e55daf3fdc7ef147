// A screen showing one issue or one page keeps its data current from the project's live board:
// a change about what it shows reads the screen's own loader again (debounced, and only once no
// other load or write is under way), leaving the project's other loaders alone. What the board
// says about anything else is left to the project shell.
import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useContext, useEffect, useRef } from "react";
import { BoardHubContext } from "~/hooks/use-live-issues";
import { useReloadWhenIdle } from "~/hooks/use-revalidate-when-idle";
import type { Concern } from "~/lib/live-board";

/**
 * The route's loader data, or the fresher copy its own loader answered after `reload()` (which
 * reads `href`: debounced, and only once no other load or write is under way). A later answer of
 * the route's loaders (after a write or a navigation) wins again, and an answer read for another
 * address than the current `href` is not shown.
 */
export function useReloadableData<T>(loaded: T, href: string): { data: T; reload: () => void } {
  const fetcher = useFetcher();
  const fetched = fetcher.data as T | undefined;

  /** The address the last reload read: an answer for a screen navigated away from is not shown. */
  const readFor = useRef<string | null>(null);
  // Whichever answered last: the route's loaders or this screen's own reload.
  const shown = useRef({ loaded, fetched, data: loaded });
  if (shown.current.loaded !== loaded) shown.current = { loaded, fetched, data: loaded };
  else if (fetched !== undefined && fetched !== shown.current.fetched) {
    shown.current = { loaded, fetched, data: readFor.current === href ? fetched : shown.current.data };
  }

  const latest = useRef({ href, load: fetcher.load });
  latest.current = { href, load: fetcher.load };
  const reload = useReloadWhenIdle(
    useCallback(() => {
      readFor.current = latest.current.href;
      return latest.current.load(latest.current.href);
    }, []),
  );
  return { data: shown.current.data, reload };
}

/**
 * The route's loader data, kept current: a board change `concernOf(data)` says is about the
 * screen reads the route's own loader again.
 */
export function useLiveLoaderData<T>(loaded: T, concernOf: (data: T) => Concern): T {
  const hub = useContext(BoardHubContext);
  const location = useLocation();
  const { data, reload } = useReloadableData(loaded, `${location.pathname}${location.search}`);
  const latest = useRef({ data, concernOf });
  latest.current = { data, concernOf };

  useEffect(() => {
    if (!hub) return;
    return hub.subscribe({
      changes(changes) {
        const concern = latest.current.concernOf(latest.current.data);
        let placed = true;
        let shows = false;
        for (const change of changes) {
          const about = concern(change);
          if (about === null) placed = false;
          else shows ||= about;
        }
        // A batch this screen cannot place reloads every loader, this one included.
        if (shows && placed) reload();
        return placed;
      },
      // The project shell reloads every loader after a reset.
      reset() {},
    });
  }, [hub, reload]);

  return data;
}
