import { listed, pageOf } from "./list-pages";
import { createLabel, deleteLabel, getLabel, listLabels, updateLabel } from "../domain/labels";
import { body } from "./hono-env";
import { inProject, projectRouter } from "./project-router";

export const labelsRoutes = projectRouter();

labelsRoutes.get("/issue-labels", async (c) => listed(c, await listLabels(...inProject(c), pageOf(c))));
labelsRoutes.post("/issue-labels", async (c) => c.json(await createLabel(...inProject(c), await body(c)), 201));
labelsRoutes.get("/issue-labels/:labelId", async (c) => c.json(await getLabel(...inProject(c), c.req.param("labelId"))));
labelsRoutes.patch("/issue-labels/:labelId", async (c) =>
  c.json(await updateLabel(...inProject(c), c.req.param("labelId"), await body(c))),
);
labelsRoutes.delete("/issue-labels/:labelId", async (c) => {
  await deleteLabel(...inProject(c), c.req.param("labelId"));
  return c.body(null, 204);
});
