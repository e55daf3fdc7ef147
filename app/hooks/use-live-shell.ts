// The workspace shell keeps its projects list and the sidebar's favourites current through the
// workspace's live channel (its WorkspaceHub): a notice that either changed reads the shell's own
// loader again, debounced and once no other load or write is under way; the page's other loaders
// are left alone. A tab that was away hears on reconnecting whether it missed anything.
import { useEffect, useRef } from "react";
import type { HubMessage } from "../../durable-objects/protocol";
import { useReloadableData } from "~/hooks/use-live-screen";
import { api } from "~/lib/api-routes";
import { liveSocketUrl, runLiveSocket } from "~/lib/live-socket";
import { workspacePath } from "~/lib/paths";

/**
 * The shell loader's data, read again whenever the workspace's hub says it changed. The data
 * carries the hub's clock at the time it was read (null when the hub did not answer): the socket
 * connects from it, so a notice published between the loader's read and the connect is replayed.
 */
export function useLiveShellData<T extends { hubClock: number | null }>(slug: string, loaded: T): T {
  // The layout's own path: a fetcher load of it reads the shell's loader, not its index page's.
  const { data, reload } = useReloadableData(loaded, workspacePath(slug));
  /** The clock the shown data is up to date with; a fresher load moves it on. */
  const synced = useRef({ slug, clock: loaded.hubClock ?? 0 });
  if (synced.current.slug !== slug) synced.current = { slug, clock: data.hubClock ?? 0 };
  else synced.current.clock = Math.max(synced.current.clock, data.hubClock ?? 0);

  useEffect(() => {
    const sync = synced.current;
    return runLiveSocket<HubMessage>({
      url: liveSocketUrl(window.location, api.workspaceLive(slug)),
      lastClock: () => sync.clock,
      onMessage(message) {
        // Without a clock from the loader (0), the first answer sets one: nothing to replay yet.
        if (message.type === "connected" && sync.clock === 0) sync.clock = message.clock;
        if (message.type !== "notices") return;
        sync.clock = Math.max(sync.clock, message.clock);
        reload();
      },
      onStatus() {},
    });
  }, [slug, reload]);

  return data;
}
