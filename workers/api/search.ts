import { Hono } from "hono";
import { searchWorkspace } from "../domain/search";
import { type ApiEnv, actorOf } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug. */
export const searchRoutes = new Hono<ApiEnv>({ strict: false });

searchRoutes.get("/:slug/search", async (c) =>
  c.json(
    await searchWorkspace(actorOf(c), c.req.param("slug"), {
      search: c.req.query("search"),
      project_id: c.req.query("project_id"),
      per_page: c.req.query("per_page"),
    }),
  ),
);
