// The live-board wire protocol, shared by the ProjectBoard Durable Object and the browser.
// One discriminated union per direction on `type`; every send `satisfies` its type.

/** 2: a `changes` message may carry several batches (`since`). */
export const PROTOCOL_VERSION = 2;

/** What a board can show changing. Rows are the same shapes the REST API answers with. */
export type EntityKind = "issue" | "state" | "label" | "cycle" | "module" | "member" | "project";

/**
 * An issue change carries `version`: its project's issues_version read in the same transaction as
 * the row (ADR 010). The board drops an issue change older than one it already took for that
 * issue, so publishes that reach it out of commit order cannot put an older row back.
 */
export type Change =
  | { kind: EntityKind; op: "upsert"; id: string; row: Record<string, unknown>; version?: number }
  | { kind: EntityKind; op: "delete"; id: string; version?: number };

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
