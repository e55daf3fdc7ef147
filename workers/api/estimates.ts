import { Hono } from "hono";
import { createEstimate, deleteEstimate, getEstimate, listEstimates, updateEstimate } from "../domain/estimates";
import { type ApiEnv, actorOf, body } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug/projects/:projectId. */
export const estimatesRoutes = new Hono<ApiEnv>({ strict: false });

const base = "/:slug/projects/:projectId/estimates";

estimatesRoutes.get(base, async (c) => c.json(await listEstimates(actorOf(c), c.req.param("slug"), c.req.param("projectId"))));
estimatesRoutes.post(base, async (c) =>
  c.json(await createEstimate(actorOf(c), c.req.param("slug"), c.req.param("projectId"), await body(c)), 201),
);
estimatesRoutes.get(`${base}/:estimateId`, async (c) =>
  c.json(await getEstimate(actorOf(c), c.req.param("slug"), c.req.param("projectId"), c.req.param("estimateId"))),
);
estimatesRoutes.patch(`${base}/:estimateId`, async (c) =>
  c.json(
    await updateEstimate(actorOf(c), c.req.param("slug"), c.req.param("projectId"), c.req.param("estimateId"), await body(c)),
  ),
);
estimatesRoutes.delete(`${base}/:estimateId`, async (c) => {
  await deleteEstimate(actorOf(c), c.req.param("slug"), c.req.param("projectId"), c.req.param("estimateId"));
  return c.body(null, 204);
});
