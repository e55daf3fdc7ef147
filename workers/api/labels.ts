import { Hono } from "hono";
import { createLabel, deleteLabel, getLabel, listLabels, updateLabel } from "../domain/labels";
import { type ApiEnv, actorOf, body } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug/projects/:projectId. */
export const labelsRoutes = new Hono<ApiEnv>({ strict: false });

const base = "/:slug/projects/:projectId/issue-labels";

labelsRoutes.get(base, async (c) => c.json(await listLabels(actorOf(c), c.req.param("slug"), c.req.param("projectId"))));
labelsRoutes.post(base, async (c) =>
  c.json(await createLabel(actorOf(c), c.req.param("slug"), c.req.param("projectId"), await body(c)), 201),
);
labelsRoutes.get(`${base}/:labelId`, async (c) =>
  c.json(await getLabel(actorOf(c), c.req.param("slug"), c.req.param("projectId"), c.req.param("labelId"))),
);
labelsRoutes.patch(`${base}/:labelId`, async (c) =>
  c.json(await updateLabel(actorOf(c), c.req.param("slug"), c.req.param("projectId"), c.req.param("labelId"), await body(c))),
);
labelsRoutes.delete(`${base}/:labelId`, async (c) => {
  await deleteLabel(actorOf(c), c.req.param("slug"), c.req.param("projectId"), c.req.param("labelId"));
  return c.body(null, 204);
});
