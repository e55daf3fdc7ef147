// Sub-issues: an issue's children, and making issues children of another one. An issue cannot
// become a sub-issue of itself or of one of its own sub-issues.
import { type SQLWrapper, and, count, eq, sql } from "drizzle-orm";
import { type Issue, issues } from "../../../drizzle/schema";
import { inList } from "../../lib/batch";
import { parseInput } from "../../lib/validation";
import { ROLE, projectAccess } from "../access";
import type { ActorContext } from "../context";
import { type OrderKey, type PageRequest, readPage } from "../list-page";
import { LIST_PAGES } from "../schemas/list-pages";
import { Invalid } from "../errors";
import { activityInsert } from "../issue-activity";
import { issueRowOf } from "../issue-views";
import { AddSubIssuesInput } from "../schemas/issues";
import { loadIssue, lookupsFor, unique } from "./load";
import { publishIssues } from "./publish";
import { isAncestor } from "./references";
import { bumpSubIssues, runIssueWrite, subIssueAdded, subIssueRemoved } from "./write-statements";

const SUB_ISSUE_ORDER: OrderKey<Issue>[] = [
  { by: issues.sequence_id, dir: "asc", of: (issue) => issue.sequence_id },
  { by: issues.id, dir: "asc", of: (issue) => issue.id },
];

/**
 * The sub-issues of `issueId` in `projectId`, found through the parent's index. The project is
 * checked on each row found (`+` keeps it from choosing the index): through the project's index,
 * which also serves the order by number, the database read every issue of the project to find a
 * handful of children, and D1 bills each row read.
 */
export const childrenOf = (projectId: string | SQLWrapper, issueId: string | SQLWrapper) => and(eq(issues.parent_id, issueId), sql`+${issues.project_id} = ${projectId}`);

/**
 * One page of the issue's sub-issues as list rows, by number, with how many of all its sub-issues
 * (not only this page's) are in each state group.
 */
export async function listSubIssues(ctx: ActorContext, slug: string, projectId: string, issueId: string, page: PageRequest) {
  const access = await projectAccess(ctx, slug, projectId);
  await loadIssue(ctx, projectId, issueId);
  const ofParent = childrenOf(projectId, issueId);
  const [read, perState, lookups] = await Promise.all([
    readPage(page, SUB_ISSUE_ORDER, (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(issues)
        .where(and(ofParent, after))
        .orderBy(...orderBy)
        .limit(limit),
    ),
    ctx.db.select({ state_id: issues.state_id, count: count() }).from(issues).where(ofParent).groupBy(issues.state_id),
    lookupsFor(ctx, access, [issueId]),
  ]);
  const state_distribution: Record<string, number> = { backlog: 0, unstarted: 0, started: 0, completed: 0, cancelled: 0 };
  for (const { state_id, count } of perState) {
    const group = state_id ? lookups.states.get(state_id)?.group : undefined;
    if (group) state_distribution[group] += count;
  }
  return { rows: { sub_issues: read.rows.map((child) => issueRowOf(child, lookups)), state_distribution }, next_cursor: read.next_cursor };
}

/** Makes the listed issues sub-issues of this one (moving them from any previous parent). */
export async function addSubIssues(ctx: ActorContext, slug: string, projectId: string, issueId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { sub_issue_ids } = parseInput(AddSubIssuesInput, input);
  const parent = await loadIssue(ctx, projectId, issueId);
  const ids = unique(sub_issue_ids);
  if (ids.includes(issueId)) throw Invalid.field("sub_issue_ids", "An issue cannot be its own sub-issue.");
  const children = await ctx.db.select().from(issues).where(and(eq(issues.project_id, projectId), inList(issues.id, ids)));
  if (children.length !== ids.length) throw Invalid.field("sub_issue_ids", "Issue not found in this project.");
  for (const child of children) {
    if (await isAncestor(ctx, child.id, issueId)) {
      throw Invalid.field("sub_issue_ids", "An issue cannot become a sub-issue of its own sub-issue.");
    }
  }
  const moving = children.filter((child) => child.parent_id !== issueId);
  const identifier = access.project.identifier;
  const now = new Date().toISOString();
  const place = { projectId, workspaceId: access.workspace.id };
  await runIssueWrite(ctx, {
    moves: moving.map((child) => {
      const key = `${identifier}-${child.sequence_id}`;
      return {
        reparent: ctx.db.update(issues).set({ parent_id: issueId, updated_at: now, updated_by: ctx.actor.id }).where(eq(issues.id, child.id)),
        oldParentCount: child.parent_id ? bumpSubIssues(ctx, child.parent_id, -1) : undefined,
        activity: activityInsert(
          ctx,
          { ...place, issueId: child.id },
          { field: "parent", old_identifier: child.parent_id, new_identifier: issueId, new_value: `${identifier}-${parent.sequence_id}` },
          now,
        ),
        leftParent: child.parent_id ? subIssueRemoved(ctx, place, child.parent_id, { id: child.id, key }, now) : undefined,
        parentActivity: subIssueAdded(ctx, place, issueId, { id: child.id, key }, now),
      };
    }),
    parentCount: moving.length ? bumpSubIssues(ctx, issueId, moving.length) : undefined,
  });
  await publishIssues(ctx, access, [issueId, ...moving.map((c) => c.id), ...moving.flatMap((c) => c.parent_id ?? [])]);
  return (await listSubIssues(ctx, slug, projectId, issueId, { size: LIST_PAGES.plainListCap })).rows;
}
