import { getDisplayPreferences, saveDisplayPreferences } from "../domain/display-preferences";
import { body } from "./hono-env";
import { inProject, projectRouter } from "./project-router";

/**
 * The caller's display preferences (view_props, default_props) live at
 * projects/{projectId}/project-views/: GET reads them, POST (or PATCH) saves them. This is the one
 * path for them; GET project-members/me/ shows the same stored values.
 */
export const displayPreferencesRoutes = projectRouter();

displayPreferencesRoutes.get("/project-views", async (c) => c.json(await getDisplayPreferences(...inProject(c))));
displayPreferencesRoutes.on(["POST", "PATCH"], "/project-views", async (c) =>
  c.json(await saveDisplayPreferences(...inProject(c), await body(c))),
);
