// The single-use links mailed for an account (a password reset, an address to verify, a sign-in, a
// new address to confirm): a random secret of which only the SHA-256 is kept, working until it
// expires, and a new link of a purpose replacing the unused ones before it.
import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import { accountTokens } from "../../drizzle/schema";
import { randomToken, sha256Hex } from "../auth/crypto";
import type { DomainContext } from "./context";

export type AccountLinkPurpose = "password-reset" | "verify-email" | "sign-in" | "change-email";

const PREFIX: Record<AccountLinkPurpose, string> = { "password-reset": "pwr_", "verify-email": "vfy_", "sign-in": "sgn_", "change-email": "eml_" };

/** What some links carry besides the secret: a sign-in's short code (hashed), a new address. */
type LinkDetails = { code_hash?: string; new_email?: string };

/** A new link's secret, and the statements (for the caller's batch) that store it in place of the older ones. */
export async function issueAccountLink(ctx: DomainContext, userId: string, purpose: AccountLinkPurpose, ttlMs: number, details: LinkDetails = {}) {
  const token = randomToken(PREFIX[purpose]);
  const expires_at = new Date(Date.now() + ttlMs).toISOString();
  const statements = [
    ctx.db.delete(accountTokens).where(and(eq(accountTokens.user_id, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.used_at))),
    ctx.db.insert(accountTokens).values({ user_id: userId, purpose, token_hash: await sha256Hex(token), expires_at, ...details }),
  ] as const;
  return { token, statements };
}

/** The condition an unused, unexpired link of `purpose` matches, found by `key` (its secret's hash or its code's). */
export function openLink(purpose: AccountLinkPurpose, key: SQL | undefined, now: string) {
  return and(key, eq(accountTokens.purpose, purpose), isNull(accountTokens.used_at), gt(accountTokens.expires_at, now));
}

/** Stamps a link used, only if it still is not: the statement returns a row only for the request that took it. */
export function takeLink(ctx: DomainContext, linkId: string, now: string) {
  return ctx.db.update(accountTokens).set({ used_at: now }).where(and(eq(accountTokens.id, linkId), isNull(accountTokens.used_at))).returning({ id: accountTokens.id });
}
