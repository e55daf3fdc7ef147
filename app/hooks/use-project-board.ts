// The browser end of the live board socket (durable-objects/protocol.ts): connects to the
// project's ProjectBoard, says `connect`, tracks presence and the server clock, reconnects with
// backoff, and hands committed changes (or a reset) to the page.
import { startTransition, useEffect, useRef, useState } from "react";
import {
  type Change,
  type ClientMessage,
  PING,
  PONG,
  PROTOCOL_VERSION,
  type PresenceUser,
  type ServerMessage,
} from "../../durable-objects/protocol";

export type BoardStatus = "connecting" | "open" | "offline" | "closed";

export interface BoardCallbacks {
  /** Changes committed after the page's data was read, oldest first, stamped `clock`. */
  onChanges?(changes: Change[], clock: number): void;
  /** The server could not replay what we missed: reload the data. */
  onReset?(): void;
}

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;
const PING_INTERVAL_MS = 25_000;
/** Close codes after which retrying cannot help (protocol version, access revoked). */
const FINAL_CLOSE_CODES = new Set([4000, 4003]);

export function boardUrl(location: Location, slug: string, projectId: string) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/api/workspaces/${encodeURIComponent(slug)}/projects/${encodeURIComponent(projectId)}/board`;
}

export function backoffDelay(attempt: number) {
  const exp = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return exp / 2 + Math.random() * (exp / 2);
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
    let socket: WebSocket | null = null;
    let attempt = 0;
    let stopped = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    const sync = synced.current;
    // Socket news renders as a transition: it may arrive while parts of the page are still
    // hydrating, and an urgent update there would throw the server's HTML away (React #421).
    const setStatus = (next: BoardStatus) => startTransition(() => setStatusNow(next));
    const setPresence = (next: PresenceUser[]) => startTransition(() => setPresenceNow(next));

    const send = (message: ClientMessage) => socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify(message));

    function scheduleRetry() {
      if (stopped) return;
      setStatus(navigator.onLine === false ? "offline" : "connecting");
      retryTimer = setTimeout(connect, backoffDelay(attempt++));
    }

    function onMessage(event: MessageEvent) {
      if (event.data === PONG || typeof event.data !== "string") return;
      let message: ServerMessage;
      try {
        message = JSON.parse(event.data) as ServerMessage;
      } catch {
        return;
      }
      switch (message.type) {
        case "connected":
          // The batches after our clock (or a reset) follow; the board's clock is not ours yet.
          attempt = 0;
          setStatus("open");
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
        case "error":
          if (message.code === "forbidden" || message.code === "protocol_version") stopped = true;
          break;
      }
    }

    function connect() {
      if (stopped) return;
      const current = new WebSocket(boardUrl(window.location, slug, projectId));
      socket = current;
      current.addEventListener("open", () => {
        send({ type: "connect", protocolVersion: PROTOCOL_VERSION, lastClock: sync.clock } satisfies ClientMessage);
        clearInterval(pingTimer);
        pingTimer = setInterval(() => current.readyState === WebSocket.OPEN && current.send(PING), PING_INTERVAL_MS);
      });
      current.addEventListener("message", onMessage);
      current.addEventListener("close", (event) => {
        clearInterval(pingTimer);
        if (socket !== current) return;
        socket = null;
        setPresence([]);
        if (FINAL_CLOSE_CODES.has(event.code)) stopped = true;
        if (stopped) setStatus("closed");
        else scheduleRetry();
      });
    }

    function onOnline() {
      if (socket || stopped) return;
      clearTimeout(retryTimer);
      attempt = 0;
      connect();
    }

    connect();
    window.addEventListener("online", onOnline);
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      window.removeEventListener("online", onOnline);
      const closing = socket;
      socket = null;
      closing?.close(1000, "leaving");
    };
  }, [slug, projectId]);

  return { status, presence };
}
