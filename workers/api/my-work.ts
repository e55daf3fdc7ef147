import { Hono } from "hono";
import { myWorkOf } from "../domain/my-work";
import { type ApiEnv, actorOf } from "./hono-env";
import { listed } from "./list-pages";

/** Mounted at /api/workspaces: paths start with /:slug. */
export const myWorkRoutes = new Hono<ApiEnv>({ strict: false });

// The caller's issues of `?tab=` across their projects: a plain array of list rows (each names its
// project), capped like every list, the continuation in the Link header.
myWorkRoutes.get("/:slug/my-work", async (c) => {
  const page = await myWorkOf(actorOf(c), c.req.param("slug"), c.req.query());
  return listed(c, { rows: page.issues, next_cursor: page.next_cursor });
});
