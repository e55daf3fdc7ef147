import { Hono } from "hono";
import { createIssueProperties, getIssueProperties, updateIssueProperties } from "../domain/issue-properties";
import { type ApiEnv, actorOf, body } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug/projects/:projectId. */
export const issuePropertiesRoutes = new Hono<ApiEnv>({ strict: false });

const base = "/:slug/projects/:projectId/issue-properties";

issuePropertiesRoutes.get(base, async (c) =>
  c.json(await getIssueProperties(actorOf(c), c.req.param("slug"), c.req.param("projectId"))),
);
issuePropertiesRoutes.post(base, async (c) =>
  c.json(await createIssueProperties(actorOf(c), c.req.param("slug"), c.req.param("projectId"), await body(c)), 201),
);
issuePropertiesRoutes.patch(`${base}/:propertiesId`, async (c) =>
  c.json(
    await updateIssueProperties(actorOf(c), c.req.param("slug"), c.req.param("projectId"), c.req.param("propertiesId"), await body(c)),
  ),
);
