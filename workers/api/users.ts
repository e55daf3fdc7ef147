import { Hono } from "hono";
import { createApiToken, deleteApiToken, listApiTokens, updateMe } from "../domain/accounts";
import { acceptInvitations, myInvitations } from "../domain/invitations";
import { meOf } from "../domain/serializers";
import { type ApiEnv, actorOf, body } from "./hono-env";

export const userRoutes = new Hono<ApiEnv>({ strict: false });

userRoutes.get("/me", (c) => c.json(meOf(actorOf(c).actor)));
userRoutes.patch("/me", async (c) => c.json(await updateMe(actorOf(c), await body(c))));

userRoutes.get("/api-tokens", async (c) => c.json(await listApiTokens(actorOf(c))));
userRoutes.post("/api-tokens", async (c) => c.json(await createApiToken(actorOf(c), await body(c)), 201));
userRoutes.delete("/api-tokens/:tokenId", async (c) => {
  await deleteApiToken(actorOf(c), c.req.param("tokenId"));
  return c.body(null, 204);
});

userRoutes.get("/me/invitations", async (c) => c.json(await myInvitations(actorOf(c))));
userRoutes.post("/me/invitations/workspaces", async (c) => c.json(await acceptInvitations(actorOf(c), await body(c))));
