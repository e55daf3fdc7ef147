import { listed, pageOf } from "./list-pages";
import { createState, deleteState, getState, listStates, updateState } from "../domain/states";
import { body } from "./hono-env";
import { inProject, projectRouter } from "./project-router";

export const statesRoutes = projectRouter();

statesRoutes.get("/states", async (c) => listed(c, await listStates(...inProject(c), pageOf(c), c.req.query("group_by"))));
statesRoutes.post("/states", async (c) => c.json(await createState(...inProject(c), await body(c)), 201));
statesRoutes.get("/states/:stateId", async (c) => c.json(await getState(...inProject(c), c.req.param("stateId"))));
statesRoutes.patch("/states/:stateId", async (c) =>
  c.json(await updateState(...inProject(c), c.req.param("stateId"), await body(c))),
);
statesRoutes.put("/states/:stateId", async (c) =>
  c.json(await updateState(...inProject(c), c.req.param("stateId"), await body(c), { replace: true })),
);
statesRoutes.delete("/states/:stateId", async (c) => {
  await deleteState(...inProject(c), c.req.param("stateId"));
  return c.body(null, 204);
});
