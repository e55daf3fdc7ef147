// The workspace shell keeps its projects list, the sidebar's favourites and the inbox's unread
// count current through the workspace's live channel (its WorkspaceHub): a notice that any of them
// changed reads the shell's own loader again, debounced and once no other load or write is under
// way; the page's other loaders are left alone. A page that shows one of those lists itself (the
// inbox, My work) listens for its kind and reads its own loader again. A tab that was away hears on
// reconnecting whether it missed anything.
import { useLocation } from "@remix-run/react";
import { createContext, useContext, useEffect, useRef, useState } from "react";
import type { HubMessage, WorkspaceNoticeKind } from "../../durable-objects/protocol";
import { useReloadableData } from "~/hooks/use-live-screen";
import { api } from "~/lib/api-routes";
import { liveSocketUrl, runLiveSocket } from "~/lib/live-socket";
import { workspacePath } from "~/lib/paths";

type NoticeListener = (kinds: WorkspaceNoticeKind[]) => void;

/** Where a page inside the shell hears the hub's notices: `subscribe` answers its unsubscribe. */
export interface ShellNotices {
  subscribe(listener: NoticeListener): () => void;
}

export const ShellNoticesContext = createContext<ShellNotices | null>(null);

/**
 * The shell loader's data, read again whenever the workspace's hub says it changed, and the
 * notices for the pages inside. The data carries the hub's clock at the time it was read (null when
 * the hub did not answer): the socket connects from it, so a notice published between the loader's
 * read and the connect is replayed.
 */
export function useLiveShellData<T extends { hubClock: number | null }>(slug: string, loaded: T): { data: T; notices: ShellNotices } {
  // The layout's own path: a fetcher load of it reads the shell's loader, not its index page's.
  const { data, reload } = useReloadableData(loaded, workspacePath(slug));
  /** The clock the shown data is up to date with; a fresher load moves it on. */
  const synced = useRef({ slug, clock: loaded.hubClock ?? 0 });
  if (synced.current.slug !== slug) synced.current = { slug, clock: data.hubClock ?? 0 };
  else synced.current.clock = Math.max(synced.current.clock, data.hubClock ?? 0);
  const [notices] = useState(() => {
    const listeners = new Set<NoticeListener>();
    return {
      listeners,
      subscribe(listener: NoticeListener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  });

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
        const kinds = message.notices.map((notice) => notice.kind);
        for (const listener of notices.listeners) listener(kinds);
      },
      onStatus() {},
    });
  }, [slug, reload, notices]);

  return { data, notices };
}

/**
 * The route's loader data, read again whenever the workspace's hub says a list of `kind` changed
 * (for example the person's notifications, for the inbox).
 */
export function useLiveOnNotice<T>(loaded: T, kind: WorkspaceNoticeKind): T {
  const notices = useContext(ShellNoticesContext);
  const location = useLocation();
  const { data, reload } = useReloadableData(loaded, `${location.pathname}${location.search}`);
  useEffect(() => notices?.subscribe((kinds) => kinds.includes(kind) && reload()), [notices, kind, reload]);
  return data;
}
