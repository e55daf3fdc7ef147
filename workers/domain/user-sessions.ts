// Where the signed-in user is signed in: their live browser sessions, named by device, and ending
// one of them (ADR 046). Signing out everywhere is `signOutEverywhere` (accounts.ts).
import { type SQL, and, eq, gt, ne } from "drizzle-orm";
import { sessions } from "../../drizzle/schema";
import { sha256Hex } from "../auth/crypto";
import type { ActorContext } from "./context";
import { deviceLabel } from "./device-label";
import { Conflict, NotFound } from "./errors";
import { type OrderKey, type PageRequest, orderOf, readPage } from "./list-page";
import type { SessionListItem } from "./schemas/profile";

export const SESSION_NOT_FOUND = "Session not found.";
export const SESSION_IS_CURRENT = "This is the session you are using: to end it, sign out.";

type SessionRow = { id: string; token_hash: string; user_agent: string; ip_country: string | null; created_at: string; last_seen_at: string };

/** The order of a user's sessions: newest sign-in first, the id breaking ties. */
export const SESSION_ORDER: OrderKey<SessionRow>[] = [
  { by: sessions.created_at, dir: "desc", of: (row) => row.created_at },
  { by: sessions.id, dir: "desc", of: (row) => row.id },
];

/** The user's sessions that have not expired (those matching `where` too), tokens' hashes included. */
export function sessionListQuery(ctx: ActorContext, where?: SQL) {
  const { id, token_hash, user_agent, ip_country, created_at, last_seen_at } = sessions;
  return ctx.db
    .select({ id, token_hash, user_agent, ip_country, created_at, last_seen_at })
    .from(sessions)
    .where(and(eq(sessions.user_id, ctx.actor.id), gt(sessions.expires_at, new Date().toISOString()), where))
    .orderBy(...orderOf(SESSION_ORDER));
}

/** The hash of the session the request came with; none for API-key callers, so none is current. */
const currentHashOf = (ctx: ActorContext) => (ctx.sessionToken ? sha256Hex(ctx.sessionToken) : Promise.resolve(null));

/** Shapes session rows for their owner: the device named, the current one marked, no hashes. */
export async function sessionItemsOf(ctx: ActorContext, rows: SessionRow[]): Promise<SessionListItem[]> {
  const currentHash = await currentHashOf(ctx);
  return rows.map((row) => ({
    id: row.id,
    device: deviceLabel(row.user_agent),
    country: row.ip_country,
    created_at: row.created_at,
    // Sessions of before the column was filled were last seen, as far as we know, when they started.
    last_seen_at: row.last_seen_at || row.created_at,
    current: row.token_hash === currentHash,
  }));
}

/** One page of the user's live sessions, newest sign-in first. */
export async function listSessions(ctx: ActorContext, page: PageRequest) {
  const read = await readPage(page, SESSION_ORDER, (after, _orderBy, limit) => sessionListQuery(ctx, after).limit(limit));
  return { rows: await sessionItemsOf(ctx, read.rows), next_cursor: read.next_cursor };
}

/**
 * Ends one of the user's sessions: that browser's next request is signed out. Another user's
 * session is not found, exactly like one that does not exist. The session the request came with is
 * refused: signing out is how this browser ends its own, and says so.
 */
export async function signOutSession(ctx: ActorContext, sessionId: string) {
  const currentHash = (await currentHashOf(ctx)) ?? "";
  const deleted = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.user_id, ctx.actor.id), ne(sessions.token_hash, currentHash)))
    .returning({ id: sessions.id });
  if (deleted.length > 0) return;
  // Nothing ended: say why only when the session is the caller's own current one.
  const [own] = await sessionListQuery(ctx, and(eq(sessions.id, sessionId), eq(sessions.token_hash, currentHash))).limit(1);
  throw own ? new Conflict(SESSION_IS_CURRENT) : new NotFound(SESSION_NOT_FOUND);
}
