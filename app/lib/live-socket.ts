// The browser end of a live socket (durable-objects/protocol.ts), whichever Durable Object is at
// the other end: opens it, says `connect` with the client's clock, pings, reconnects with backoff
// (at once when the browser comes back online) and stops for good when retrying cannot help.
import { type ClientMessage, type HubMessage, PING, PONG, PROTOCOL_VERSION, type ServerMessage } from "../../durable-objects/protocol";

export type LiveStatus = "connecting" | "open" | "offline" | "closed";

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;
const PING_INTERVAL_MS = 25_000;
/** Close codes after which retrying cannot help (protocol version, access revoked). */
const FINAL_CLOSE_CODES = new Set([4000, 4003]);

export function backoffDelay(attempt: number) {
  const exp = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return exp / 2 + Math.random() * (exp / 2);
}

/** The socket address of an API path on this site. */
export function liveSocketUrl(location: Location, path: string) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}${path}`;
}

export interface LiveSocketOptions<M> {
  url: string;
  /** The clock to send in `connect`, read at each (re)connect: what the page is up to date with. */
  lastClock(): number;
  onMessage(message: M): void;
  onStatus(status: LiveStatus): void;
  /** The socket went away (a retry may follow). */
  onClose?(): void;
}

/** Runs the socket until the returned function is called. */
export function runLiveSocket<M extends ServerMessage | HubMessage>(options: LiveSocketOptions<M>): () => void {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  function scheduleRetry() {
    if (stopped) return;
    options.onStatus(navigator.onLine === false ? "offline" : "connecting");
    retryTimer = setTimeout(connect, backoffDelay(attempt++));
  }

  function onMessage(event: MessageEvent) {
    if (event.data === PONG || typeof event.data !== "string") return;
    let message: M;
    try {
      message = JSON.parse(event.data) as M;
    } catch {
      return;
    }
    if (message.type === "connected") {
      attempt = 0;
      options.onStatus("open");
    }
    if (message.type === "error" && (message.code === "forbidden" || message.code === "protocol_version")) stopped = true;
    options.onMessage(message);
  }

  function connect() {
    if (stopped) return;
    const current = new WebSocket(options.url);
    socket = current;
    current.addEventListener("open", () => {
      current.send(JSON.stringify({ type: "connect", protocolVersion: PROTOCOL_VERSION, lastClock: options.lastClock() } satisfies ClientMessage));
      clearInterval(pingTimer);
      pingTimer = setInterval(() => current.readyState === WebSocket.OPEN && current.send(PING), PING_INTERVAL_MS);
    });
    current.addEventListener("message", onMessage);
    current.addEventListener("close", (event) => {
      clearInterval(pingTimer);
      if (socket !== current) return;
      socket = null;
      options.onClose?.();
      if (FINAL_CLOSE_CODES.has(event.code)) stopped = true;
      if (stopped) options.onStatus("closed");
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
}
