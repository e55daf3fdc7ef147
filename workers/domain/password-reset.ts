// Password reset by mail. Asking sends a link with a random secret (only its SHA-256 is kept) that
// works once, for an hour, and replaces any earlier link; the answer is the same whether or not
// an account has the address, and asking is limited per address and per client. Using the link
// sets the new password, ends every session of the account and every other reset link, and the
// browser that used it is signed in afresh.
import { and, eq, isNull, sql } from "drizzle-orm";
import { accountTokens, sessions, users } from "../../drizzle/schema";
import { sha256Hex } from "../auth/crypto";
import { hashPassword } from "../auth/passwords";
import { runBatch } from "../lib/batch";
import { parseInput } from "../lib/validation";
import { issueAccountLink, openLink, takeLink } from "./account-links";
import type { DomainContext } from "./context";
import { Invalid } from "./errors";
import { linkMail } from "./mail-content";
import { queueMail } from "./mail";
import { assertStrongPassword, personNamesOf } from "./password-policy";
import { PasswordResetInput, MailRequestInput } from "./schemas/accounts";
import type { SignInClient } from "./sign-in-throttle";
import { takeMailRequest } from "./sign-up-limit";

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
export const RESET_REQUESTED = "If an account uses this address, a link to reset its password is on its way. It works for one hour.";
export const RESET_LINK_INVALID = "This reset link is not valid: it was used, replaced by a newer one or has expired. Ask for a new one.";

/** The page a reset link opens. */
export const resetPasswordPath = (token: string) => `/reset-password/${token}`;

/** Sends a reset link to the address if an account has it; answers the same either way. */
export async function requestPasswordReset(ctx: DomainContext, input: unknown, client: SignInClient) {
  const { email } = parseInput(MailRequestInput, input);
  await takeMailRequest(ctx, "password-reset", email, client);
  const [user] = await ctx.db.select({ id: users.id, is_bot: users.is_bot }).from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.is_bot) return { message: RESET_REQUESTED };

  const { token, statements } = await issueAccountLink(ctx, user.id, "password-reset", PASSWORD_RESET_TTL_MS);
  const url = `${ctx.config.publicBaseUrl}${resetPasswordPath(token)}`;
  const mail = linkMail({
    subject: "Reset your Edge Tracker password",
    intro: ["Someone (we hope you) asked to reset the password of the Edge Tracker account of this address."],
    action: { label: "Choose a new password", url },
    outro: ["The link works once, for one hour. If you did not ask, ignore this mail: your password stays as it is."],
  });
  // A new link replaces the ones sent before.
  await runBatch(ctx.db, [...statements, queueMail(ctx, { kind: "password-reset", to: email, ...mail })]);
  return { message: RESET_REQUESTED };
}

/**
 * Sets the password a reset link was sent for. The link is taken (stamped used) in the same batch
 * that changes the password and ends the account's sessions, so it works once. Answers the user,
 * for the caller to start a new session.
 */
export async function resetPassword(ctx: DomainContext, input: unknown) {
  const { token, password } = parseInput(PasswordResetInput, input);
  const now = new Date().toISOString();
  const tokenHash = await sha256Hex(token);
  const [link] = await ctx.db
    .select({ id: accountTokens.id, user: users })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.user_id))
    .where(openLink("password-reset", eq(accountTokens.token_hash, tokenHash), now))
    .limit(1);
  if (!link) throw Invalid.field("token", RESET_LINK_INVALID);
  const { user } = link;
  assertStrongPassword(password, { email: user.email, names: personNamesOf(user) });
  const password_hash = await hashPassword(password, ctx.config.PASSWORD_HASH_ITERATIONS);
  // Stamped by this request and no other: two uses at once change the password once.
  const takenHere = sql`EXISTS (SELECT 1 FROM account_tokens WHERE id = ${link.id} AND used_at = ${now})`;
  const [taken] = (await runBatch(ctx.db, [
    takeLink(ctx, link.id, now),
    ctx.db.update(users).set({ password_hash }).where(and(eq(users.id, user.id), takenHere)),
    ctx.db.delete(sessions).where(and(eq(sessions.user_id, user.id), takenHere)),
    ctx.db.delete(accountTokens).where(and(eq(accountTokens.user_id, user.id), eq(accountTokens.purpose, "password-reset"), isNull(accountTokens.used_at))),
  ])) as { id: string }[][];
  if (taken.length === 0) throw Invalid.field("token", RESET_LINK_INVALID);
  return user;
}
