// A live-board client for workerd tests: opens the board socket through the real Worker route
// (a WebSocket upgrade sent to the Worker), says `connect`, and records what the ProjectBoard sends;
// the same for the workspace's hub.
import { env } from "cloudflare:workers";
import { fetchWorker } from "./worker";
import { decode } from "turbo-stream";
import { type ClientMessage, type HubMessage, PROTOCOL_VERSION, type ServerMessage } from "../../durable-objects/protocol";
import { type Client, ORIGIN } from "./api";
import type { ProjectFixture } from "./project";

export type ChangesMessage = Extract<ServerMessage, { type: "changes" }>;

/** A live socket (a project's board or a workspace's hub) and what it received. */
export interface LiveSocket<M extends { type: string }> {
  socket: WebSocket;
  /** Every server message received and not yet taken, oldest first. */
  messages: M[];
  /** The close code once the socket has closed, else null. */
  closeCode: number | null;
  /**
   * Resolves with the oldest message of `type`, taking only it: messages of other types stay queued
   * in order, since the board does not promise an order between kinds (a presence update may come
   * before the changes of the same write).
   */
  next<T extends M["type"]>(type: T, timeoutMs?: number): Promise<Extract<M, { type: T }>>;
  /** Waits until the socket is closed; resolves with the close code. */
  closed(timeoutMs?: number): Promise<number>;
  close(): void;
}

export type BoardSocket = LiveSocket<ServerMessage>;
export type HubSocket = LiveSocket<HubMessage>;

export function openBoardSocket(client: Client | null, fixture: ProjectFixture) {
  return openLiveSocket(client, `${fixture.base}/board`);
}

/** Opens the workspace's live channel (the shell's socket). */
export function openHubSocket(client: Client | null, slug: string) {
  return openLiveSocket(client, `/api/workspaces/${slug}/live`);
}

function openLiveSocket(client: Client | null, path: string) {
  // A browser names the page that opens the socket; the server refuses other sites.
  const headers: Record<string, string> = { Upgrade: "websocket", origin: ORIGIN };
  if (client) headers.cookie = client.cookie;
  return fetchWorker(`${ORIGIN}${path}`, { headers });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function waitFor<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await tick();
  }
}

/** The project board's clock as D1 holds its copy: what a page loaded now starts its socket from. */
export async function copiedBoardClock(projectId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT live_clock FROM projects WHERE id = ?").bind(projectId).first<{ live_clock: number }>();
  if (!row) throw new Error(`no project ${projectId}`);
  return row.live_clock;
}

/** The board's own clock (the copy in D1 follows it). */
export const boardClockOf = (projectId: string) => env.PROJECT_BOARD.get(env.PROJECT_BOARD.idFromName(projectId)).currentClock();

/**
 * Waits until the copy of the board's clock in D1 has caught up with the board (the board writes
 * it after publishing, without holding up the write that published); answers that clock.
 */
export async function boardClockCopied(projectId: string, timeoutMs = 5000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [copied, board] = [await copiedBoardClock(projectId), await boardClockOf(projectId)];
    if (copied === board) return board;
    if (Date.now() > deadline) throw new Error(`the board clock's copy stayed at ${copied}, the board is at ${board}`);
    await tick();
  }
}

/**
 * Opens the socket and sends `connect` with `lastClock`; resolves once `connected` (and, when the
 * board decides so, the catch-up batches or a reset) has been queued in `messages`.
 */
export function connectBoard(client: Client, fixture: ProjectFixture, lastClock = 0): Promise<BoardSocket> {
  return connectLive<ServerMessage>(openBoardSocket(client, fixture), lastClock);
}

/** As `connectBoard`, for the workspace's hub. */
export function connectHub(client: Client, slug: string, lastClock = 0): Promise<HubSocket> {
  return connectLive<HubMessage>(openHubSocket(client, slug), lastClock);
}

async function connectLive<M extends { type: string }>(opening: Promise<Response>, lastClock: number): Promise<LiveSocket<M>> {
  const response = await opening;
  if (response.status !== 101 || !response.webSocket) throw new Error(`socket upgrade refused: ${response.status}`);
  const socket = response.webSocket;
  socket.accept();
  const live: LiveSocket<M> = {
    socket,
    messages: [],
    closeCode: null,
    async next(type, timeoutMs = 3000) {
      const index = await waitFor(
        () => {
          const at = live.messages.findIndex((message) => message.type === type);
          return at === -1 ? undefined : at;
        },
        timeoutMs,
        `a "${type}" message`,
      );
      return live.messages.splice(index, 1)[0] as Extract<M, { type: typeof type }>;
    },
    closed(timeoutMs = 3000) {
      return waitFor(() => live.closeCode ?? undefined, timeoutMs, "the socket to close");
    },
    close() {
      try {
        socket.close(1000, "done");
      } catch {
        // already closed
      }
    },
  };
  socket.addEventListener("message", (event) => {
    live.messages.push(JSON.parse(event.data as string) as M);
  });
  socket.addEventListener("close", (event) => {
    live.closeCode = event.code;
  });
  socket.send(JSON.stringify({ type: "connect", protocolVersion: PROTOCOL_VERSION, lastClock } satisfies ClientMessage));
  await waitFor(() => live.messages.find((message) => message.type === "connected"), 3000, "connected");
  return live;
}

/** The ids and ops of a changes message, in order: compact enough to compare in assertions. */
export const changeSummary = (message: ChangesMessage) => message.changes.map((change) => `${change.op}:${change.kind}:${change.id}`);

/** What the issue views page handed the browser: the board clocks its loaders read, its issues. */
export interface LoadedIssuesPage {
  /** The project shell's clock and the issue views' clock (one read per request: equal). */
  shellClock: number | null;
  viewsClock: number | null;
  issueNames: string[];
}

/**
 * Loads the project's issue views page as a client-side navigation does (`.data`, every loader
 * of the page, the issues streamed in the same response) and decodes the loader data.
 */
export async function loadIssuesPage(client: Client, fixture: ProjectFixture): Promise<LoadedIssuesPage> {
  const response = await fetchWorker(`${ORIGIN}/${fixture.slug}/projects/${fixture.projectId}/issues.data`, {
    headers: { cookie: client.cookie },
  });
  if (response.status !== 200 || !response.body) throw new Error(`issues page: ${response.status}`);
  const decoded = await decode(response.body);
  await decoded.done;
  type RouteData = { data?: Record<string, unknown> };
  const routes = decoded.value as Record<string, RouteData>;
  const shell = routes["routes/$workspaceSlug.projects.$projectId"]?.data;
  const views = routes["routes/$workspaceSlug.projects.$projectId.issues"]?.data;
  if (!shell || !views) throw new Error(`issues page data: ${Object.keys(routes).join(", ")}`);
  const { issues } = await (views.windows as Promise<{ issues: { name: string }[] }>);
  return {
    shellClock: shell.boardClock as number | null,
    viewsClock: views.boardClock as number | null,
    issueNames: issues.map((issue) => issue.name),
  };
}

/**
 * Sockets a test file opens, closed after each test: `connect` opens one (as `connectBoard`)
 * and remembers it. Call `closeAll()` after each test.
 */
export function trackedBoards() {
  const open: BoardSocket[] = [];
  return {
    async connect(...args: Parameters<typeof connectBoard>) {
      const board = await connectBoard(...args);
      open.push(board);
      return board;
    },
    closeAll() {
      for (const board of open.splice(0)) board.close();
    },
  };
}
