import { Hono } from "hono";
import { createApiToken, deleteApiToken, listApiTokens, updateMe } from "../domain/accounts";
import { acceptInvitation } from "../domain/invitations";
import { resendVerification } from "../domain/email-verification";
import { requestEmailChange } from "../domain/email-change";
import { signInClientOf } from "../domain/sign-in-throttle";
import { meOf } from "../domain/serializers";
import { notificationMailOf, updateNotificationMail } from "../domain/notification-mail";
import { listSessions, signOutSession } from "../domain/user-sessions";
import { type ApiEnv, actorOf, body } from "./hono-env";
import { listed, pageOf } from "./list-pages";

export const userRoutes = new Hono<ApiEnv>({ strict: false });

userRoutes.get("/me", (c) => c.json(meOf(actorOf(c).actor)));
userRoutes.patch("/me", async (c) => c.json(await updateMe(actorOf(c), await body(c))));
/** Mails the signed-in person a new link to verify their address. */
userRoutes.post("/me/verification", async (c) => c.json(await resendVerification(actorOf(c), signInClientOf(c.req.raw)), 202));
/** Mails a link to a new address (`{email, current_password}`); the address changes when it is opened. */
userRoutes.post("/me/email", async (c) => c.json(await requestEmailChange(actorOf(c), await body(c), signInClientOf(c.req.raw)), 202));

/** The caller's notification mail: instant mail for mentions and assignments, and the digest's period in hours (0: none). */
userRoutes.get("/me/notification-preferences", async (c) => c.json(await notificationMailOf(actorOf(c))));
userRoutes.patch("/me/notification-preferences", async (c) => c.json(await updateNotificationMail(actorOf(c), await body(c))));

userRoutes.get("/api-tokens", async (c) => listed(c, await listApiTokens(actorOf(c), pageOf(c))));
userRoutes.post("/api-tokens", async (c) => c.json(await createApiToken(actorOf(c), await body(c)), 201));
userRoutes.delete("/api-tokens/:tokenId", async (c) => {
  await deleteApiToken(actorOf(c), c.req.param("tokenId"));
  return c.body(null, 204);
});

/** Where the caller is signed in; `current` marks the session of this request (none for API keys). */
userRoutes.get("/me/sessions", async (c) => listed(c, await listSessions(actorOf(c), pageOf(c))));
/** Ends one of the caller's other sessions: its browser is signed out at its next request. */
userRoutes.delete("/me/sessions/:sessionId", async (c) => {
  await signOutSession(actorOf(c), c.req.param("sessionId"));
  return c.body(null, 204);
});

/** Joins the workspace of an invitation link: `{token}` is the link's secret. */
userRoutes.post("/me/invitations/workspaces", async (c) => c.json(await acceptInvitation(actorOf(c), await body(c))));
