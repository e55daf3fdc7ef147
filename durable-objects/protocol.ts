// The live wire protocol, shared by the browser and the two Durable Objects that speak it: the
// ProjectBoard (one per project) and the WorkspaceHub (one per workspace). One discriminated union
// per direction on `type`; every send `satisfies` its type.

/**
 * 2: a `changes` message may carry several batches (`since`).
 * 3: a batch may carry notices (`op: "changed"`) that an issue's detail or a page changed.
 * 4: the workspace hub speaks it too (`HubMessage`): notices that the projects list or a user's
 *    favourites changed.
 * 5: the hub's `inbox` notice: a user's notifications changed (a new one, one read, archived,
 *    snoozed, or a snoozed one whose time came).
 */
export const PROTOCOL_VERSION = 5;

/** What a board can show changing. Rows are the same shapes the REST API answers with. */
export type EntityKind = "issue" | "state" | "label" | "cycle" | "module" | "member" | "project";

/**
 * An issue change carries `version`: its project's issues_version read in the same transaction as
 * the row (ADR 010). The board drops an issue change older than one it already took for that
 * issue, so publishes that reach it out of commit order cannot put an older row back.
 */
export type Change =
  | { kind: EntityKind; op: "upsert"; id: string; row: Record<string, unknown>; version?: number }
  | { kind: EntityKind; op: "delete"; id: string; version?: number }
  | Notice;

/**
 * What only a screen showing one thing needs: `issue_detail` says the issue `id`'s comments,
 * activity, sub-issues, relations, links or attachments changed; `page` says the page `id` or its
 * blocks changed (a private page is never announced). `by` is who wrote it. A notice carries no
 * row: the screen showing that issue or page reads it again; every other screen ignores it.
 */
export type Notice = { kind: NoticeKind; op: "changed"; id: string; by: string };

export type NoticeKind = "issue_detail" | "page";

export interface PresenceUser {
  userId: string;
  name: string;
}

export type ClientMessage =
  /** First message after the socket opens; lastClock 0 means "I have nothing yet". */
  | { type: "connect"; protocolVersion: number; lastClock: number };

export type ServerMessage =
  | { type: "connected"; protocolVersion: number; clock: number; presence: PresenceUser[] }
  /**
   * Every batch committed after clock `since` up to `clock`, their changes in commit order. Live
   * messages carry what was published in one turn of the board (often several batches); replayed
   * ones carry one batch (`since` = `clock` - 1). A client at clock c applies a message with
   * `since` <= c < `clock`: re-applying full rows it already has ends in the same state.
   */
  | { type: "changes"; clock: number; since: number; changes: Change[] }
  /** The client is too far behind (or on another protocol): reload the board from the API. */
  | { type: "reset"; clock: number; reason: string }
  | { type: "presence"; users: PresenceUser[] }
  | { type: "error"; code: "bad_message" | "protocol_version" | "forbidden"; message: string };

/**
 * What the workspace hub announces, without rows: `projects` says the workspace's projects list
 * changed (a project created, renamed, deleted, or its members changed), for every member;
 * `favorites` says the favourites of the user the socket belongs to changed, and `inbox` that
 * their notifications did (the unread count and the inbox list), each for that user only.
 * The shell reads its list again; an open inbox reads its page again.
 */
export type WorkspaceNotice = { kind: WorkspaceNoticeKind; op: "changed" };

export type WorkspaceNoticeKind = "projects" | "favorites" | "inbox";

/** A notice as the Worker hands it to the hub: `userId` names the only user it is for, if any. */
export interface AddressedNotice {
  notice: WorkspaceNotice;
  userId: string | null;
}

/**
 * What the workspace hub sends (the client speaks `ClientMessage` to it as to a board). After
 * `connected`, one `notices` message carries what was announced after the client's `lastClock`
 * (each kind once): a client that was away reads those lists once. The hub keeps no presence.
 * A person removed from the workspace gets `forbidden` and the socket closes with 4003, as a
 * board does for a project.
 */
export type HubMessage =
  | { type: "connected"; protocolVersion: number; clock: number }
  | { type: "notices"; clock: number; notices: WorkspaceNotice[] }
  | { type: "error"; code: "bad_message" | "protocol_version" | "forbidden"; message: string };

type ErrorMessage = Extract<ServerMessage, { type: "error" }> & Extract<HubMessage, { type: "error" }>;

/**
 * The client's `connect` as a live Durable Object receives it, or null once the socket has had its
 * answer: an unreadable message is told so, and a client on another protocol version is told to
 * reload and its socket closed (4000).
 */
export function acceptConnect(socket: WebSocket, raw: string | ArrayBuffer): ClientMessage | null {
  const message = parseClientMessage(raw);
  const refusal: ErrorMessage | null = !message
    ? { type: "error", code: "bad_message", message: "Unreadable message." }
    : message.protocolVersion !== PROTOCOL_VERSION
      ? { type: "error", code: "protocol_version", message: "Please reload the page." }
      : null;
  if (!refusal) return message;
  try {
    socket.send(JSON.stringify(refusal));
    if (refusal.code === "protocol_version") socket.close(4000, "protocol version");
  } catch {
    // closed underneath us
  }
  return null;
}

/**
 * Closes the sockets of someone who lost access (4003, after a `forbidden` message saying why).
 * Each is unsynced first: a closing socket stays in getWebSockets() until its handshake ends and
 * must not be sent anything more meanwhile. Answers how many were closed.
 */
export function closeRevokedSockets(sockets: WebSocket[], why: string): number {
  const refusal: ErrorMessage = { type: "error", code: "forbidden", message: why };
  for (const socket of sockets) {
    try {
      socket.send(JSON.stringify(refusal));
    } catch {
      // closed underneath us
    }
    const state = socket.deserializeAttachment() as { synced: boolean } | null;
    if (state) socket.serializeAttachment({ ...state, synced: false });
    socket.close(4003, "membership revoked");
  }
  return sockets.length;
}

export const PING = "ping";
export const PONG = "pong";

export function parseClientMessage(raw: string | ArrayBuffer): ClientMessage | null {
  if (typeof raw !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const message = value as Record<string, unknown>;
  if (
    message.type === "connect" &&
    typeof message.protocolVersion === "number" &&
    typeof message.lastClock === "number" &&
    Number.isInteger(message.lastClock) &&
    message.lastClock >= 0
  ) {
    return { type: "connect", protocolVersion: message.protocolVersion, lastClock: message.lastClock };
  }
  return null;
}
