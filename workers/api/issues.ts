import { issueHistoryOf } from "../domain/issue-history";
import {
  addSubIssues,
  bulkDeleteIssues,
  bulkUpdateIssues,
  createIssue,
  deleteIssue,
  getIssue,
  listIssues,
  listSubIssues,
  updateIssue,
} from "../domain/issues";
import { body } from "./hono-env";
import { issueListed, listed, pageOf } from "./list-pages";
import { inProject, projectRouter } from "./project-router";

export const issuesRoutes = projectRouter();

issuesRoutes.get("/issues", (c) => issueListed(c, (query) => listIssues(...inProject(c), query)));
issuesRoutes.post("/issues", async (c) => c.json(await createIssue(...inProject(c), await body(c)), 201));
// One change to many issues (state, priority, cycle, module set; assignees, labels added).
issuesRoutes.post("/bulk-operation-issues", async (c) => c.json(await bulkUpdateIssues(...inProject(c), await body(c))));
issuesRoutes.delete("/bulk-delete-issues", async (c) => c.json(await bulkDeleteIssues(...inProject(c), await body(c))));

issuesRoutes.get("/issues/:issueId", async (c) => c.json(await getIssue(...inProject(c), c.req.param("issueId"))));
issuesRoutes.on(["PUT", "PATCH"], "/issues/:issueId", async (c) =>
  c.json(await updateIssue(...inProject(c), c.req.param("issueId"), await body(c))),
);
issuesRoutes.delete("/issues/:issueId", async (c) => {
  await deleteIssue(...inProject(c), c.req.param("issueId"));
  return c.body(null, 204);
});

issuesRoutes.get("/issues/:issueId/sub-issues", async (c) => listed(c, await listSubIssues(...inProject(c), c.req.param("issueId"), pageOf(c))));
issuesRoutes.post("/issues/:issueId/sub-issues", async (c) =>
  c.json(await addSubIssues(...inProject(c), c.req.param("issueId"), await body(c))),
);

issuesRoutes.get("/issues/:issueId/history", async (c) => listed(c, await issueHistoryOf(...inProject(c), c.req.param("issueId"), pageOf(c))));
