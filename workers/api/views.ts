import { Hono } from "hono";
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
import { type ApiContext, type ApiEnv, actorOf, body } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug/projects/:projectId. */
export const viewsRoutes = new Hono<ApiEnv>({ strict: false });

const P = "/:slug/projects/:projectId";
const ids = (c: ApiContext) => [c.req.param("slug") as string, c.req.param("projectId") as string] as const;
const viewId = (c: ApiContext) => c.req.param("viewId") as string;

viewsRoutes.get(`${P}/views`, async (c) => c.json(await listViews(actorOf(c), ...ids(c))));
viewsRoutes.post(`${P}/views`, async (c) => c.json(await createView(actorOf(c), ...ids(c), await body(c)), 201));

viewsRoutes.get(`${P}/views/:viewId`, async (c) => c.json(await getView(actorOf(c), ...ids(c), viewId(c))));
viewsRoutes.patch(`${P}/views/:viewId`, async (c) => c.json(await updateView(actorOf(c), ...ids(c), viewId(c), await body(c))));
viewsRoutes.put(`${P}/views/:viewId`, async (c) =>
  c.json(await updateView(actorOf(c), ...ids(c), viewId(c), await body(c), { replace: true })),
);
viewsRoutes.delete(`${P}/views/:viewId`, async (c) => {
  await deleteView(actorOf(c), ...ids(c), viewId(c));
  return c.body(null, 204);
});

viewsRoutes.get(`${P}/views/:viewId/issues`, async (c) =>
  c.json(await listViewIssues(actorOf(c), ...ids(c), viewId(c), c.req.query())),
);

viewsRoutes.post(`${P}/user-favorite-views`, async (c) => c.json(await addFavoriteView(actorOf(c), ...ids(c), await body(c)), 201));
viewsRoutes.delete(`${P}/user-favorite-views/:viewId`, async (c) => {
  await removeFavoriteView(actorOf(c), ...ids(c), viewId(c));
  return c.body(null, 204);
});
