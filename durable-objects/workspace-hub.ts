// One WorkspaceHub per workspace: the shell's live channel. It stamps each published set of
// notices with the workspace's clock, sends each synced socket the notices meant for its user, and
// tells a reconnecting client which lists changed while it was away. It also keeps the times at
// which a user's snoozed notifications come back, and tells that user's tabs when one comes (an
// alarm set for the earliest).
import { DurableObject } from "cloudflare:workers";
import {
  acceptConnect,
  type AddressedNotice,
  closeRevokedSockets,
  type HubMessage,
  PING,
  PONG,
  PROTOCOL_VERSION,
  type WorkspaceNotice,
} from "./protocol";
import { ClockMirror } from "./clock-mirror";

/** How many publishes back a reconnecting client is told exactly what it missed. */
export const NOTICE_LOG_LIMIT = 1000;

/** Every kind: what a client hears when the hub cannot say which lists it missed. */
const ALL_NOTICES: WorkspaceNotice[] = [
  { kind: "projects", op: "changed" },
  { kind: "favorites", op: "changed" },
  { kind: "inbox", op: "changed" },
];

interface SocketState {
  userId: string;
  /** Set once the client sent `connect`; notices are only sent to synced sockets. */
  synced: boolean;
}

/** Each kind once, among the notices that are for everyone or for `userId`. */
function noticesFor(addressed: { kind: string; userId: string | null }[], userId: string): WorkspaceNotice[] {
  const kinds = new Set(addressed.filter((entry) => entry.userId === null || entry.userId === userId).map((entry) => entry.kind));
  return ALL_NOTICES.filter((notice) => kinds.has(notice.kind));
}

