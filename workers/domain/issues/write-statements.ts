// Pieces every issue write builds its batch from: running it, the bridge rows (assignees, labels,
// relations, cycle and module), the parent's sub-issue count, and the fields that follow a state
// change or a new description.
import { cycleBridgeMove, moduleBridgeMove } from "../issue-groups/bridge-moves";
import { type SQL, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { cycleIssues, issues, moduleIssues, type Issue } from "../../../drizzle/schema";
import { chunks, type NamedResults, type StatementRecord, runNamedBatch } from "../../lib/batch";
import { isForeignKeyViolation } from "../../lib/d1-errors";
import { sanitizeHtml } from "../../lib/sanitize-html";
import type { ProjectAccess } from "../access";
import type { ActorContext } from "../context";
import { todayUtc } from "../cycle-status";
import { activityInsert } from "../issue-activity";
import { Conflict, NotFound } from "../errors";
import { ISSUE_NOT_FOUND } from "./load";

export const CHANGED_MEANWHILE = "The issue, or one it refers to, was deleted meanwhile. Reload and try again.";

/**
 * Runs an issue write whose references were checked before it: a row deleted between the check
 * and the commit (another user deleting the parent, or the issue itself) fails a foreign key, and
 * the caller gets a 409 (404 when `gone` says the issue itself is gone) instead of a 500. Found by
 * the board fuzz test (tests/api/board-fuzz.test.ts).
 */
export async function runIssueWrite<const S extends object>(
  ctx: ActorContext,
  statements: S & StatementRecord,
  gone = CHANGED_MEANWHILE,
): Promise<NamedResults<S>> {
  try {
    return await runNamedBatch(ctx.db, statements);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw gone === ISSUE_NOT_FOUND ? new NotFound(gone) : new Conflict(gone);
    throw error;
  }
}

export type StateRef = { id: string; name: string; group: string };

/**
 * The dates a state change sets: entering a started state sets a missing start date to today;
 * entering a completed state stamps completed_at, and leaving one clears it.
 */
export function stateSideEffects(
  newState: StateRef,
  oldGroup: string | null,
  startDate: string | null,
): Partial<Pick<Issue, "start_date" | "completed_at">> {
  const effects: Partial<Pick<Issue, "start_date" | "completed_at">> = {};
  if (newState.group === "started" && !startDate) effects.start_date = todayUtc();
  if (newState.group === "completed" && oldGroup !== "completed") effects.completed_at = new Date().toISOString();
  if (newState.group !== "completed" && oldGroup === "completed") effects.completed_at = null;
  return effects;
}

/** The stored description columns for sent HTML (nothing when none was sent). */
export async function sanitizedDescription(html: string | undefined) {
  if (html === undefined) return {};
  const clean = await sanitizeHtml(html);
  return { description_html: clean.html || "<p></p>", description_stripped: clean.text };
}

export function bridgeBase(access: ProjectAccess, issueId: string, actorId: string) {
  return { workspace_id: access.workspace.id, project_id: access.project.id, issue_id: issueId, created_by: actorId };
}

export type BridgeBase = ReturnType<typeof bridgeBase>;

/**
 * Moves the issue into a cycle or module (or out of every one when null): its bridge row is unique
 * per issue, so one cycle and one module per issue.
 */
export function groupMove(ctx: ActorContext, base: BridgeBase, scope: "cycle" | "module", groupId: string | null): BatchItem<"sqlite"> {
  if (scope === "cycle") {
    if (groupId === null) return ctx.db.delete(cycleIssues).where(eq(cycleIssues.issue_id, base.issue_id));
    return ctx.db
      .insert(cycleIssues)
      .values({ ...base, cycle_id: groupId })
      .onConflictDoUpdate({ target: cycleIssues.issue_id, set: cycleBridgeMove(groupId, base.created_by) });
  }
  if (groupId === null) return ctx.db.delete(moduleIssues).where(eq(moduleIssues.issue_id, base.issue_id));
  return ctx.db
    .insert(moduleIssues)
    .values({ ...base, module_id: groupId })
    .onConflictDoUpdate({ target: moduleIssues.issue_id, set: moduleBridgeMove(groupId, base.created_by) });
}

/** A bridge row binds 7 values and D1 allows 100 per statement: multi-row inserts go in parts. */
const BRIDGE_ROWS_PER_INSERT = 12;

export function bridgeInserts(ids: string[], insert: (part: string[]) => BatchItem<"sqlite">): BatchItem<"sqlite">[] {
  return chunks(ids, BRIDGE_ROWS_PER_INSERT).map(insert);
}

type IssuePlace = { projectId: string; workspaceId: string };

/** "Added sub-issue DEMO-53" on the parent's feed; a new child's key may be SQL the same batch decides. */
export const subIssueAdded = (ctx: ActorContext, place: IssuePlace, parentId: string, child: { id: string; key: string | SQL<string> }, now?: string) =>
  activityInsert(ctx, { ...place, issueId: parentId }, { field: "sub_issue", new_value: child.key, new_identifier: child.id }, now);

/** "Removed sub-issue DEMO-53" on the feed of the parent the child left. */
export const subIssueRemoved = (ctx: ActorContext, place: IssuePlace, parentId: string, child: { id: string; key: string }, now?: string) =>
  activityInsert(ctx, { ...place, issueId: parentId }, { field: "sub_issue", old_value: child.key, old_identifier: child.id }, now);

/** Adds `delta` to the parent's sub-issue count (never below 0). */
export const bumpSubIssues = (ctx: ActorContext, parentId: string, delta: number) =>
  ctx.db
    .update(issues)
    .set({ sub_issues_count: sql`MAX(0, ${issues.sub_issues_count} + ${delta})` })
    .where(eq(issues.id, parentId));
