// Opens the request's D1 session. Every request reads through one session so a bookmark carried
// by the browser (cookie) or a client (x-d1-bookmark header) gives read-your-writes on replicas.
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../drizzle/schema";
import { type StatementStats, countingSession } from "./lib/d1-read-counter";

export type Db = ReturnType<typeof drizzle<typeof schema>>;

export const BOOKMARK_HEADER = "x-d1-bookmark";
export const BOOKMARK_COOKIE = "d1_bookmark";

export interface RequestDb {
  db: Db;
  /** The newest bookmark this request has seen, to hand back to the caller. */
  bookmark(): string | null;
}

export function openDb(database: D1Database, bookmark: string | null, readStats?: StatementStats[]): RequestDb {
  const session = database.withSession(bookmark ?? "first-unconstrained");
  const counted = readStats ? countingSession(session, readStats) : session;
  // drizzle only calls prepare() and batch(), which a D1 session provides.
  const db = drizzle(counted as unknown as D1Database, { schema });
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
