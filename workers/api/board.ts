// The live sockets: membership is checked here, in the Worker, before the upgrade reaches the
// project's ProjectBoard or the workspace's WorkspaceHub Durable Object.
import { Hono } from "hono";
import { isSocketOriginAllowed } from "../auth/request-origin";
import { projectAccess, workspaceAccess } from "../domain/access";
import type { ActorContext } from "../domain/context";
import { Forbidden, Invalid } from "../domain/errors";
import { boardOf, hubOf } from "../lib/board-stub";
import { type ApiContext, type ApiEnv, actorOf } from "./hono-env";
import { inProject, projectRouter } from "./project-router";

export const boardRoutes = projectRouter();
export const hubRoutes = new Hono<ApiEnv>({ strict: false });

/** The answer to a socket opened from another site. */
export const SOCKET_ORIGIN_REFUSED = "The live board opens only from this site.";

/** The caller of a socket upgrade, which only our own pages may open. */
function socketCaller(c: ApiContext): ActorContext {
  if (c.req.header("Upgrade") !== "websocket") throw new Invalid("Expected a WebSocket upgrade.");
  const ctx = actorOf(c);
  // The handshake carries the cookie whatever page opens it: only our own pages may open one.
  if (!isSocketOriginAllowed(c.req.raw, c.get("auth"))) throw new Forbidden(SOCKET_ORIGIN_REFUSED);
  return ctx;
}

boardRoutes.get("/board", async (c) => {
  const ctx = socketCaller(c);
  const [, slug, projectId] = inProject(c);
  const { project } = await projectAccess(ctx, slug, projectId);
  const headers = new Headers(c.req.raw.headers);
  headers.set("x-board-user-id", ctx.actor.id);
  headers.set("x-board-user-name", ctx.actor.display_name || ctx.actor.first_name || ctx.actor.email);
  return boardOf(c.env, project.id).fetch(new Request(c.req.raw.url, { headers }));
});

/** The workspace's live channel (its projects list, the caller's favourites): members only. */
hubRoutes.get("/:slug/live", async (c) => {
  const ctx = socketCaller(c);
  const { workspace } = await workspaceAccess(ctx, c.req.param("slug"));
  const headers = new Headers(c.req.raw.headers);
  headers.set("x-hub-user-id", ctx.actor.id);
  return hubOf(c.env, workspace.id).fetch(new Request(c.req.raw.url, { headers }));
});
