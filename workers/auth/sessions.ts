// Cookie sessions stored in D1 (token hashed), API tokens sent as X-Api-Key, and the origin check
// on cookie-authenticated writes (ADR 002).
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { apiTokens, sessions, users, type User } from "../../drizzle/schema";
import type { Db } from "../db";
import { type AccessPrefetch, accessSelect } from "../domain/access";
import { Unauthenticated } from "../domain/errors";
import { type ApiTokenScope, EXPIRED_API_TOKEN, isExpired } from "../domain/schemas/api-tokens";
import { DAY_MS } from "../domain/schemas/dates";
import type { Config } from "../env";
import { preparedRead } from "../lib/prepared-reads";
import { randomToken, sha256Hex } from "./crypto";

/**
 * The session cookie's name. In production it carries the `__Host-` prefix, so browsers accept it
 * only when Secure, with Path=/ and no Domain: no subdomain or plain-http page can set or shadow
 * it. Local runs are plain http, where browsers drop `__Host-` cookies, so they keep the bare name.
 */
export function sessionCookieName(config: Pick<Config, "secureCookies">) {
  return config.secureCookies ? "__Host-session" : "session";
}

export const API_KEY_HEADER = "x-api-key";

/** What a caller whose API key matches no live token is told (revoked, mistyped or made up). */
export const INVALID_API_KEY = "Invalid API key. It may have been revoked; create a new one in your profile.";

export type Authenticated = {
  user: User;
  via: "cookie" | "api-key";
  /** What the API token may do; absent for a cookie session, which may do whatever its user may. */
  tokenScope?: ApiTokenScope;
  sessionToken?: string;
  /**
   * Records that the session was used, present only when its `last_seen_at` is older than
   * `SESSION_TOUCH_MS`. The caller runs it once the response is on its way (`waitUntil`), so the
   * request neither waits for the write nor reads its later rows after it.
   */
  touch?: () => Promise<void>;
};

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The most of a User-Agent header a session keeps: enough to name the browser, never a novel. */
export const USER_AGENT_MAX = 300;

/** What a session records of the browser that signed in, to name it in the session list. */
export interface SessionDevice {
  user_agent: string;
  /** Cloudflare's two-letter guess of the country (`CF-IPCountry`); null when unknown or Tor. */
  ip_country: string | null;
}

/** The device a sign-in request comes from. The client address itself is never kept. */
export function sessionDeviceOf(request: Request): SessionDevice {
  const country = request.headers.get("cf-ipcountry")?.toUpperCase() ?? "";
  return {
    user_agent: (request.headers.get("user-agent") ?? "").trim().slice(0, USER_AGENT_MAX),
    // XX is "unknown" and T1 is Tor: neither names a country.
    ip_country: /^[A-Z]{2}$/.test(country) && country !== "XX" ? country : null,
  };
}

/**
 * Starts a session for a sign-in or sign-up: always a new random token, and the session the
 * request presented (if any) is deleted, so an id planted before sign-in never becomes signed in.
 */
export async function createSession(db: Db, userId: string, config: Config, device: SessionDevice, presentedToken: string | null = null) {
  const token = randomToken("s_");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + config.SESSION_TTL_DAYS * DAY_MS).toISOString();
  const insert = db.insert(sessions).values({
    token_hash: await sha256Hex(token),
    user_id: userId,
    expires_at: expiresAt,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    ...device,
  });
  if (presentedToken) {
    await db.batch([db.delete(sessions).where(eq(sessions.token_hash, await sha256Hex(presentedToken))), insert]);
  } else {
    await insert;
  }
  return { token, cookie: sessionCookie(token, config, (config.SESSION_TTL_DAYS * DAY_MS) / 1000) };
}

/** The session token a request presents in its cookie, signed in or not. */
export function presentedSessionToken(request: Request, config: Config): string | null {
  return readCookie(request, sessionCookieName(config));
}

export async function deleteSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.token_hash, await sha256Hex(token)));
}

