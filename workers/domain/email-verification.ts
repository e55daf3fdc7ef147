// Proving an address. Sign-up mails a link with a random secret (only its SHA-256 is kept) that
// works once, for a day; opening it marks the account's address verified. Until then the account
// signs in and uses its own workspaces, but cannot accept an invitation. The mail can be sent again,
// a few times an hour, each new link replacing the older ones.
import { and, eq, isNull } from "drizzle-orm";
import { type User, accountTokens, users } from "../../drizzle/schema";
import { sha256Hex } from "../auth/crypto";
import { runBatch } from "../lib/batch";
import { parseInput } from "../lib/validation";
import { issueAccountLink, openLink, takeLink } from "./account-links";
import type { ActorContext, DomainContext } from "./context";
import { Invalid } from "./errors";
import { queueMail } from "./mail";
import { linkMail } from "./mail-content";
import { AccountLinkInput } from "./schemas/accounts";
import type { SignInClient } from "./sign-in-throttle";
import { takeMailRequest } from "./sign-up-limit";

/** How long a verification link works. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60_000;
export const VERIFICATION_LINK_INVALID = "This verification link is not valid: it was used, replaced by a newer one or has expired. Ask for a new one from your profile.";
export const ALREADY_VERIFIED = "Your email address is already verified.";
export const VERIFICATION_SENT = "We mailed you a new link to verify your address. It works for one day.";

/** The page a verification link opens. */
export const verifyEmailPath = (token: string) => `/verify-email/${token}`;

/**
 * The statements that replace the account's verification links with a new one and queue its mail,
 * for the caller's batch.
 */
export async function verificationMail(ctx: DomainContext, user: Pick<User, "id" | "email">) {
  const { token, statements } = await issueAccountLink(ctx, user.id, "verify-email", VERIFICATION_TTL_MS);
  const mail = linkMail({
    subject: "Verify your email address for Edge Tracker",
    intro: [`Welcome to Edge Tracker. Please confirm that ${user.email} is your address.`],
    action: { label: "Verify my address", url: `${ctx.config.publicBaseUrl}${verifyEmailPath(token)}` },
    outro: ["The link works once, for one day. Until then you can use your own workspaces, but not accept invitations.", "If you did not sign up, ignore this mail."],
  });
  return [...statements, queueMail(ctx, { kind: "verify-email", to: user.email, ...mail })] as const;
}

/** Sends the signed-in person a new verification link (limited per address and per client). */
export async function resendVerification(ctx: ActorContext, client: SignInClient) {
  if (ctx.actor.email_verified_at) throw new Invalid(ALREADY_VERIFIED);
  await takeMailRequest(ctx, "verify-email", ctx.actor.email, client);
  await runBatch(ctx.db, [...(await verificationMail(ctx, ctx.actor))]);
  return { message: VERIFICATION_SENT };
}

/**
 * Marks the address of the link's account verified; the link is taken in the same batch, so it
 * works once. Answers the address verified.
 */
export async function verifyEmail(ctx: DomainContext, input: unknown) {
  const { token } = parseInput(AccountLinkInput, input);
  const now = new Date().toISOString();
  const open = openLink("verify-email", eq(accountTokens.token_hash, await sha256Hex(token)), now);
  const [link] = await ctx.db.select({ id: accountTokens.id, userId: accountTokens.user_id, email: users.email }).from(accountTokens).innerJoin(users, eq(users.id, accountTokens.user_id)).where(open).limit(1);
  if (!link) throw Invalid.field("token", VERIFICATION_LINK_INVALID);
  const [taken] = (await runBatch(ctx.db, [
    takeLink(ctx, link.id, now),
    ctx.db.update(users).set({ email_verified_at: now }).where(and(eq(users.id, link.userId), isNull(users.email_verified_at))),
  ])) as { id: string }[][];
  if (taken.length === 0) throw Invalid.field("token", VERIFICATION_LINK_INVALID);
  return { email: link.email, verified_at: now };
}
