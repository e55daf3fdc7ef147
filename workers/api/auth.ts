import { Hono } from "hono";
import { clearedSessionCookie, createSession, deleteSession, presentedSessionToken } from "../auth/sessions";
import { signIn, signOutEverywhere, signUp } from "../domain/accounts";
import { meOf } from "../domain/serializers";
import { signInClientOf } from "../domain/sign-in-throttle";
import { type ApiEnv, actorOf, body } from "./hono-env";

export const authRoutes = new Hono<ApiEnv>({ strict: false });

authRoutes.post("/sign-up", async (c) => {
  const domain = c.get("domain");
  const user = await signUp(domain, await body(c));
  const session = await createSession(domain.db, user.id, domain.config, presentedSessionToken(c.req.raw, domain.config));
  c.header("Set-Cookie", session.cookie);
  return c.json({ user: meOf(user) }, 201);
});

authRoutes.post("/sign-in", async (c) => {
  const domain = c.get("domain");
  const user = await signIn(domain, await body(c), signInClientOf(c.req.raw));
  const session = await createSession(domain.db, user.id, domain.config, presentedSessionToken(c.req.raw, domain.config));
  c.header("Set-Cookie", session.cookie);
  return c.json({ user: meOf(user) });
});

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
