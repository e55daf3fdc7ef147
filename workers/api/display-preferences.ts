import { Hono } from "hono";
import { getDisplayPreferences, saveDisplayPreferences } from "../domain/display-preferences";
import { type ApiContext, type ApiEnv, actorOf, body } from "./hono-env";

/**
 * Mounted at /api/workspaces. The caller's display preferences (view_props, default_props) live
 * at projects/{projectId}/project-views/: GET reads them, POST (or PATCH) saves them. This is the
 * one path for them; GET project-members/me/ shows the same stored values.
 */
export const displayPreferencesRoutes = new Hono<ApiEnv>({ strict: false });

const path = "/:slug/projects/:projectId/project-views";
const ids = (c: ApiContext) => [c.req.param("slug") as string, c.req.param("projectId") as string] as const;

displayPreferencesRoutes.get(path, async (c) => c.json(await getDisplayPreferences(actorOf(c), ...ids(c))));
displayPreferencesRoutes.on(["POST", "PATCH"], path, async (c) =>
  c.json(await saveDisplayPreferences(actorOf(c), ...ids(c), await body(c))),
);
