import { Hono } from "hono";
import { clearedSessionCookie, createSession, deleteSession } from "../auth/sessions";
import { signIn, signUp } from "../domain/accounts";
import { meOf } from "../domain/serializers";
import { type ApiEnv, body } from "./hono-env";

export const authRoutes = new Hono<ApiEnv>({ strict: false });

authRoutes.post("/sign-up", async (c) => {
  const domain = c.get("domain");
  const user = await signUp(domain, await body(c));
  const session = await createSession(domain.db, user.id, domain.config);
  c.header("Set-Cookie", session.cookie);
  return c.json({ user: meOf(user) }, 201);
});

authRoutes.post("/sign-in", async (c) => {
  const domain = c.get("domain");
  const user = await signIn(domain, await body(c));
  const session = await createSession(domain.db, user.id, domain.config);
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
