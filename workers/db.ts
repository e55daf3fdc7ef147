// Opens the request's D1 session. Every request reads through one session so a bookmark carried
// by the browser (cookie) or a client (x-d1-bookmark header) gives read-your-writes on replicas.
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import { type StatementStats, countingSession } from "./lib/d1-read-counter";
import { batchingReads } from "./lib/d1-read-batching";
import { type D1Rows, countD1Rows } from "./lib/request-log";

/** `$client`: the D1 session the request reads through (see `readIssueListRows`). */
export type Db = DrizzleD1Database & { $client: D1Database };

export const BOOKMARK_HEADER = "x-d1-bookmark";
export const BOOKMARK_COOKIE = "d1_bookmark";

export interface RequestDb {
  db: Db;
  /** The newest bookmark this request has seen, to hand back to the caller. */
  bookmark(): string | null;
}

/** `rows`, when given, sums the D1 rows the session reads and writes (the request's log line). */
export function openDb(database: D1Database, bookmark: string | null, readStats?: StatementStats[], rows?: D1Rows): RequestDb {
  const session = database.withSession(bookmark ?? "first-unconstrained");
  if (rows) countD1Rows(session, rows);
  // Counting needs each statement's own answer, so a counted request's reads are not batched.
  const counted = readStats ? countingSession(session, readStats) : batchingReads(session);
  // drizzle only calls prepare() and batch(), which a D1 session provides. No `schema`: we write
  // no relational queries, and with one drizzle() walks every table on each request (the profile
  // showed it as the biggest single cost of a request that reads nothing).
  const db = drizzle(counted as unknown as D1Database);
  return { db, bookmark: () => session.getBookmark() };
}

export function bookmarkFrom(request: Request): string | null {
  const header = request.headers.get(BOOKMARK_HEADER);
  if (header) return header;
  const cookie = request.headers.get("cookie");
  if (!cookie) return null;
  const match = cookie.match(/(?:^|;\s*)d1_bookmark=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}
