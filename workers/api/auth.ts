import { type Context, Hono } from "hono";
import type { User } from "../../drizzle/schema";
import { createMiddleware } from "hono/factory";
import { CROSS_ORIGIN_REFUSED, clearedSessionCookie, createSession, deleteSession, isOwnOriginRequest, presentedSessionToken, sessionDeviceOf } from "../auth/sessions";
import { signIn, signOutEverywhere, signUp } from "../domain/accounts";
import { requestPasswordReset, resetPassword } from "../domain/password-reset";
import { verifyEmail } from "../domain/email-verification";
import { confirmEmailChange } from "../domain/email-change";
import { requestSignInMail, signInWithCode, signInWithLink } from "../domain/sign-in-by-mail";
import { Forbidden, Invalid } from "../domain/errors";
import { JSON_BODY_REQUIRED, declaresJsonBody } from "../lib/validation";
import { meOf } from "../domain/serializers";
import { signInClientOf } from "../domain/sign-in-throttle";
import { type ApiEnv, actorOf, body } from "./hono-env";

export const authRoutes = new Hono<ApiEnv>({ strict: false });

/**
 * Routes that start a session answer only our own pages and only JSON, with or without a cookie:
 * a cross-site form (which can send text/plain, urlencoded or multipart bodies, never JSON without
 * a preflight) must not sign a browser into someone else's account.
 */
const startsSession = createMiddleware<ApiEnv>(async (c, next) => {
  if (!isOwnOriginRequest(c.req.raw)) throw new Forbidden(CROSS_ORIGIN_REFUSED);
  if (!declaresJsonBody(c.req.raw)) throw new Invalid(JSON_BODY_REQUIRED);
  await next();
});
authRoutes.use("/sign-up", startsSession);
authRoutes.use("/sign-in", startsSession);
authRoutes.use("/password-reset", startsSession);
authRoutes.use("/password-reset/confirm", startsSession);
authRoutes.use("/sign-in-link", startsSession);
authRoutes.use("/sign-in-link/confirm", startsSession);
authRoutes.use("/sign-in-code", startsSession);

/** Signs this browser in as `user` with a new session (the one it presented, if any, ends). */
async function startSession(c: Context<ApiEnv>, user: User) {
  const domain = c.get("domain");
  const session = await createSession(domain.db, user.id, domain.config, sessionDeviceOf(c.req.raw), presentedSessionToken(c.req.raw, domain.config));
  c.header("Set-Cookie", session.cookie);
}

authRoutes.post("/sign-up", async (c) => {
  const domain = c.get("domain");
  const user = await signUp(domain, await body(c), signInClientOf(c.req.raw));
  await startSession(c, user);
  return c.json({ user: meOf(user) }, 201);
});

authRoutes.post("/sign-in", async (c) => {
  const domain = c.get("domain");
  const user = await signIn(domain, await body(c), signInClientOf(c.req.raw));
  await startSession(c, user);
  return c.json({ user: meOf(user) });
});

/** Mails a reset link if an account has the address; the answer is the same either way. */
authRoutes.post("/password-reset", async (c) => {
  const domain = c.get("domain");
  return c.json(await requestPasswordReset(domain, await body(c), signInClientOf(c.req.raw)), 202);
});

/** Sets a new password from a reset link; every other session ends and this one starts. */
authRoutes.post("/password-reset/confirm", async (c) => {
  const domain = c.get("domain");
  const user = await resetPassword(domain, await body(c));
  const session = await createSession(domain.db, user.id, domain.config, sessionDeviceOf(c.req.raw));
  c.header("Set-Cookie", session.cookie);
  return c.json({ user: meOf(user) });
});

/** Mails a sign-in link and code if an account has the address; the answer is the same either way. */
authRoutes.post("/sign-in-link", async (c) => c.json(await requestSignInMail(c.get("domain"), await body(c), signInClientOf(c.req.raw)), 202));

/** Signs in with a mailed link (`{token}`), once. */
authRoutes.post("/sign-in-link/confirm", async (c) => {
  const user = await signInWithLink(c.get("domain"), await body(c));
  await startSession(c, user);
  return c.json({ user: meOf(user) });
});

/** Signs in with a mailed code (`{email, code}`), counted by the sign-in throttle. */
authRoutes.post("/sign-in-code", async (c) => {
  const user = await signInWithCode(c.get("domain"), await body(c), signInClientOf(c.req.raw));
  await startSession(c, user);
  return c.json({ user: meOf(user) });
});

/** Moves an account to the address of a new-address link (signed in or not). */
authRoutes.post("/confirm-email", async (c) => c.json(await confirmEmailChange(c.get("domain"), await body(c))));

/** Marks the address of a verification link's account verified (signed in or not). */
authRoutes.post("/verify-email", async (c) => c.json(await verifyEmail(c.get("domain"), await body(c))));

authRoutes.post("/sign-out", async (c) => {
  const domain = c.get("domain");
  const token = c.get("auth")?.sessionToken;
  if (token) await deleteSession(domain.db, token);
  c.header("Set-Cookie", clearedSessionCookie(domain.config));
  return c.body(null, 204);
});

/** Ends every session of the caller, on every device, this one included. */
authRoutes.post("/sign-out-all", async (c) => {
  const ctx = actorOf(c);
  await signOutEverywhere(ctx);
  c.header("Set-Cookie", clearedSessionCookie(ctx.config));
  return c.body(null, 204);
});
