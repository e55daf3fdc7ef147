// Changing the account's address. Asking (with the current password) mails a link to the new
// address; nothing changes until it is opened there, so a typo cannot lock anyone out and nobody
// can take an address they do not read. Opening it moves the account to the new address (which
// counts as verified), ends the links mailed to the old one, and tells the old address, so a
// change made by someone else does not go unnoticed.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { accountTokens, users } from "../../drizzle/schema";
import { sha256Hex } from "../auth/crypto";
import { verifyPassword } from "../auth/passwords";
import { runBatch } from "../lib/batch";
import { isUniqueViolation } from "../lib/d1-errors";
import { parseInput } from "../lib/validation";
import { issueAccountLink, openLink, takeLink } from "./account-links";
import { EMAIL_TAKEN } from "./accounts";
import type { ActorContext, DomainContext } from "./context";
import { Invalid } from "./errors";
import { queueMail } from "./mail";
import { linkMail } from "./mail-content";
import { AccountLinkInput } from "./schemas/accounts";
import { CURRENT_PASSWORD_WRONG, ChangeEmailInput } from "./schemas/profile";
import type { SignInClient } from "./sign-in-throttle";
import { takeMailRequest } from "./sign-up-limit";

/** How long a new-address link works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;
export const SAME_EMAIL = "This is already your address.";
export const EMAIL_CHANGE_LINK_INVALID = "This link is not valid: it was used, replaced by a newer one or has expired. Ask for a new one from your profile.";

/** The page a new-address link opens. */
export const confirmEmailPath = (token: string) => `/confirm-email/${token}`;

/** What the person is told once the link is on its way. */
export const emailChangeRequested = (email: string) => `We mailed a link to ${email}. Your address changes when you open it (within a day).`;

/**
 * Mails a link to the new address (limited per address and per client), after the current
 * password is checked and the address is found free. The account keeps its address until then.
 */
export async function requestEmailChange(ctx: ActorContext, input: unknown, client: SignInClient) {
  const { email, current_password } = parseInput(ChangeEmailInput, input);
  if (!(await verifyPassword(current_password, ctx.actor.password_hash))) throw Invalid.field("current_password", CURRENT_PASSWORD_WRONG);
  if (email === ctx.actor.email) throw Invalid.field("email", SAME_EMAIL);
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) throw Invalid.field("email", EMAIL_TAKEN);
  await takeMailRequest(ctx, "change-email", email, client);

  const { token, statements } = await issueAccountLink(ctx, ctx.actor.id, "change-email", EMAIL_CHANGE_TTL_MS, { new_email: email });
  const mail = linkMail({
    subject: "Confirm your new address for Edge Tracker",
    intro: [`You asked to change the address of your Edge Tracker account from ${ctx.actor.email} to ${email}.`],
    action: { label: "Use this address", url: `${ctx.config.publicBaseUrl}${confirmEmailPath(token)}` },
    outro: ["The link works once, for one day. Until you open it, your account keeps its old address.", "If you did not ask, ignore this mail."],
  });
  await runBatch(ctx.db, [...statements, queueMail(ctx, { kind: "change-email", to: email, ...mail })]);
  return { message: emailChangeRequested(email), pending_email: email };
}

/**
 * Moves the account to the address of the link (signed in or not: the link proves the address).
 * The link is taken in the write that changes the address; the links mailed to the old address
 * end and the old address gets a notice. Answers the new address.
 */
export async function confirmEmailChange(ctx: DomainContext, input: unknown) {
  const { token } = parseInput(AccountLinkInput, input);
  const now = new Date().toISOString();
  const [link] = await ctx.db
    .select({ id: accountTokens.id, userId: accountTokens.user_id, newEmail: accountTokens.new_email, oldEmail: users.email })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.user_id))
    .where(openLink("change-email", eq(accountTokens.token_hash, await sha256Hex(token)), now))
    .limit(1);
  if (!link?.newEmail) throw Invalid.field("token", EMAIL_CHANGE_LINK_INVALID);
  const { id, userId, newEmail, oldEmail } = link;
  const notice = linkMail({
    subject: "The address of your Edge Tracker account changed",
    intro: [`The address of your Edge Tracker account changed from ${oldEmail} to ${newEmail}. Mail about it now goes there.`],
    outro: ["If you made this change, there is nothing to do.", "If you did not, someone else can sign in to your account: ask the owner of your workspace for help, and sign out everywhere once you are back in."],
  });
  try {
    const [taken] = (await runBatch(ctx.db, [
      takeLink(ctx, id, now),
      // Only from the address the link was sent for: two uses at once change it once.
      ctx.db
        .update(users)
        .set({ email: newEmail, email_verified_at: now })
        .where(and(eq(users.id, userId), eq(users.email, oldEmail))),
      ctx.db
        .delete(accountTokens)
        .where(and(eq(accountTokens.user_id, userId), inArray(accountTokens.purpose, ["password-reset", "sign-in", "verify-email", "change-email"]), isNull(accountTokens.used_at))),
      queueMail(ctx, { kind: "email-changed", to: oldEmail, ...notice }),
    ])) as { id: string }[][];
    if (taken.length === 0) throw Invalid.field("token", EMAIL_CHANGE_LINK_INVALID);
  } catch (error) {
    // Someone signed up with the address after the link was sent: the unique index refuses it.
    if (isUniqueViolation(error, "users.email") || isUniqueViolation(error, "users_email_lower_uq")) throw Invalid.field("token", EMAIL_TAKEN);
    throw error;
  }
  return { email: newEmail };
}
