import { Hono } from "hono";
import { issueHistoryOf } from "../domain/issue-history";
import {
  addSubIssues,
  bulkDeleteIssues,
  createIssue,
  deleteIssue,
  getIssue,
  listIssues,
  listSubIssues,
  updateIssue,
} from "../domain/issues";
import { type ApiContext, type ApiEnv, actorOf, body } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug/projects/:projectId. */
export const issuesRoutes = new Hono<ApiEnv>({ strict: false });

const P = "/:slug/projects/:projectId";
const ids = (c: ApiContext) => [c.req.param("slug") as string, c.req.param("projectId") as string] as const;
const issueId = (c: ApiContext) => c.req.param("issueId") as string;

issuesRoutes.get(`${P}/issues`, async (c) => c.json(await listIssues(actorOf(c), ...ids(c), c.req.query())));
issuesRoutes.post(`${P}/issues`, async (c) => c.json(await createIssue(actorOf(c), ...ids(c), await body(c)), 201));
issuesRoutes.delete(`${P}/bulk-delete-issues`, async (c) => c.json(await bulkDeleteIssues(actorOf(c), ...ids(c), await body(c))));

issuesRoutes.get(`${P}/issues/:issueId`, async (c) => c.json(await getIssue(actorOf(c), ...ids(c), issueId(c))));
issuesRoutes.on(["PUT", "PATCH"], `${P}/issues/:issueId`, async (c) =>
  c.json(await updateIssue(actorOf(c), ...ids(c), issueId(c), await body(c))),
);
issuesRoutes.delete(`${P}/issues/:issueId`, async (c) => {
  await deleteIssue(actorOf(c), ...ids(c), issueId(c));
  return c.body(null, 204);
});

issuesRoutes.get(`${P}/issues/:issueId/sub-issues`, async (c) => c.json(await listSubIssues(actorOf(c), ...ids(c), issueId(c))));
issuesRoutes.post(`${P}/issues/:issueId/sub-issues`, async (c) =>
  c.json(await addSubIssues(actorOf(c), ...ids(c), issueId(c), await body(c))),
);

issuesRoutes.get(`${P}/issues/:issueId/history`, async (c) => c.json(await issueHistoryOf(actorOf(c), ...ids(c), issueId(c))));
