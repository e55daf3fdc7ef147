// The issues of a cycle or module as list rows, each with its bridge row's id (bridge_id), which
// is what taking an issue out of the group names.
import { and, eq } from "drizzle-orm";
import { cycleIssues, issues, moduleIssues } from "../../../drizzle/schema";
import { inList } from "../../lib/batch";
import type { ProjectAccess } from "../access";
import type { ActorContext } from "../context";
import { type IssueRow, issueRowOf, loadProjectLookups } from "../issue-views";
import { listIssuesWithAccess, parseIssueListQuery } from "../issues";
import type { IssueGroup, IssueGroupScope } from "./membership";

type ListPage = { results: IssueRow[] | Record<string, IssueRow[]>; next_cursor: string | null };
export type IssueRowWithBridge = IssueRow & { bridge_id: string | null };

const unique = (ids: readonly string[]) => [...new Set(ids)];

async function bridgeIdsOf(ctx: ActorContext, scope: IssueGroupScope, groupId: string, issueIds: string[]) {
  if (issueIds.length === 0) return new Map<string, string>();
  const rows =
    scope === "cycle"
      ? await ctx.db
          .select({ id: cycleIssues.id, issue_id: cycleIssues.issue_id })
          .from(cycleIssues)
          .where(and(eq(cycleIssues.cycle_id, groupId), inList(cycleIssues.issue_id, issueIds)))
      : await ctx.db
          .select({ id: moduleIssues.id, issue_id: moduleIssues.issue_id })
          .from(moduleIssues)
          .where(and(eq(moduleIssues.module_id, groupId), inList(moduleIssues.issue_id, issueIds)));
  return new Map(rows.map((row) => [row.issue_id, row.id]));
}

/** The issue list of a cycle or module (the project list's query parameters and pages), each row with its bridge_id. */
export async function listGroupIssues(
  ctx: ActorContext,
  access: ProjectAccess,
  group: IssueGroup,
  params: Record<string, string | undefined>,
) {
  const query = parseIssueListQuery(params);
  const scope = group.scope === "cycle" ? { cycleId: group.id } : { moduleId: group.id };
  // Windows (a board's first screen, a group's page) carry their bridge ids already.
  if (query.per_group !== undefined || query.group !== undefined) return listIssuesWithAccess(ctx, access, query, scope);
  const { results, next_cursor } = (await listIssuesWithAccess(ctx, access, query, scope)) as ListPage;
  const rows = Array.isArray(results) ? results : Object.values(results).flat();
  const bridges = await bridgeIdsOf(ctx, group.scope, group.id, unique(rows.map((row) => row.id)));
  const tag = (row: IssueRow): IssueRowWithBridge => ({ ...row, bridge_id: bridges.get(row.id) ?? null });
  const tagged = Array.isArray(results)
    ? results.map(tag)
    : Object.fromEntries(Object.entries(results).map(([key, rowsOfGroup]) => [key, rowsOfGroup.map(tag)]));
  return { results: tagged, next_cursor };
}

/** The given issues as list rows with their bridge ids (what adding issues answers with). */
export async function issueRowsIn(ctx: ActorContext, access: ProjectAccess, group: IssueGroup, issueIds: string[]) {
  const ids = unique(issueIds);
  const rows = ids.length ? await ctx.db.select().from(issues).where(and(eq(issues.project_id, access.project.id), inList(issues.id, ids))) : [];
  const [lookups, bridges] = await Promise.all([
    loadProjectLookups(ctx.db, access.project, access.workspace, rows.flatMap((row) => row.parent_id ?? [])),
    bridgeIdsOf(ctx, group.scope, group.id, ids),
  ]);
  const order = new Map(ids.map((id, index) => [id, index]));
  return rows
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((row): IssueRowWithBridge => ({ ...issueRowOf(row, lookups), bridge_id: bridges.get(row.id) ?? null }));
}
