import { listed, pageOf } from "./list-pages";
import { createEstimate, deleteEstimate, getEstimate, listEstimates, updateEstimate } from "../domain/estimates";
import { body } from "./hono-env";
import { inProject, projectRouter } from "./project-router";

export const estimatesRoutes = projectRouter();

estimatesRoutes.get("/estimates", async (c) => listed(c, await listEstimates(...inProject(c), pageOf(c))));
estimatesRoutes.post("/estimates", async (c) => c.json(await createEstimate(...inProject(c), await body(c)), 201));
estimatesRoutes.get("/estimates/:estimateId", async (c) => c.json(await getEstimate(...inProject(c), c.req.param("estimateId"))));
estimatesRoutes.patch("/estimates/:estimateId", async (c) =>
  c.json(await updateEstimate(...inProject(c), c.req.param("estimateId"), await body(c))),
);
estimatesRoutes.delete("/estimates/:estimateId", async (c) => {
  await deleteEstimate(...inProject(c), c.req.param("estimateId"));
  return c.body(null, 204);
});
