// Reading issues: one issue's detail, and the list behind every issue view (project, cycle,
// module and saved view), whole or one keyset page at a time.
import { type SQL, and, eq } from "drizzle-orm";
import { issues } from "../../../drizzle/schema";
import { type ProjectAccess, projectAccess } from "../access";
import type { ActorContext } from "../context";
import {
  type IssueListRecord,
  type ProjectLookups,
  issueListColumns,
  issueRowOf,
  loadIssueDetail,
  loadIssuesWithLookups,
  readIssueListRows,
} from "../issue-views";
import { type IssueListScope, wholeList } from "./list-cache";
import {
  type IssueListQuery,
  cursorCondition,
  groupIssues,
  issueConditions,
  nextCursorOf,
  ordering,
  parseIssueListQuery,
  relevantStateIds,
} from "./list-query";
import { NotFound } from "../errors";
import { ISSUE_NOT_FOUND } from "./load";

export async function getIssue(ctx: ActorContext, slug: string, projectId: string, issueId: string) {
  const access = await projectAccess(ctx, slug, projectId);
  const detail = await loadIssueDetail(ctx.db, access.project, access.workspace, issueId);
  if (!detail) throw new NotFound(ISSUE_NOT_FOUND);
  return detail;
}

/**
 * The list behind every issue view. Without `per_page` it answers every matching issue (an array,
 * or an object keyed by group); with it, `{results, next_cursor}` one keyset page at a time.
 */
export async function listIssuesWithAccess(
  ctx: ActorContext,
  access: ProjectAccess,
  query: IssueListQuery,
  scope: IssueListScope = {},
  knownLookups?: ProjectLookups,
) {
  const conditions: SQL[] = issueConditions(access.project.id, query);
  if (scope.cycleId) conditions.push(eq(issues.cycle_id, scope.cycleId));
  if (scope.moduleId) conditions.push(eq(issues.module_id, scope.moduleId));
  const after = cursorCondition(query);
  if (after) conditions.push(after);
  const select = ctx.db
    .select(issueListColumns)
    .from(issues)
    .where(and(...conditions))
    .orderBy(...ordering(query.order_by).orderBy);
  const perPage = query.per_page;
  if (perPage === undefined) {
    return wholeList(ctx, access, query, scope, conditions, select, (rows, lookups) => shapeList(rows, lookups, query), knownLookups);
  }
  const { rows, shown: page, lookups } = await loadIssuesWithLookups(
    ctx.db,
    access.project,
    access.workspace,
    readIssueListRows(ctx.db, select.limit(perPage + 1)),
    (all) => (all.length > perPage ? all.slice(0, perPage) : all),
    knownLookups,
  );
  const hasMore = rows.length > perPage;
  return { results: shapeList(page, lookups, query), next_cursor: hasMore ? nextCursorOf(query, page[page.length - 1]) : null };
}

/** List rows as the response shows them: an array, or grouped (states seeded even when empty). */
function shapeList(rows: IssueListRecord[], lookups: ProjectLookups, query: IssueListQuery) {
  const shaped = rows.map((row) => issueRowOf(row, lookups));
  return query.group_by
    ? groupIssues(shaped, query.group_by, query.group_by === "state" ? relevantStateIds(lookups.states.values(), query) : [])
    : shaped;
}

export async function listIssues(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  params: Record<string, string | undefined>,
) {
  const access = await projectAccess(ctx, slug, projectId);
  // Awaited here: a bad cursor rejects before listIssuesWithAccess's first await, and a returned
  // (not awaited) rejected promise is reported by workerd as an unhandled rejection.
  return await listIssuesWithAccess(ctx, access, parseIssueListQuery(params));
}
