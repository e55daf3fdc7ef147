import { issueListed, listed, pageOf } from "./list-pages";
import {
  addFavoriteView,
  createView,
  deleteView,
  getView,
  listViewIssues,
  listViews,
  removeFavoriteView,
  updateView,
} from "../domain/views";
import { body } from "./hono-env";
import { inProject, projectRouter } from "./project-router";

export const viewsRoutes = projectRouter();

viewsRoutes.get("/views", async (c) => listed(c, await listViews(...inProject(c), pageOf(c))));
viewsRoutes.post("/views", async (c) => c.json(await createView(...inProject(c), await body(c)), 201));

viewsRoutes.get("/views/:viewId", async (c) => c.json(await getView(...inProject(c), c.req.param("viewId"))));
viewsRoutes.patch("/views/:viewId", async (c) => c.json(await updateView(...inProject(c), c.req.param("viewId"), await body(c))));
viewsRoutes.put("/views/:viewId", async (c) =>
  c.json(await updateView(...inProject(c), c.req.param("viewId"), await body(c), { replace: true })),
);
viewsRoutes.delete("/views/:viewId", async (c) => {
  await deleteView(...inProject(c), c.req.param("viewId"));
  return c.body(null, 204);
});

viewsRoutes.get("/views/:viewId/issues", (c) =>
  issueListed(c, (query) => listViewIssues(...inProject(c), c.req.param("viewId"), query)),
);

viewsRoutes.post("/user-favorite-views", async (c) => c.json(await addFavoriteView(...inProject(c), await body(c)), 201));
viewsRoutes.delete("/user-favorite-views/:viewId", async (c) => {
  await removeFavoriteView(...inProject(c), c.req.param("viewId"));
  return c.body(null, 204);
});
