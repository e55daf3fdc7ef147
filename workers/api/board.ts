// The live board socket: membership is checked here, in the Worker, before the upgrade reaches
// the project's ProjectBoard Durable Object.
import { isSocketOriginAllowed } from "../auth/request-origin";
import { projectAccess } from "../domain/access";
import { Forbidden, Invalid } from "../domain/errors";
import { boardOf } from "../lib/board-stub";
import { inProject, projectRouter } from "./project-router";

export const boardRoutes = projectRouter();

/** The answer to a socket opened from another site. */
export const SOCKET_ORIGIN_REFUSED = "The live board opens only from this site.";

boardRoutes.get("/board", async (c) => {
  if (c.req.header("Upgrade") !== "websocket") throw new Invalid("Expected a WebSocket upgrade.");
  const [ctx, slug, projectId] = inProject(c);
  // The handshake carries the cookie whatever page opens it: only our own pages may open one.
  if (!isSocketOriginAllowed(c.req.raw, c.get("auth"))) throw new Forbidden(SOCKET_ORIGIN_REFUSED);
  const { project } = await projectAccess(ctx, slug, projectId);
  const headers = new Headers(c.req.raw.headers);
  headers.set("x-board-user-id", ctx.actor.id);
  headers.set("x-board-user-name", ctx.actor.display_name || ctx.actor.first_name || ctx.actor.email);
  return boardOf(c.env, project.id).fetch(new Request(c.req.raw.url, { headers }));
});
