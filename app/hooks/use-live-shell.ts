// The workspace shell keeps its projects list and the sidebar's favourites current through the
// workspace's live channel (its WorkspaceHub): a notice that either changed reads the shell's own
// loader again, debounced and once no other load or write is under way; the page's other loaders
// are left alone. A tab that was away hears on reconnecting whether it missed anything.
import { useEffect } from "react";
import type { HubMessage } from "../../durable-objects/protocol";
import { useReloadableData } from "~/hooks/use-live-screen";
import { api } from "~/lib/api-routes";
import { liveSocketUrl, runLiveSocket } from "~/lib/live-socket";
import { workspacePath } from "~/lib/paths";

/** The shell loader's data, read again whenever the workspace's hub says it changed. */
export function useLiveShellData<T>(slug: string, loaded: T): T {
  // The layout's own path: a fetcher load of it reads the shell's loader, not its index page's.
  const { data, reload } = useReloadableData(loaded, workspacePath(slug));

  useEffect(() => {
    // 0 until the hub first answers: the page's data was read just before, there is nothing to replay.
    let clock = 0;
    return runLiveSocket<HubMessage>({
      url: liveSocketUrl(window.location, api.workspaceLive(slug)),
      lastClock: () => clock,
      onMessage(message) {
        // On a reconnect, what changed since our clock follows in `notices`.
        if (message.type === "connected" && clock === 0) clock = message.clock;
        if (message.type !== "notices") return;
        clock = message.clock;
        reload();
      },
      onStatus() {},
    });
  }, [slug, reload]);

  return data;
}