/** Signs a user out everywhere: every session of theirs ends (API keys are managed apart). */
export async function deleteAllSessions(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.user_id, userId));
}

export function sessionCookie(token: string, config: Config, maxAgeSeconds: number) {
  const secure = config.secureCookies ? "; Secure" : "";
  return `${sessionCookieName(config)}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export function clearedSessionCookie(config: Config) {
  return sessionCookie("", config, 0);
}

/** The id of the user a live session belongs to, as a subquery the access row can be rooted at. */
const sessionUserId = sql`(SELECT ${sessions.user_id} FROM ${sessions} WHERE ${sessions.token_hash} = ${sql.placeholder("tokenHash")} AND ${sessions.expires_at} > ${sql.placeholder("now")})`;

/** When the session was last seen, read in the same statement as its user. */
const sessionLastSeen = sql<string | null>`(SELECT ${sessions.last_seen_at} FROM ${sessions} WHERE ${sessions.token_hash} = ${sql.placeholder("tokenHash")})`;

/** The session's user and their access to a scope (`slug`, `projectId`), in one statement built once. */
const accessOfSession = preparedRead((db) => accessSelect(db, sessionUserId, sessionLastSeen).prepare());

/**
 * How stale a session's last_seen_at may get: the list shows "5 minutes ago" at best, and writing
 * on every request would cost a D1 write per page view.
 */
export const SESSION_TOUCH_MS = 5 * 60_000;

/**
 * A write that records something as used now, run after the answer (`waitUntil`), or undefined
 * when `lastAt` is within `staleMs`; an unreadable time (none yet) counts as stale. `write` gets
 * the time to record and the threshold: it writes only while the row is still older than it, so of
 * two requests that both read it stale, one writes.
 */
function touchWhenStale(
  lastAt: string | null,
  staleMs: number,
  what: string,
  write: (now: string, threshold: string) => Promise<unknown>,
): Authenticated["touch"] {
  const now = Date.now();
  if (Date.parse(lastAt ?? "") > now - staleMs) return undefined;
  return async () => {
    try {
      await write(new Date(now).toISOString(), new Date(now - staleMs).toISOString());
    } catch (error) {
      console.error(`recording ${what} as used failed`, error);
    }
  };
}

/** The write that records a stale session as seen now, or undefined when it is fresh enough. */
function touchIfStale(db: Db, tokenHash: string, lastSeenAt: string | null): Authenticated["touch"] {
  return touchWhenStale(lastSeenAt, SESSION_TOUCH_MS, "a session", (now, threshold) =>
    db
      .update(sessions)
      .set({ last_seen_at: now })
      .where(and(eq(sessions.token_hash, tokenHash), lt(sessions.last_seen_at, threshold))),
  );
}

async function userForSession(db: Db, token: string, prefetch?: AccessPrefetch): Promise<Omit<Authenticated, "via"> | null> {
  const tokenHash = await sha256Hex(token);
  const now = new Date().toISOString();
  const scope = prefetch?.scope;
  let found: { user: User; lastSeenAt: string | null } | undefined;
  if (prefetch && scope) {
    // One statement finds the session's user, when it was last seen and the user's access to the
    // scope the path names.
    const [row] = await accessOfSession(db, { tokenHash, now, slug: scope.slug, projectId: scope.projectId ?? "" });
    if (row) prefetch.store(row);
    found = row && { user: row.user, lastSeenAt: row.sessionLastSeenAt };
  } else {
    [found] = await db
      .select({ user: users, lastSeenAt: sessions.last_seen_at })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(and(eq(sessions.token_hash, tokenHash), gt(sessions.expires_at, now)))
      .limit(1);
  }
  if (!found) return null;
  return { user: found.user, sessionToken: token, touch: touchIfStale(db, tokenHash, found.lastSeenAt) };
}

/**
 * How stale a token's last_used_at may get: recording every call would cost a write per call, so a
 * busy token is written at most once a minute (the token list shows minutes).
 */
export const API_KEY_TOUCH_MS = 60_000;

/** The write that records a token as used now, or undefined when it was within `API_KEY_TOUCH_MS`. */
function touchTokenIfStale(db: Db, tokenId: string, lastUsedAt: string | null): Authenticated["touch"] {
  return touchWhenStale(lastUsedAt, API_KEY_TOUCH_MS, "an API token", (now, threshold) =>
    db
      .update(apiTokens)
      .set({ last_used_at: now })
      .where(and(eq(apiTokens.id, tokenId), or(isNull(apiTokens.last_used_at), lt(apiTokens.last_used_at, threshold)))),
  );
}

/**
 * The caller of an API key: one statement reads the token's user, scope, expiry and when it was last
 * used. A key matching no token, or an expired one, is refused outright rather than treated as no
 * credentials, so its caller learns the key is the problem. API-key calls are not prefetched.
 */
async function userForApiKey(db: Db, tokenHash: string): Promise<Authenticated> {
  const [row] = await db
    .select({ user: users, tokenId: apiTokens.id, scope: apiTokens.scope, expiresAt: apiTokens.expires_at, lastUsedAt: apiTokens.last_used_at })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.user_id))
    .where(eq(apiTokens.token_hash, tokenHash))
    .limit(1);
  if (!row) throw new Unauthenticated(INVALID_API_KEY);
  if (isExpired(row.expiresAt)) throw new Unauthenticated(EXPIRED_API_TOKEN);
  return { user: row.user, via: "api-key", tokenScope: row.scope, touch: touchTokenIfStale(db, row.tokenId, row.lastUsedAt) };
}

/** The hash an API key is stored and rate-limited under; null when the request sends no key. */
export async function apiKeyHashOf(request: Request): Promise<string | null> {
  const apiKey = request.headers.get(API_KEY_HEADER);
  return apiKey ? sha256Hex(apiKey) : null;
}

/**
 * Who is calling: an API key wins over a cookie, so scripts never ride a browser session. With
 * `prefetch`, a session's access to the request's scope is read by the same statement. A caller
 * that already hashed the key passes `apiKeyHash` so it is not hashed twice.
 */
export async function authenticate(
  db: Db,
  config: Config,
  request: Request,
  prefetch?: AccessPrefetch,
  apiKeyHash?: string | null,
): Promise<Authenticated | null> {
  const tokenHash = apiKeyHash === undefined ? await apiKeyHashOf(request) : apiKeyHash;
  if (tokenHash) return userForApiKey(db, tokenHash);
  const token = presentedSessionToken(request, config);
  if (!token) return null;
  const session = await userForSession(db, token, prefetch);
  return session ? { ...session, via: "cookie" } : null;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What a write refused by an origin check says. */
export const CROSS_ORIGIN_REFUSED = "Cross-origin request refused.";

/**
 * Cookie-authenticated writes must come from our own origin. Browsers send Origin on every
 * cross-origin and same-origin POST/PUT/PATCH/DELETE; a missing Origin with a foreign Referer
 * is refused too. SameSite=Lax already keeps the cookie off most cross-site requests.
 */
export function isSameOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const own = new URL(request.url).origin;
  const origin = request.headers.get("origin");
  if (origin) return origin === own;
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      return new URL(referer).origin === own;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * A request that starts a session (sign-in, sign-up) must show it comes from our own pages, cookie
 * or not: otherwise another site's form could sign a browser into an account of the attacker's
 * choosing. Origin must be ours; without Origin the Referer's origin must be; with neither, or an
 * opaque `null` Origin, it is refused.
 */
export function isOwnOriginRequest(request: Request): boolean {
  const own = new URL(request.url).origin;
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === own;
  const referer = request.headers.get("referer");
  if (!referer) return false;
  try {
    // Browsers never send credentials in a Referer; one that carries them was not written by one.
    const url = new URL(referer);
    return url.origin === own && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}
