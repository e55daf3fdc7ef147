// Signing in without the password: asking mails a link and a short code that work once, for 15
// minutes, and replace any earlier ones; the answer is the same whether or not an account has the
// address, and asking is limited per address and per client like every mail on request. The link
// (256 random bits) signs in whoever opens it and presses the button; the code is short enough to
// type on another device, so each try counts against the same throttle as a password. Either one
// proves the address, so the account counts as verified afterwards.
import { and, eq, isNull } from "drizzle-orm";
import { type User, accountTokens, users } from "../../drizzle/schema";
import { sha256Hex } from "../auth/crypto";
import { runBatch } from "../lib/batch";
import { parseInput } from "../lib/validation";
import { issueAccountLink, openLink, takeLink } from "./account-links";
import type { DomainContext } from "./context";
import { Invalid, Unauthenticated } from "./errors";
import { queueMail } from "./mail";
import { linkMail } from "./mail-content";
import { AccountLinkInput, MailRequestInput, SIGN_IN_CODE_LENGTH, SignInCodeInput } from "./schemas/accounts";
import { type SignInClient, settleSuccessfulSignIn, takeSignInAttempt, throttleKeys } from "./sign-in-throttle";
import { takeMailRequest } from "./sign-up-limit";

/** How long a sign-in link and its code work. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
export const SIGN_IN_MAIL_SENT = "If an account uses this address, a sign-in link and code are on their way. They work once, for 15 minutes.";
export const SIGN_IN_LINK_INVALID = "This sign-in link is not valid: it was used, replaced by a newer one or has expired. Ask for a new one.";
export const SIGN_IN_CODE_INVALID = "This code is not valid: it is mistyped, was used, replaced by a newer one or has expired.";

/** The page a sign-in link opens. */
export const signInLinkPath = (token: string) => `/sign-in-link/${token}`;

/** A code's stored form: bound to its account, so equal codes of two accounts never meet. */
const codeHashOf = (userId: string, code: string) => sha256Hex(`${userId}:${code}`);

/** A uniformly random code of SIGN_IN_CODE_LENGTH digits. */
function randomCode() {
  const limit = 10 ** SIGN_IN_CODE_LENGTH;
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  // Redraw the few values that would make low codes likelier than high ones.
  if (value >= Math.floor(2 ** 32 / limit) * limit) return randomCode();
  return String(value % limit).padStart(SIGN_IN_CODE_LENGTH, "0");
}

/** Mails a sign-in link and code if an account has the address; answers the same either way. */
export async function requestSignInMail(ctx: DomainContext, input: unknown, client: SignInClient) {
  const { email } = parseInput(MailRequestInput, input);
  await takeMailRequest(ctx, "sign-in", email, client);
  const [user] = await ctx.db.select({ id: users.id, is_bot: users.is_bot }).from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.is_bot) return { message: SIGN_IN_MAIL_SENT };

  const code = randomCode();
  const { token, statements } = await issueAccountLink(ctx, user.id, "sign-in", SIGN_IN_LINK_TTL_MS, { code_hash: await codeHashOf(user.id, code) });
  const mail = linkMail({
    subject: `Your Edge Tracker sign-in code: ${code}`,
    intro: ["Someone (we hope you) asked to sign in to the Edge Tracker account of this address without its password.", `Your code is ${code}. Or use the button:`],
    action: { label: "Sign in to Edge Tracker", url: `${ctx.config.publicBaseUrl}${signInLinkPath(token)}` },
    outro: ["The link and the code work once, for 15 minutes. If you did not ask, ignore this mail: nobody can sign in without it."],
  });
  await runBatch(ctx.db, [...statements, queueMail(ctx, { kind: "sign-in", to: email, ...mail })]);
  return { message: SIGN_IN_MAIL_SENT };
}

/** Signs in with a mailed link: the link is taken in the write, so it works once. Answers the user. */
export async function signInWithLink(ctx: DomainContext, input: unknown) {
  const { token } = parseInput(AccountLinkInput, input);
  const now = new Date().toISOString();
  const [link] = await ctx.db
    .select({ id: accountTokens.id, user: users })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.user_id))
    .where(openLink("sign-in", eq(accountTokens.token_hash, await sha256Hex(token)), now))
    .limit(1);
  if (!link || !(await takeSignInLink(ctx, link.id, link.user, now))) throw Invalid.field("token", SIGN_IN_LINK_INVALID);
  return link.user;
}

/**
 * Signs in with a mailed code. Each try takes its place in the sign-in throttle's counters before
 * the code is looked at, and a wrong, used or unknown one is the same 401 as a wrong password.
 */
export async function signInWithCode(ctx: DomainContext, input: unknown, client: SignInClient) {
  const { email, code } = parseInput(SignInCodeInput, input);
  const [[user], attempt] = await Promise.all([
    ctx.db.select().from(users).where(eq(users.email, email)).limit(1),
    takeSignInAttempt(ctx, await throttleKeys(email, client)),
  ]);
  const now = new Date().toISOString();
  const [link] = user
    ? await ctx.db
        .select({ id: accountTokens.id })
        .from(accountTokens)
        .where(openLink("sign-in", and(eq(accountTokens.user_id, user.id), eq(accountTokens.code_hash, await codeHashOf(user.id, code))), now))
        .limit(1)
    : [];
  if (!user || !link || !(await takeSignInLink(ctx, link.id, user, now))) throw new Unauthenticated(SIGN_IN_CODE_INVALID);
  await settleSuccessfulSignIn(ctx, attempt);
  return user;
}

/** Takes the link (false when another request took it first) and marks the address it reached verified. */
async function takeSignInLink(ctx: DomainContext, linkId: string, user: User, now: string) {
  const [taken] = (await runBatch(ctx.db, [
    takeLink(ctx, linkId, now),
    ctx.db.update(users).set({ email_verified_at: now }).where(and(eq(users.id, user.id), isNull(users.email_verified_at))),
  ])) as { id: string }[][];
  if (taken.length === 0) return false;
  user.email_verified_at ??= now;
  return true;
}
