// The browser end of the live board socket (durable-objects/protocol.ts): connects to the
// project's ProjectBoard (app/lib/live-socket.ts), tracks presence and the server clock, and hands
// committed changes (or a reset) to the page.
import { startTransition, useEffect, useRef, useState } from "react";
import type { Change, PresenceUser, ServerMessage } from "../../durable-objects/protocol";
import { api } from "~/lib/api-routes";
import { type LiveStatus, liveSocketUrl, runLiveSocket } from "~/lib/live-socket";

export type BoardStatus = LiveStatus;

export interface BoardCallbacks {
  /** Changes committed after the page's data was read, oldest first, stamped `clock`. */
  onChanges?(changes: Change[], clock: number): void;
  /** The server could not replay what we missed: reload the data. */
  onReset?(): void;
}

export function boardUrl(location: Location, slug: string, projectId: string) {
  return liveSocketUrl(location, api.projectBoard(slug, projectId));
}

/**
 * The project's live board socket. `loadedClock` is the board clock the page's data was read at
 * (0 when unknown): the socket connects from it, so the board replays every batch committed after
 * the loaders read, and it moves forward whenever the loaders answer with newer data.
 */
export function useProjectBoard(slug: string, projectId: string, loadedClock: number, callbacks: BoardCallbacks = {}) {
  const [status, setStatusNow] = useState<BoardStatus>("connecting");
  const [presence, setPresenceNow] = useState<PresenceUser[]>([]);
  const latest = useRef(callbacks);
  latest.current = callbacks;
  /** The clock the page is up to date with: its data's, or the newest batch handed to it. */
  const synced = useRef({ projectId, clock: loadedClock });
  if (synced.current.projectId !== projectId) synced.current = { projectId, clock: loadedClock };
  // Batches up to a fresher load's clock are in its data: the socket need not hand them over.
  else synced.current.clock = Math.max(synced.current.clock, loadedClock);

  useEffect(() => {
    const sync = synced.current;
    // Socket news renders as a transition: it may arrive while parts of the page are still
    // hydrating, and an urgent update there would throw the server's HTML away (React #421).
    const setStatus = (next: BoardStatus) => startTransition(() => setStatusNow(next));
    const setPresence = (next: PresenceUser[]) => startTransition(() => setPresenceNow(next));

    function onMessage(message: ServerMessage) {
      switch (message.type) {
        case "connected":
          // The batches after our clock (or a reset) follow; the board's clock is not ours yet.
          setPresence(message.presence);
          break;
        case "presence":
          setPresence(message.users);
          break;
        case "changes":
          if (message.clock <= sync.clock) break;
          if (message.since > sync.clock) {
            // Batches between our clock and `since` never reached us: patching would skip them.
            sync.clock = message.clock;
            latest.current.onReset?.();
            break;
          }
          sync.clock = message.clock;
          latest.current.onChanges?.(message.changes, message.clock);
          break;
        case "reset":
          // We missed batches the board no longer keeps, or the page's data had no clock (0).
          sync.clock = message.clock;
          latest.current.onReset?.();
          break;
      }
    }

    return runLiveSocket<ServerMessage>({
      url: boardUrl(window.location, slug, projectId),
      lastClock: () => sync.clock,
      onMessage,
      onStatus: setStatus,
      onClose: () => setPresence([]),
    });
  }, [slug, projectId]);

  return { status, presence };
}
