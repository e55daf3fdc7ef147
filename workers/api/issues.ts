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
import { LIST_PAGES } from "../domain/schemas/list-pages";
import { body } from "./hono-env";
import { type IssueListPage, listed, pageOf, setNextPage } from "./list-pages";
import { inProject, projectRouter } from "./project-router";

export const issuesRoutes = projectRouter();

/** Asked for neither a page, a grouping nor a board's windows: the plain array, capped. */
const isPlainList = (query: Record<string, string>) => !query.per_page && !query.group_by && !query.per_group && !query.group;

issuesRoutes.get("/issues", async (c) => {
  const query = c.req.query();
  if (!isPlainList(query)) return c.json(await listIssues(...inProject(c), query));
  // A plain list stays a plain array, at most LIST_PAGES.plainListCap rows of it; the rest is
  // named by a next link (the same keyset cursor a paged read takes), never read at once.
  const page = (await listIssues(...inProject(c), { ...query, per_page: String(LIST_PAGES.plainListCap) })) as IssueListPage;
  if (page.next_cursor) setNextPage(c, page.next_cursor);
  return c.json(page.results);
});
issuesRoutes.post("/issues", async (c) => c.json(await createIssue(...inProject(c), await body(c)), 201));
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
