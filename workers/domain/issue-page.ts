// Everything the issue page shows, read as one model: the access check once, then the issue, its
// detail rows, its parent, sub-issues, attachments and history together with the project's
// states, labels, members and estimates, reaching D1 together (their SQL built once per isolate).
// The project's lookups (to shape issue rows) come from the isolate's cache, read beside them
// when they are not cached.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { estimatePoints, estimates, issueAttachments, issues, labels, projectMembers, states, users } from "../../drizzle/schema";
import { preparedBatch } from "../lib/prepared-reads";
import { projectAccess } from "./access";
import type { ActorContext } from "./context";
import { NotFound } from "./errors";
import { issueAttachmentOf } from "./issue-attachments";
import { latestIssueHistoryFrom, latestIssueHistoryQueries } from "./issue-activity";
import { type ProjectLookups, issueDetailFrom, issueDetailQueries, issueListColumns, issueRowOf } from "./issue-views";
import { ISSUE_NOT_FOUND, lookupsFor } from "./issues/load";
import { childrenOf } from "./issues/sub-issues";
import { LIST_PAGES } from "./schemas/list-pages";
import { type IssuePageData, memberName } from "./schemas/responses";
import { memberColumns } from "./serializers";

/**
 * The issue page's reads, built once per isolate: the issue, its parent, its detail rows, the
 * project's states, labels, members and estimates, its sub-issues, attachments and history.
 */
const issuePageReads = preparedBatch((db) => {
  const issueId = sql.placeholder("issueId");
  const projectId = sql.placeholder("projectId");
  const parentOfIssue = db.select({ id: issues.parent_id }).from(issues).where(eq(issues.id, issueId));
  return {
    issue: db
      .select()
      .from(issues)
      .where(and(eq(issues.id, issueId), eq(issues.project_id, projectId)))
      .limit(1),
    parent: db
      .select({ id: issues.id, name: issues.name, sequence_id: issues.sequence_id, project_id: issues.project_id })
      .from(issues)
      .where(eq(issues.id, parentOfIssue)),
    detail: issueDetailQueries(db, issueId),
    states: db.select().from(states).where(eq(states.project_id, projectId)).orderBy(asc(states.sequence), asc(states.created_at)),
    labels: db
      .select({ id: labels.id, name: labels.name, color: labels.color, parent: labels.parent })
      .from(labels)
      .where(eq(labels.project_id, projectId))
      .orderBy(asc(labels.sort_order), asc(labels.created_at)),
    // Only the user's columns and the role: a whole-row join would collapse the two tables' ids.
    members: db
      .select({ role: projectMembers.role, ...memberColumns })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.member_id))
      .where(eq(projectMembers.project_id, projectId))
      .orderBy(asc(users.email)),
    estimates: db.select({ id: estimates.id }).from(estimates).where(eq(estimates.project_id, projectId)).orderBy(asc(estimates.created_at)),
    points: db
      .select({ estimate_id: estimatePoints.estimate_id, key: estimatePoints.key, value: estimatePoints.value })
      .from(estimatePoints)
      .where(eq(estimatePoints.project_id, projectId)),
    subIssues: db.select(issueListColumns).from(issues).where(childrenOf(projectId, issueId)).orderBy(issues.sequence_id),
    attachments: db
      .select()
      .from(issueAttachments)
      .where(and(eq(issueAttachments.issue_id, issueId), eq(issueAttachments.project_id, projectId)))
      .orderBy(desc(issueAttachments.created_at)),
    // The newest entries of the history, up to the plain-list cap: a very long feed keeps its
    // latest changes in sight.
    history: latestIssueHistoryQueries(db, issueId, LIST_PAGES.plainListCap),
  };
});

/** The issue page's data: one access check, one D1 round trip (plus the project's lookups when not cached). */
export async function issuePageOf(ctx: ActorContext, slug: string, projectId: string, issueId: string): Promise<IssuePageData> {
  const access = await projectAccess(ctx, slug, projectId);
  const [read, lookups] = await Promise.all([issuePageReads(ctx.db, { issueId, projectId }), lookupsFor(ctx, access)]);
  const issue = read.issue[0];
  if (!issue) throw new NotFound(ISSUE_NOT_FOUND);

  // The issue's parent names it on the page; the issue itself names its sub-issues' parent.
  const project = { id: access.project.id, identifier: access.project.identifier };
  const named = [...read.parent, { id: issue.id, name: issue.name, sequence_id: issue.sequence_id, project_id: issue.project_id }];
  const shapedWith: ProjectLookups = {
    ...lookups,
    parents: new Map(
      named
        .filter((row) => row.project_id === project.id)
        .map(({ project_id: _project, ...row }) => [row.id, { ...row, project_detail: project }]),
    ),
  };
  const {
    description: _json,
    description_stripped: _text,
    ...detail
  } = issueDetailFrom(issue, read.detail as Parameters<typeof issueDetailFrom>[1], shapedWith);

  const state_distribution: Record<string, number> = { backlog: 0, unstarted: 0, started: 0, completed: 0, cancelled: 0 };
  for (const child of read.subIssues) {
    const group = child.state_id ? shapedWith.states.get(child.state_id)?.group : undefined;
    if (group) state_distribution[group] += 1;
  }
  return {
    issue: detail,
    states: read.states.map(({ id, name, color, group, default: isDefault }) => ({ id, name, color, group, default: isDefault })),
    labels: read.labels,
    members: read.members.map((member) => ({
      id: member.id,
      name: memberName(member),
      first_name: member.first_name,
      email: member.email,
      avatar: member.avatar,
      role: member.role,
    })),
    estimates: read.estimates.map(({ id }) => ({
      id,
      points: read.points
        .filter((point) => point.estimate_id === id)
        .sort((a, b) => a.key - b.key)
        .map(({ key, value }) => ({ key, value })),
    })),
    subIssues: {
      state_distribution,
      sub_issues: read.subIssues.map((child) => {
        const row = issueRowOf(child, shapedWith);
        return {
          id: row.id,
          name: row.name,
          sequence_id: row.sequence_id,
          priority: row.priority,
          state_detail: row.state_detail,
          assignees: row.assignees,
          labels: row.labels,
        };
      }),
    },
    attachments: read.attachments.map((row) => {
      const { id, asset, attributes, updated_at, updated_by } = issueAttachmentOf(row, access);
      return { id, asset, attributes, updated_at, updated_by };
    }),
    activity: latestIssueHistoryFrom(read.history, access.workspace.slug),
    viewer: { id: ctx.actor.id },
  };
}
