// Deleting issues: each leaves a "deleted" activity, its sub-issues become top-level issues and
// its parent's sub-issue count drops, all in one transaction.
import { and, eq, inArray } from "drizzle-orm";
import { issues, type Issue } from "../../../drizzle/schema";
import { chunks } from "../../lib/batch";
import { parseInput } from "../../lib/validation";
import { ROLE, type ProjectAccess, projectAccess } from "../access";
import type { ActorContext } from "../context";
import { NotFound } from "../errors";
import { activityInsert } from "../issue-activity";
import { BulkDeleteIssuesInput } from "../schemas/issues";
import { ISSUE_NOT_FOUND, loadIssue, unique } from "./load";
import { emitIssueEvent } from "./events";
import { issuesVersionQuery, publishIssues, versionFrom } from "./publish";
import { CHANGED_MEANWHILE, bumpSubIssues, runIssueWrite } from "./write-statements";

/** One issue's delete: its activity, the freeing of its sub-issues (returning their ids), the delete. */
function deleteStatements(ctx: ActorContext, access: ProjectAccess, issue: Issue) {
  return {
    activity: activityInsert(
      ctx,
      { issueId: issue.id, projectId: access.project.id, workspaceId: access.workspace.id },
      { field: "issue", verb: "deleted", old_value: `${access.project.identifier}-${issue.sequence_id}`, comment: "deleted the issue" },
    ),
    // Sub-issues survive their parent, as top-level issues. Returned from the same transaction so
    // one created a moment before the delete is republished too.
    freed: ctx.db.update(issues).set({ parent_id: null }).where(eq(issues.parent_id, issue.id)).returning({ id: issues.id }),
    deleted: ctx.db.delete(issues).where(eq(issues.id, issue.id)),
    parentCount: issue.parent_id ? bumpSubIssues(ctx, issue.parent_id, -1) : undefined,
  };
}

/**
 * Runs the delete statements of several issues in one transaction; answers the freed sub-issues
 * and the project's issues_version after the deletes.
 */
async function runDeletes(ctx: ActorContext, access: ProjectAccess, found: Issue[], gone: string) {
  const results = await runIssueWrite(
    ctx,
    { issues: found.map((issue) => deleteStatements(ctx, access, issue)), version: issuesVersionQuery(ctx, access.project.id) },
    gone,
  );
  const freed = results.issues.flatMap((deleted) => deleted.freed.map((row) => row.id));
  return { freed, version: versionFrom(results.version) };
}

export async function deleteIssue(ctx: ActorContext, slug: string, projectId: string, issueId: string) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const issue = await loadIssue(ctx, projectId, issueId);
  // The activity row refers to the issue: deleted by someone else meanwhile, it fails the batch.
  const { freed: children, version } = await runDeletes(ctx, access, [issue], ISSUE_NOT_FOUND);
  ctx.effects.publish(projectId, { kind: "issue", op: "delete", id: issueId, version });
  emitIssueEvent(ctx, access, "deleted", issue);
  await publishIssues(ctx, access, [...children, ...(issue.parent_id ? [issue.parent_id] : [])]);
}

/** Deletes the listed issues of this project (ids of other projects are left alone). */
export async function bulkDeleteIssues(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { issue_ids } = parseInput(BulkDeleteIssuesInput, input);
  const found: Issue[] = [];
  for (const chunk of chunks(unique(issue_ids))) {
    found.push(...(await ctx.db.select().from(issues).where(and(eq(issues.project_id, projectId), inArray(issues.id, chunk)))));
  }
  if (found.length === 0) throw new NotFound("No issues of this project match these ids.");
  const deletedIds = new Set(found.map((issue) => issue.id));
  const { freed: children, version } = await runDeletes(ctx, access, found, CHANGED_MEANWHILE);
  for (const id of deletedIds) ctx.effects.publish(projectId, { kind: "issue", op: "delete", id, version });
  for (const issue of found) emitIssueEvent(ctx, access, "deleted", issue);
  const parents = found.flatMap((issue) => (issue.parent_id && !deletedIds.has(issue.parent_id) ? [issue.parent_id] : []));
  const orphans = children.filter((id) => !deletedIds.has(id));
  await publishIssues(ctx, access, [...parents, ...orphans]);
  return { message: `${found.length} issue${found.length === 1 ? "" : "s"} deleted successfully` };
}
