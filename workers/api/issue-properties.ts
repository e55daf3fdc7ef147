import { createIssueProperties, getIssueProperties, updateIssueProperties } from "../domain/issue-properties";
import { body } from "./hono-env";
import { inProject, projectRouter } from "./project-router";

export const issuePropertiesRoutes = projectRouter();

issuePropertiesRoutes.get("/issue-properties", async (c) => c.json(await getIssueProperties(...inProject(c))));
issuePropertiesRoutes.post("/issue-properties", async (c) => c.json(await createIssueProperties(...inProject(c), await body(c)), 201));
issuePropertiesRoutes.patch("/issue-properties/:propertiesId", async (c) =>
  c.json(await updateIssueProperties(...inProject(c), c.req.param("propertiesId"), await body(c))),
);
