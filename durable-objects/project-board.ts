// One ProjectBoard per project: the hub that stamps every committed change with the project's
// server clock and fans it out to every connected socket; a reconnecting client gets the changes
// it missed or a full reset.
import { DurableObject } from "cloudflare:workers";
import {
  acceptConnect,
  closeRevokedSockets,
  type Change,
  type PresenceUser,
  PING,
  PONG,
  PROTOCOL_VERSION,
  type ServerMessage,
} from "./protocol";
import { ClockMirror } from "./clock-mirror";

/** How many committed batches a reconnecting client can catch up from before it must reset. */
export const CHANGE_LOG_LIMIT = 2000;

interface SocketState extends PresenceUser {
  /** Set once the client sent `connect`; changes are only sent to synced sockets. */
  synced: boolean;
}

export class ProjectBoard extends DurableObject<Env> {
  private clock = 0;
  /**
   * The synced sockets, so a publish does not deserialize every socket's attachment (that cost
   * most of a publish with 50 sockets, see bench/results.md). Dropped whenever a socket joins,
   * syncs or leaves, and rebuilt on the next broadcast; after hibernation it starts empty.
   */
  private syncedSockets: WebSocket[] | null = null;
  /** The clock's copy in the project's row, which page loaders read with their access check. */
  private readonly mirror: ClockMirror;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.mirror = new ClockMirror(env.DB, "UPDATE projects SET live_clock = ?1 WHERE id = ?2", ctx.id.name, () => this.clock);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS change_log (clock INTEGER PRIMARY KEY, changes TEXT NOT NULL)");
      ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)");
      ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS issue_versions (id TEXT PRIMARY KEY, version INTEGER NOT NULL)");
      const row = ctx.storage.sql.exec<{ value: number }>("SELECT value FROM meta WHERE key = 'clock'").toArray()[0];
      this.clock = row?.value ?? 0;
    });
  }

  /** The Worker has already checked membership; it passes who the user is in headers. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const userId = request.headers.get("x-board-user-id");
    const name = request.headers.get("x-board-user-name") ?? "";
    if (!userId) return new Response("Missing user", { status: 400 });
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair);
    this.ctx.acceptWebSocket(server, [userId]);
    server.serializeAttachment({ userId, name, synced: false } satisfies SocketState);
    this.syncedSockets = null;
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Called by the Worker's post-commit path; resolves with the clock the batch was stamped with
   * once every synced socket has been sent it. Batches published in the same turn go out as one
   * message per socket: sending is what a publish costs with many sockets (bench/results.md).
   */
  async publish(published: Change[]): Promise<number> {
    const changes = this.newerThanTaken(published);
    if (changes.length === 0) return this.clock;
    const clock = this.clock + 1;
    const sql = this.ctx.storage.sql;
    sql.exec("INSERT INTO change_log (clock, changes) VALUES (?, ?)", clock, JSON.stringify(changes));
    sql.exec("INSERT INTO meta (key, value) VALUES ('clock', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", clock);
    sql.exec("DELETE FROM change_log WHERE clock <= ?", clock - CHANGE_LOG_LIMIT);
    this.clock = clock;
    await this.sendSoon(clock, changes);
    this.mirror.sync();
    return clock;
  }

  /**
   * The changes to keep: an issue change whose `version` is below one already taken for that issue
   * was read before it and would put an older row back (two writes' publishes can arrive in the
   * opposite order of their commits, and a retried publish arrives late). Equal versions were read
   * at the same point and agree.
   */
  private newerThanTaken(changes: Change[]): Change[] {
    const sql = this.ctx.storage.sql;
    return changes.filter((change) => {
      if (change.kind !== "issue" || change.version === undefined) return true;
      const taken = sql.exec<{ version: number }>("SELECT version FROM issue_versions WHERE id = ?", change.id).toArray()[0];
      if (taken && taken.version > change.version) return false;
      sql.exec(
        "INSERT INTO issue_versions (id, version) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET version = excluded.version",
        change.id,
        change.version,
      );
      return true;
    });
  }

  /** Batches stamped but not sent yet, and the promise their senders wait on. */
  private unsent: { since: number; changes: Change[]; sent: Promise<void> } | null = null;

  private sendSoon(clock: number, changes: Change[]): Promise<void> {
    if (this.unsent) {
      this.unsent.changes.push(...changes);
      return this.unsent.sent;
    }
    const unsent = { since: clock - 1, changes: [...changes], sent: Promise.resolve() };
    // A macrotask, not a microtask: publishes already on their way in get to join the message.
    unsent.sent = new Promise<void>((resolve) =>
      setTimeout(() => {
        this.unsent = null;
        this.broadcast({ type: "changes", clock: this.clock, since: unsent.since, changes: unsent.changes } satisfies ServerMessage);
        resolve();
      }, 0),
    );
    this.unsent = unsent;
    return unsent.sent;
  }

  /** The clock of the newest batch (its copy in D1 may lag: ADR 062). */
  currentClock(): number {
    return this.clock;
  }

  /** Closes the sockets of a user who lost access to the project. */
  async disconnectUser(userId: string): Promise<number> {
    const closed = closeRevokedSockets(this.ctx.getWebSockets(userId), "You are no longer a member of this project.");
    this.syncedSockets = null;
    this.broadcastPresence();
    return closed;
  }

  async webSocketMessage(socket: WebSocket, raw: string | ArrayBuffer) {
    const message = acceptConnect(socket, raw);
    const state = socket.deserializeAttachment() as SocketState;
    if (message?.type === "connect") {
      socket.serializeAttachment({ ...state, synced: true } satisfies SocketState);
      this.syncedSockets = null;
      this.send(socket, {
        type: "connected",
        protocolVersion: PROTOCOL_VERSION,
        clock: this.clock,
        presence: this.presence(),
      });
      this.catchUp(socket, message.lastClock);
      this.broadcastPresence();
      // After a wake the copy may be behind (or, if this board lost its state, ahead): set it right.
      this.mirror.sync();
    }
  }

  async webSocketClose(socket: WebSocket, code: number) {
    this.syncedSockets = null;
    try {
      // 1005/1006 are reserved and cannot be sent back (stack-notes pitfall 10).
      socket.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    } catch {
      // already closed
    }
    this.broadcastPresence(socket);
  }

  async webSocketError(socket: WebSocket) {
    this.syncedSockets = null;
    this.broadcastPresence(socket);
  }

  private catchUp(socket: WebSocket, lastClock: number) {
    // A clock ahead of ours means this board lost its state (or the client is confused): the
    // client's copy cannot be trusted, so it must reload rather than wait for clocks it has seen.
    if (lastClock > this.clock) {
      this.mirror.distrust();
      this.send(socket, { type: "reset", clock: this.clock, reason: "clock ahead of the board" });
      return;
    }
    if (lastClock === this.clock) return;
    const oldest = this.ctx.storage.sql
      .exec<{ clock: number | null }>("SELECT MIN(clock) AS clock FROM change_log")
      .toArray()[0]?.clock;
    if (lastClock === 0 || oldest == null || oldest > lastClock + 1) {
      this.send(socket, { type: "reset", clock: this.clock, reason: "too far behind" });
      return;
    }
    const rows = this.ctx.storage.sql
      .exec<{ clock: number; changes: string }>("SELECT clock, changes FROM change_log WHERE clock > ? ORDER BY clock", lastClock)
      .toArray();
    for (const row of rows) {
      this.send(socket, { type: "changes", clock: row.clock, since: row.clock - 1, changes: JSON.parse(row.changes) as Change[] });
    }
  }

  private presence(except?: WebSocket): PresenceUser[] {
    const seen = new Map<string, PresenceUser>();
    for (const socket of this.ctx.getWebSockets()) {
      if (socket === except) continue;
      const state = socket.deserializeAttachment() as SocketState | null;
      if (state?.synced) seen.set(state.userId, { userId: state.userId, name: state.name });
    }
    return [...seen.values()];
  }

  private broadcastPresence(except?: WebSocket) {
    this.broadcast({ type: "presence", users: this.presence(except) } satisfies ServerMessage, except);
  }

  private broadcast(message: ServerMessage, except?: WebSocket) {
    const text = JSON.stringify(message);
    this.syncedSockets ??= this.ctx.getWebSockets().filter((socket) => {
      const state = socket.deserializeAttachment() as SocketState | null;
      return state?.synced === true;
    });
    for (const socket of this.syncedSockets) {
      if (socket === except) continue;
      try {
        socket.send(text);
      } catch {
        // a socket that is going away; its close handler tidies up
      }
    }
  }

  private send(socket: WebSocket, message: ServerMessage) {
    try {
      socket.send(JSON.stringify(message));
    } catch {
      // closed underneath us
    }
  }
}
