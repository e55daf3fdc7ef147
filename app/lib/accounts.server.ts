// Server side of the account pages (sign-in and sign-up): the same loader and action for both,
// each page naming its schema and its domain call.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { User } from "../../drizzle/schema";
import type { DomainContext } from "../../workers/domain/context";
import { type SignInClient, signInClientOf } from "../../workers/domain/sign-in-throttle";
import { assertOwnOriginRequest, homePathFor, optionalUser, signedInRedirect } from "./auth.server";
import { describeError } from "../../workers/lib/error-status";
import { invalidReply, replyWithError } from "./errors.server";
import { safeNext, signInCodePath } from "./paths";

export { signIn, signUp, updateMe } from "../../workers/domain/accounts";
export { signInWithCode } from "../../workers/domain/sign-in-by-mail";
import { PasswordResetInput, MailRequestInput } from "../../workers/domain/schemas/accounts";
import { requestPasswordReset, resetPassword } from "../../workers/domain/password-reset";
import { verifyEmail } from "../../workers/domain/email-verification";
import { confirmEmailChange } from "../../workers/domain/email-change";
import { unsubscribe } from "../../workers/domain/notification-mail";
import { requestSignInMail, signInWithLink } from "../../workers/domain/sign-in-by-mail";

/** Where a signed-in visitor goes: the safe `next` they came with, else their home. */
async function landingFor(context: AppLoadContext, user: User, next: string | null) {
  return next ?? (await homePathFor({ ...context.domain, actor: user }));
}

/** An account page's loader: signed-in visitors go straight on; others get the safe `next`. */
export async function accountPageLoader(request: Request, context: AppLoadContext) {
  const query = new URL(request.url).searchParams;
  const next = safeNext(query.get("next"));
  const user = await optionalUser(context);
  if (user) throw redirect(await landingFor(context, user, next));
  // An address to fill in (an invitation's): only something shaped like one, and never long.
  const email = query.get("email")?.trim() ?? "";
  return { next, email: email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email) ? email : "" };
}

/**
 * An account page's action: parses `schema`, runs `enter` (sign in or sign up), starts the session
 * and goes on to `next` or home. The password never comes back to the form.
 */
export async function accountPageAction(
  request: Request,
  context: AppLoadContext,
  options: {
    schema: z.ZodType;
    /** `client` is where the request comes from, which the sign-in throttle counts by. */
    enter: (ctx: DomainContext, input: unknown, client: SignInClient) => Promise<User>;
    /** Sign-in shows a 401 ("Invalid email or password.") on the form instead of redirecting. */
    unauthenticatedOnForm?: boolean;
  },
) {
  assertOwnOriginRequest(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: options.schema });
  const hideFields = ["password"];
  if (submission.status !== "success") return invalidReply(submission, { hideFields });
  try {
    const user = await options.enter(context.domain, submission.value, signInClientOf(request));
    return signedInRedirect(request, context, user, await landingFor(context, user, safeNext(String(formData.get("next") ?? ""))));
  } catch (error) {
    return replyWithError(submission, error, request, { unauthenticatedOnForm: options.unauthenticatedOnForm, hideFields });
  }
}

/** "Forgot your password?": mails a reset link; the page shows the same message for any address. */
export async function forgotPasswordAction(request: Request, context: AppLoadContext) {
  assertOwnOriginRequest(request);
  const submission = parseWithZod(await request.formData(), { schema: MailRequestInput });
  if (submission.status !== "success") return invalidReply(submission);
  try {
    const { message } = await requestPasswordReset(context.domain, submission.value, signInClientOf(request));
    return { result: submission.reply(), message };
  } catch (error) {
    return replyWithError(submission, error, request);
  }
}

/** A reset link's page: sets the new password, then this browser is signed in and goes home. */
export async function resetPasswordAction(request: Request, context: AppLoadContext, token: string) {
  assertOwnOriginRequest(request);
  const formData = await request.formData();
  formData.set("token", token);
  const submission = parseWithZod(formData, { schema: PasswordResetInput });
  const hideFields = ["password", "token"];
  if (submission.status !== "success") return invalidReply(submission, { hideFields });
  try {
    const user = await resetPassword(context.domain, submission.value);
    return signedInRedirect(request, context, user, await landingFor(context, user, null));
  } catch (error) {
    return replyWithError(submission, error, request, { hideFields });
  }
}

/** A mailed link's page: where "Continue" leads (home when signed in, sign-in otherwise). */
export async function loadMailedLinkPage(_request: Request, context: AppLoadContext) {
  const user = await optionalUser(context);
  return { continueTo: user ? await landingFor(context, user, null) : "/" };
}

/**
 * Runs a mailed link's button (`use` takes the link's token); a used or expired link says why.
 * The post must come from our own page unless `fromAnywhere` (the link itself is the authority).
 */
async function mailedLinkAction<T>(
  request: Request,
  context: AppLoadContext,
  token: string,
  use: (ctx: DomainContext, input: { token: string }) => Promise<T>,
  fromAnywhere = false,
) {
  if (!fromAnywhere) assertOwnOriginRequest(request);
  try {
    return await use(context.domain, { token });
  } catch (error) {
    const failure = describeError(error);
    if (!failure) throw error;
    return data({ error: failure.fields?.token?.[0] ?? failure.message }, { status: failure.status });
  }
}

/** Verifies the address of the link's account. */
export const verifyEmailAction = (request: Request, context: AppLoadContext, token: string) => mailedLinkAction(request, context, token, verifyEmail);

/**
 * Uses an unsubscribe link. Mail providers post it themselves (one-click unsubscribe), from no page
 * of ours and without an Origin, so none is asked for: the signed token is the authority (a post
 * naming another site is still refused before any action runs).
 */
export const unsubscribeAction = (request: Request, context: AppLoadContext, token: string) =>
  mailedLinkAction(request, context, token, (ctx, input) => unsubscribe(ctx, input.token), true);

/** Moves the link's account to its new address. */
export const confirmEmailAction = (request: Request, context: AppLoadContext, token: string) => mailedLinkAction(request, context, token, confirmEmailChange);

/** Signs this browser in with a mailed sign-in link, then goes home. */
export async function signInLinkAction(request: Request, context: AppLoadContext, token: string) {
  const user = await mailedLinkAction(request, context, token, signInWithLink);
  if (!("id" in user)) return user;
  return signedInRedirect(request, context, user, await landingFor(context, user, null));
}

/** "Email me a sign-in link": mails the link and code, then asks for the code (the answer is the same for any address). */
export async function signInMailAction(request: Request, context: AppLoadContext) {
  assertOwnOriginRequest(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: MailRequestInput });
  if (submission.status !== "success") return invalidReply(submission);
  try {
    await requestSignInMail(context.domain, submission.value, signInClientOf(request));
  } catch (error) {
    return replyWithError(submission, error, request);
  }
  return redirect(signInCodePath(submission.value.email, safeNext(String(formData.get("next") ?? ""))));
}
