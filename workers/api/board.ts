// The live board socket: membership is checked here, in the Worker, before the upgrade reaches
// the project's ProjectBoard Durable Object.
import { projectAccess } from "../domain/access";
import { Invalid } from "../domain/errors";
import { boardOf } from "../lib/board-stub";
import { inProject, projectRouter } from "./project-router";

export const boardRoutes = projectRouter();

boardRoutes.get("/board", async (c) => {
  if (c.req.header("Upgrade") !== "websocket") throw new Invalid("Expected a WebSocket upgrade.");
  const [ctx, slug, projectId] = inProject(c);
  const { project } = await projectAccess(ctx, slug, projectId);
  const headers = new Headers(c.req.raw.headers);
  headers.set("x-board-user-id", ctx.actor.id);
  headers.set("x-board-user-name", ctx.actor.display_name || ctx.actor.first_name || ctx.actor.email);
  return boardOf(c.env, project.id).fetch(new Request(c.req.raw.url, { headers }));
});
