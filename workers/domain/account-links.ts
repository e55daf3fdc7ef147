// The single-use links mailed for an account (a password reset, an address to verify): a random
// secret of which only the SHA-256 is kept, working until it expires, and a new link of a purpose
// replacing the unused ones before it.
import { and, eq, isNull } from "drizzle-orm";
import { accountTokens } from "../../drizzle/schema";
import { randomToken, sha256Hex } from "../auth/crypto";
import type { DomainContext } from "./context";

export type AccountLinkPurpose = "password-reset" | "verify-email";

const PREFIX: Record<AccountLinkPurpose, string> = { "password-reset": "pwr_", "verify-email": "vfy_" };

/** A new link's secret, and the statements (for the caller's batch) that store it in place of the older ones. */
export async function issueAccountLink(ctx: DomainContext, userId: string, purpose: AccountLinkPurpose, ttlMs: number) {
  const token = randomToken(PREFIX[purpose]);
  const statements = [
    ctx.db.delete(accountTokens).where(and(eq(accountTokens.user_id, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.used_at))),
    ctx.db.insert(accountTokens).values({ user_id: userId, purpose, token_hash: await sha256Hex(token), expires_at: new Date(Date.now() + ttlMs).toISOString() }),
  ] as const;
  return { token, statements };
}
