// The live board socket: membership is checked here, in the Worker, before the upgrade reaches
// the project's ProjectBoard Durable Object.
import { Hono } from "hono";
import { projectAccess } from "../domain/access";
import { Invalid } from "../domain/errors";
import { boardOf } from "../domain/post-commit";
import { type ApiEnv, actorOf } from "./hono-env";

export const boardRoutes = new Hono<ApiEnv>({ strict: false });

boardRoutes.get("/:slug/projects/:projectId/board", async (c) => {
  if (c.req.header("Upgrade") !== "websocket") throw new Invalid("Expected a WebSocket upgrade.");
  const ctx = actorOf(c);
  const { project } = await projectAccess(ctx, c.req.param("slug"), c.req.param("projectId"));
  const headers = new Headers(c.req.raw.headers);
  headers.set("x-board-user-id", ctx.actor.id);
  headers.set("x-board-user-name", ctx.actor.display_name || ctx.actor.first_name || ctx.actor.email);
  return boardOf(c.env, project.id).fetch(new Request(c.req.raw.url, { headers }));
});
