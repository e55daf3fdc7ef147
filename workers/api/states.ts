import { Hono } from "hono";
import { createState, deleteState, getState, listStates, updateState } from "../domain/states";
import { type ApiEnv, actorOf, body } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug/projects/:projectId. */
export const statesRoutes = new Hono<ApiEnv>({ strict: false });

const base = "/:slug/projects/:projectId/states";

statesRoutes.get(base, async (c) =>
  c.json(await listStates(actorOf(c), c.req.param("slug"), c.req.param("projectId"), c.req.query("group_by"))),
);
statesRoutes.post(base, async (c) =>
  c.json(await createState(actorOf(c), c.req.param("slug"), c.req.param("projectId"), await body(c)), 201),
);
statesRoutes.get(`${base}/:stateId`, async (c) =>
  c.json(await getState(actorOf(c), c.req.param("slug"), c.req.param("projectId"), c.req.param("stateId"))),
);
statesRoutes.patch(`${base}/:stateId`, async (c) =>
  c.json(await updateState(actorOf(c), c.req.param("slug"), c.req.param("projectId"), c.req.param("stateId"), await body(c))),
);
statesRoutes.put(`${base}/:stateId`, async (c) =>
  c.json(
    await updateState(actorOf(c), c.req.param("slug"), c.req.param("projectId"), c.req.param("stateId"), await body(c), {
      replace: true,
    }),
  ),
);
statesRoutes.delete(`${base}/:stateId`, async (c) => {
  await deleteState(actorOf(c), c.req.param("slug"), c.req.param("projectId"), c.req.param("stateId"));
  return c.body(null, 204);
});
