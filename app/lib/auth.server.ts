// Who is asking: the signed-in user from the load context, the actor context domain calls take,
// and the cookie writes of signing in and out (ADR 002).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import type { User } from "../../drizzle/schema";
import {
  CROSS_ORIGIN_REFUSED,
  clearedSessionCookie,
  createSession,
  deleteSession,
  isOwnOriginRequest,
  presentedSessionToken,
  sessionDeviceOf,
} from "../../workers/auth/sessions";
import { signOutEverywhere } from "../../workers/domain/accounts";
import type { ActorContext } from "../../workers/domain/context";
import { type CallerScope, mayUseMethod, readOnlyTokenRefusal } from "../../workers/domain/api-limits";
import { Forbidden } from "../../workers/domain/errors";
import { homeWorkspaceOf } from "../../workers/domain/profile";
import { routeError, signInRedirect } from "./errors.server";

export async function optionalUser(context: AppLoadContext): Promise<User | null> {
  return (await context.auth())?.user ?? null;
}

/** The actor context for a signed-in page; anyone else goes to sign-in and comes back after. */
export async function requireActor(request: Request, context: AppLoadContext): Promise<ActorContext> {
  const auth = await context.auth();
  if (!auth) throw signInRedirect(request);
  assertPageMethodAllowed(auth, request);
  return { ...context.domain, actor: auth.user, sessionToken: auth.sessionToken };
}

/** A read API token may load pages but post nothing to them, as on the REST API. */
function assertPageMethodAllowed(auth: CallerScope, request: Request) {
  if (!mayUseMethod(auth, request.method)) throw routeError(readOnlyTokenRefusal());
}

/** Cookie-authenticated writes must come from our own origin. */
export function assertSameOrigin(context: AppLoadContext) {
  if (!context.sameOrigin) throw routeError(new Forbidden(CROSS_ORIGIN_REFUSED));
}

/** A form that starts a session must come from our own pages, signed in or not (login CSRF). */
export function assertOwnOriginRequest(request: Request) {
  if (!isOwnOriginRequest(request)) throw routeError(new Forbidden(CROSS_ORIGIN_REFUSED));
}

/**
 * Where a signed-in user lands: their last or first workspace, else workspace creation (an
 * invitation is joined through its link, which brings them back to it after sign-in).
 */
export async function homePathFor(ctx: ActorContext): Promise<string> {
  const home = await homeWorkspaceOf(ctx);
  return home ? `/${home.slug}` : "/create-workspace";
}

/** Starts a new session (ending the one the request presented, if any) and redirects with its cookie. */
export async function signedInRedirect(request: Request, context: AppLoadContext, user: User, to: string) {
  const { config, db } = context.domain;
  const { cookie } = await createSession(db, user.id, config, sessionDeviceOf(request), presentedSessionToken(request, config));
  return redirect(to, { headers: { "Set-Cookie": cookie } });
}

/** Ends the current session (if any), or with `everywhere` every session of its user, and clears its cookie. */
export async function signOut(request: Request, context: AppLoadContext, options: { everywhere?: boolean } = {}) {
  const auth = await context.auth();
  if (auth) assertPageMethodAllowed(auth, request);
  if (auth && options.everywhere) await signOutEverywhere({ ...context.domain, actor: auth.user });
  else if (auth?.sessionToken) await deleteSession(context.domain.db, auth.sessionToken);
  return redirect("/", { headers: { "Set-Cookie": clearedSessionCookie(context.domain.config) } });
}