export class WorkspaceHub extends DurableObject<Env> {
  /**
   * The hub's clock starts at 1, so a client's `lastClock` 0 always means "just loaded, nothing
   * to catch up on" and never a clock this hub handed out.
   */
  private clock = 1;
  /** Publishes at or below this clock were dropped from the log. */
  private trimmedTo = 0;
  /** The clock's copy in the workspace's row, which the shell's loader reads with its access check. */
  private readonly mirror: ClockMirror;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.mirror = new ClockMirror(env.DB, "UPDATE workspaces SET live_clock = ?1 WHERE id = ?2", ctx.id.name, () => this.clock);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
    ctx.blockConcurrencyWhile(async () => {
      const sql = ctx.storage.sql;
      sql.exec("CREATE TABLE IF NOT EXISTS notice_log (clock INTEGER NOT NULL, user_id TEXT, kind TEXT NOT NULL)");
      sql.exec("CREATE INDEX IF NOT EXISTS notice_log_clock ON notice_log (clock)");
      sql.exec("CREATE TABLE IF NOT EXISTS inbox_wakes (at INTEGER NOT NULL, user_id TEXT NOT NULL, PRIMARY KEY (at, user_id))");
      sql.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)");
      const meta = new Map(sql.exec<{ key: string; value: number }>("SELECT key, value FROM meta").toArray().map((row) => [row.key, row.value]));
      this.clock = meta.get("clock") ?? 1;
      this.trimmedTo = meta.get("trimmed_to") ?? 0;
    });
  }

  /** The Worker has already checked workspace membership; it passes the user's id in a header. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const userId = request.headers.get("x-hub-user-id");
    if (!userId) return new Response("Missing user", { status: 400 });
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server, [userId]);
    server.serializeAttachment({ userId, synced: false } satisfies SocketState);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Called after a write commits; resolves with the clock it was stamped with once sent. */
  async publish(addressed: AddressedNotice[]): Promise<number> {
    if (addressed.length === 0) return this.clock;
    const clock = this.clock + 1;
    const sql = this.ctx.storage.sql;
    for (const { notice, userId } of addressed) {
      sql.exec("INSERT INTO notice_log (clock, user_id, kind) VALUES (?, ?, ?)", clock, userId, notice.kind);
    }
    const trimmedTo = Math.max(this.trimmedTo, clock - NOTICE_LOG_LIMIT);
    sql.exec("DELETE FROM notice_log WHERE clock <= ?", trimmedTo);
    for (const [key, value] of [["clock", clock], ["trimmed_to", trimmedTo]] as const) {
      sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", key, value);
    }
    this.clock = clock;
    this.trimmedTo = trimmedTo;
    const entries = addressed.map(({ notice, userId }) => ({ kind: notice.kind, userId }));
    for (const socket of this.ctx.getWebSockets()) {
      const state = socket.deserializeAttachment() as SocketState | null;
      if (!state?.synced) continue;
      const notices = noticesFor(entries, state.userId);
      if (notices.length > 0) this.send(socket, { type: "notices", clock, notices });
    }
    this.mirror.sync();
    return clock;
  }

  /**
   * Remembers that `userId`'s inbox changes by itself at `at` (a snoozed notification comes
   * back): the hub's alarm tells their tabs then. A time already past is told at once.
   */
  async wakeInboxAt(userId: string, at: string): Promise<void> {
    const time = Date.parse(at);
    if (Number.isNaN(time)) return;
    this.ctx.storage.sql.exec("INSERT OR IGNORE INTO inbox_wakes (at, user_id) VALUES (?, ?)", time, userId);
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || time < alarm) await this.ctx.storage.setAlarm(time);
  }

  /** Tells each user whose wake time has come, then sets the alarm for the next one. */
  async alarm(): Promise<void> {
    const sql = this.ctx.storage.sql;
    const now = Date.now();
    const due = sql.exec<{ user_id: string }>("SELECT DISTINCT user_id FROM inbox_wakes WHERE at <= ?", now).toArray();
    sql.exec("DELETE FROM inbox_wakes WHERE at <= ?", now);
    await this.publish(due.map((row) => ({ notice: { kind: "inbox", op: "changed" }, userId: row.user_id })));
    const [next] = sql.exec<{ at: number }>("SELECT min(at) AS at FROM inbox_wakes").toArray();
    if (next?.at != null) await this.ctx.storage.setAlarm(next.at);
  }

  /** Closes the sockets of a person who is no longer a member: they hear nothing more. */
  async disconnectUser(userId: string): Promise<number> {
    return closeRevokedSockets(this.ctx.getWebSockets(userId), "You are no longer a member of this workspace.");
  }

  async webSocketMessage(socket: WebSocket, raw: string | ArrayBuffer) {
    const message = acceptConnect(socket, raw);
    if (!message) return;
    const state = socket.deserializeAttachment() as SocketState;
    socket.serializeAttachment({ ...state, synced: true } satisfies SocketState);
    this.send(socket, { type: "connected", protocolVersion: PROTOCOL_VERSION, clock: this.clock });
    const missed = this.missedSince(message.lastClock, state.userId);
    if (missed.length > 0) this.send(socket, { type: "notices", clock: this.clock, notices: missed });
    // After a wake the copy may be behind (or, if this hub lost its state, ahead): set it right.
    this.mirror.sync();
  }

  async webSocketClose(socket: WebSocket, code: number) {
    try {
      // 1005/1006 are reserved and cannot be sent back.
      socket.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    } catch {
      // already closed
    }
  }

  /**
   * What a client at `lastClock` missed: nothing for a fresh page (0); every kind when the hub
   * cannot tell (the log was trimmed past it, or the client is ahead of a hub that lost its state).
   */
  private missedSince(lastClock: number, userId: string): WorkspaceNotice[] {
    if (lastClock === 0 || lastClock === this.clock) return [];
    if (lastClock > this.clock) this.mirror.distrust();
    if (lastClock > this.clock || lastClock < this.trimmedTo) return ALL_NOTICES;
    const rows = this.ctx.storage.sql
      .exec<{ kind: string; user_id: string | null }>("SELECT DISTINCT kind, user_id FROM notice_log WHERE clock > ?", lastClock)
      .toArray();
    return noticesFor(rows.map((row) => ({ kind: row.kind, userId: row.user_id })), userId);
  }

  private send(socket: WebSocket, message: HubMessage) {
    try {
      socket.send(JSON.stringify(message));
    } catch {
      // closed underneath us
    }
  }
}
