// The sign-in throttle (ADR 027): failed sign-ins are counted per account and per client address
// over a sliding window; once either has too many, further sign-ins through it are refused until
// its oldest failure leaves the window, whether the password is right or not.
import { and, count, eq, gt, inArray, lt, min } from "drizzle-orm";
import { signInAttempts } from "../../drizzle/schema";
import { sha256Hex } from "../auth/crypto";
import type { DomainContext } from "./context";
import { QuotaExceeded } from "./errors";
import { TOO_MANY_SIGN_IN_ATTEMPTS } from "./schemas/accounts";

/** Failures allowed per account and per address inside the window; the next attempt is refused. */
export const SIGN_IN_FAILURE_LIMIT = 10;
/** How far back failures count. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

/** Where a sign-in comes from: the client address Cloudflare saw (`CF-Connecting-IP`), if any. */
export interface SignInClient {
  address: string | null;
}

/** The client of a request: Cloudflare sets `CF-Connecting-IP` on every request it forwards. */
export function signInClientOf(request: Request): SignInClient {
  return { address: request.headers.get("cf-connecting-ip")?.trim() || null };
}

/**
 * The counters a sign-in for `email` from `client` is measured against. An unknown email has its
 * counter like a known one, so a refusal never tells which emails have accounts.
 */
export async function throttleKeys(email: string, client: SignInClient) {
  const account = await sha256Hex(`account:${email}`);
  const address = client.address === null ? null : await sha256Hex(`address:${client.address}`);
  return { account, all: address === null ? [account] : [account, address] };
}

export type ThrottleKeys = Awaited<ReturnType<typeof throttleKeys>>;

/**
 * Refuses the sign-in when any of its counters holds the limit of failures inside the window, with
 * the seconds until the oldest of them leaves it (the longest wait when both counters are full).
 * Answers how many failures the account holds, so a success can skip clearing an empty counter.
 */
export async function assertSignInAllowed(ctx: DomainContext, keys: ThrottleKeys, now = Date.now()): Promise<number> {
  const since = new Date(now - SIGN_IN_WINDOW_MS).toISOString();
  const rows = await ctx.db
    .select({ key: signInAttempts.key, failures: count(), oldest: min(signInAttempts.created_at) })
    .from(signInAttempts)
    .where(and(inArray(signInAttempts.key, keys.all), gt(signInAttempts.created_at, since)))
    .groupBy(signInAttempts.key);
  let waitMs = 0;
  for (const row of rows) {
    if (row.failures < SIGN_IN_FAILURE_LIMIT || !row.oldest) continue;
    waitMs = Math.max(waitMs, Date.parse(row.oldest) + SIGN_IN_WINDOW_MS - now);
  }
  if (waitMs > 0) throw new QuotaExceeded(TOO_MANY_SIGN_IN_ATTEMPTS, Math.max(1, Math.ceil(waitMs / 1000)));
  return rows.find((row) => row.key === keys.account)?.failures ?? 0;
}

/** Counts a failure against each counter and prunes failures that have left the window. */
export async function recordSignInFailure(ctx: DomainContext, keys: ThrottleKeys, now = Date.now()) {
  const at = new Date(now).toISOString();
  const cutoff = new Date(now - SIGN_IN_WINDOW_MS).toISOString();
  await ctx.db.batch([
    ctx.db.insert(signInAttempts).values(keys.all.map((key) => ({ key, created_at: at }))),
    ctx.db.delete(signInAttempts).where(lt(signInAttempts.created_at, cutoff)),
  ]);
}

/** A success clears the account's failures; the address keeps its count (one account is not all). */
export async function clearAccountFailures(ctx: DomainContext, keys: ThrottleKeys) {
  await ctx.db.delete(signInAttempts).where(eq(signInAttempts.key, keys.account));
}
