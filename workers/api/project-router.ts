// The setup every project-scoped router shares: paths start at /:slug/projects/:projectId (the
// routers are mounted at /api/workspaces), and because the prefix is the router's base path, Hono
// types the path's params, so a handler reads `c.req.param("cycleId")` as a string without a cast.
import { type Context, Hono } from "hono";
import type { ActorContext } from "../domain/context";
import { type ApiContext, type ApiEnv, actorOf } from "./hono-env";

const PROJECT_PATH = "/:slug/projects/:projectId";

/**
 * A router whose paths continue the project's: `router.get("/cycles/:cycleId", ...)`. Given a
 * router, it answers a view of that one (same routes, the project's base path).
 */
export function projectRouter(router = new Hono<ApiEnv>({ strict: false })) {
  return router.basePath(PROJECT_PATH);
}

/** A handler's context on a path below the project. */
export type ProjectContext = Context<ApiEnv, `${typeof PROJECT_PATH}${string}`>;

/**
 * The caller (401 without one) and the project the path names, in the order the domain's project
 * operations take them: `listCycles(...inProject(c), query)`.
 */
export function inProject(c: ProjectContext): readonly [ActorContext, string, string] {
  return [actorOf(c), c.req.param("slug"), c.req.param("projectId")];
}

/**
 * A param only some of a handler's paths have, such as the page of a block that is reached with
 * or without it: undefined when the path that matched has no such segment.
 */
export function optionalParam(c: ApiContext, name: string): string | undefined {
  return c.req.param(name);
}
