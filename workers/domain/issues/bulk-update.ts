// Bulk edit: one change applied to many issues of a project in one transaction. Each issue is
// planned by the same rules as a single update (only what differs is written, each change with
// its activity row, state side effects, cycle and module moves), so the two cannot disagree;
// every changed issue reaches the project's board.
import { and, eq, inArray } from "drizzle-orm";
import { issues, type Issue } from "../../../drizzle/schema";
import { chunks } from "../../lib/batch";
import { parseInput } from "../../lib/validation";
import { ROLE, projectAccess } from "../access";
import type { ActorContext } from "../context";
import { NotFound } from "../errors";
import { activityInsert } from "../issue-activity";
import { announceNotified, notificationStatements } from "../notifications";
import { BulkUpdateIssuesInput, type BulkIssueProperties, type IssueWrite } from "../schemas/issues";
import { emitIssueEvent } from "./events";
import { lookupsFor, unique } from "./load";
import { issuesVersionQuery, publishIssues, versionFrom } from "./publish";
import { resolveReferences } from "./references";
import { type IssueUpdatePlan, planIssueUpdate } from "./update";
import { CHANGED_MEANWHILE, runIssueWrite } from "./write-statements";

export const BULK_ISSUES_NOT_FOUND = "Some of these issues are not in this project.";

/** The patch one issue gets: the set fields as sent, assignees and labels added to its own. */
function patchFor(issue: Issue, properties: BulkIssueProperties): IssueWrite {
  const { assignees_list, labels_list, ...set } = properties;
  return {
    ...set,
    assignees_list: assignees_list === undefined ? undefined : unique([...issue.assignee_ids, ...assignees_list]),
    labels_list: labels_list === undefined ? undefined : unique([...issue.label_ids, ...labels_list]),
  };
}

export async function bulkUpdateIssues(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { issue_ids, properties } = parseInput(BulkUpdateIssuesInput, input);
  const ids = unique(issue_ids);
  const found: Issue[] = [];
  for (const part of chunks(ids)) {
    found.push(...(await ctx.db.select().from(issues).where(and(eq(issues.project_id, projectId), inArray(issues.id, part)))));
  }
  // All or nothing: an id of another project (or a deleted issue) refuses the whole edit.
  if (found.length !== ids.length) throw new NotFound(BULK_ISSUES_NOT_FOUND);
  const lookups = await lookupsFor(ctx, access);
  // The ids the change names are checked once, against the project (an existing issue's rules).
  const refs = await resolveReferences(ctx, access, properties, found[0].id, lookups);

  const now = new Date().toISOString();
  const touched = new Set<string>();
  /** One issue's statements: its row (returned as committed), bridges and activities. */
  const writeOf = (issue: Issue, plan: IssueUpdatePlan) => ({
    update: ctx.db.update(issues).set({ ...plan.patch, updated_by: ctx.actor.id, updated_at: now }).where(eq(issues.id, issue.id)).returning(),
    statements: plan.statements,
    activities: plan.changes.map((change) => activityInsert(ctx, { issueId: issue.id, projectId, workspaceId: access.workspace.id }, change, now)),
    notify: notificationStatements(ctx, { issueId: issue.id, projectId, workspaceId: access.workspace.id }, plan.events, now),
  });
  const planned: { changes: IssueUpdatePlan["changes"]; write: ReturnType<typeof writeOf> }[] = [];
  for (const issue of found) {
    const plan = await planIssueUpdate(ctx, access, issue, patchFor(issue, properties), refs, lookups);
    // An issue that already has the change is not written and not counted.
    if (Object.keys(plan.patch).length === 0 && plan.statements.length === 0) continue;
    for (const id of plan.touched) touched.add(id);
    planned.push({ changes: plan.changes, write: writeOf(issue, plan) });
  }
  if (planned.length === 0) return { updated: 0, issue_ids: [] as string[] };

  const results = await runIssueWrite(
    ctx,
    { writes: planned.map(({ write }) => write), version: issuesVersionQuery(ctx, projectId) },
    CHANGED_MEANWHILE,
  );
  // Each write's RETURNING holds its issue's row as committed (the writes keep the plans' order).
  const rows = results.writes.flatMap((write) => write.update);
  announceNotified(ctx, access.workspace.id, results.writes.flatMap((write) => write.notify));
  const shapedWith = await publishIssues(ctx, access, [...touched], lookups, { rows, version: versionFrom(results.version) });
  planned.forEach(({ changes }, index) => {
    const row = results.writes[index].update[0];
    if (row) emitIssueEvent(ctx, access, "updated", row, shapedWith, changes);
  });
  return { updated: rows.length, issue_ids: rows.map((row) => row.id) };
}
