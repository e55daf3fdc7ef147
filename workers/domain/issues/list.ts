// Reading issues: one issue's detail, and the list behind every issue view (project, cycle,
// module and saved view), whole or one keyset page at a time.
import { type SQL, and } from "drizzle-orm";
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
  loadProjectLookups,
  readIssueListRows,
} from "../issue-views";
import { type IssueListScope, firstPage } from "./list-cache";
import {
  type IssueListQuery,
  cursorCondition,
  groupIssues,
  nextCursorOf,
  ordering,
  parseIssueListQuery,
  relevantStateIds,
} from "./list-query";
import { NotFound } from "../errors";
import { LIST_PAGES } from "../schemas/list-pages";
import { FROM_THE_START, ISSUE_WINDOW_FIRST_PAGE, ISSUE_WINDOW_NEXT_PAGE } from "../schemas/issue-windows";
import { type WindowRow, readGroupFirstPages, readGroupPage, scopedConditions } from "./list-windows";
import { ISSUE_NOT_FOUND } from "./load";

export async function getIssue(ctx: ActorContext, slug: string, projectId: string, issueId: string) {
  const access = await projectAccess(ctx, slug, projectId);
  const detail = await loadIssueDetail(ctx.db, access.project, access.workspace, issueId);
  if (!detail) throw new NotFound(ISSUE_NOT_FOUND);
  return detail;
}

/**
 * The list behind every issue view, one keyset page at a time: `{results, next_cursor}`, the
 * results an array or an object keyed by group. A page holds `per_page` issues, the plain-list cap
 * when not said; the first page comes from memory when the whole list fits in it.
 */
export async function listIssuesWithAccess(
  ctx: ActorContext,
  access: ProjectAccess,
  query: IssueListQuery,
  scope: IssueListScope = {},
  knownLookups?: ProjectLookups,
) {
  if (query.per_group !== undefined || query.group !== undefined) return listGroupWindows(ctx, access, query, scope, knownLookups);
  const conditions: SQL[] = scopedConditions(access.project.id, query, scope);
  const after = cursorCondition(query);
  if (after) conditions.push(after);
  const select = ctx.db
    .select(issueListColumns)
    .from(issues)
    .where(and(...conditions))
    .orderBy(...ordering(query.order_by).orderBy);
  const perPage = query.per_page ?? LIST_PAGES.plainListCap;
  const asPage = (page: IssueListRecord[], lookups: ProjectLookups, more: boolean) => ({
    results: shapeList(page, lookups, query),
    next_cursor: more ? nextCursorOf(query, page[page.length - 1]) : null,
  });
  if (!query.cursor) return firstPage(ctx, access, query, scope, conditions, select.limit(perPage + 1), perPage, asPage, knownLookups);
  const { rows, shown: page, lookups } = await loadIssuesWithLookups(
    ctx.db,
    access.project,
    access.workspace,
    readIssueListRows(ctx.db, select.limit(perPage + 1)),
    (all) => (all.length > perPage ? all.slice(0, perPage) : all),
    knownLookups,
  );
  return asPage(page, lookups, rows.length > perPage);
}

/**
 * A grouped list read as windows: `per_group` answers `{total, groups: [{key, count, results,
 * next_cursor}]}`, each group's count and first issues; `group` (with `cursor`) answers that
 * group's next `per_page` (100 unless said) as `{key, results, next_cursor}`. Rows of a cycle or
 * module list carry their bridge_id.
 */
async function listGroupWindows(
  ctx: ActorContext,
  access: ProjectAccess,
  query: IssueListQuery,
  scope: IssueListScope,
  knownLookups?: ProjectLookups,
) {
  const lookups = knownLookups ?? (await loadProjectLookups(ctx.db, access.project, access.workspace));
  const request = { query, scope, groupBy: query.group_by ?? null, lookups };
  const inGroup = scope.cycleId !== undefined || scope.moduleId !== undefined;
  const shape = async (rows: WindowRow[]) => {
    const records = rows.map((row) => row.record);
    const withParents = await loadIssuesWithLookups(ctx.db, access.project, access.workspace, Promise.resolve(records), undefined, lookups);
    return rows.map(({ record, bridge }) => ({ ...issueRowOf(record, withParents.lookups), ...(inGroup ? { bridge_id: bridge } : {}) }));
  };
  if (query.group !== undefined) {
    const page = await readGroupPage(ctx, access, request, query.group, query.cursor ?? FROM_THE_START, query.per_page ?? ISSUE_WINDOW_NEXT_PAGE);
    return { key: query.group, results: await shape(page.rows), next_cursor: page.next_cursor };
  }
  const { total, groups } = await readGroupFirstPages(ctx, access, request, query.per_group ?? ISSUE_WINDOW_FIRST_PAGE);
  const shaped = await shape(groups.flatMap((group) => group.rows ?? []));
  const byId = new Map(shaped.map((row) => [row.id, row]));
  return {
    total,
    groups: groups.map(({ key, count, rows, next_cursor }) => ({
      key,
      count,
      results: (rows ?? []).map(({ record }) => byId.get(record.id)),
      next_cursor,
    })),
  };
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
