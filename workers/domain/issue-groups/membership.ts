// Which cycle and which module an issue is in. Membership lives in the cycle_issues and
// module_issues bridges (the source of truth, one row per issue, so one cycle and one module per
// issue) and in the denormalised issues.cycle_id / module_id (docs/decisions/006-issue-list-reads.md).
// Every change writes both in one D1 batch with an activity row per issue, then tells the board.
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { cycleIssues, cycles, issues, moduleIssues, modules } from "../../../drizzle/schema";
import { chunks, inList, runBatch } from "../../lib/batch";
import { cycleBridgeMove, moduleBridgeMove } from "./bridge-moves";
import type { ProjectAccess } from "../access";
import type { ActorContext } from "../context";
import { Invalid, NotFound } from "../errors";
import { announceToFavoriteOwners, dropFavorites, favoritesOf } from "../favorites";
import { type ActivityChange, activityInsert } from "../issue-activity";
import { publishIssues } from "../issues";
import { issueRowsIn } from "./issue-lists";

export const ISSUE_NOT_IN_PROJECT = "Issue not found in this project.";

export type IssueGroupScope = "cycle" | "module";

/** A cycle or a module, as its issues' bridge rows and activity rows name it. */
export interface IssueGroup {
  scope: IssueGroupScope;
  id: string;
  name: string;
}

/** Tells the board about the groups' current rows (each kind shapes its own). */
export type PublishGroups = (ctx: ActorContext, access: ProjectAccess, ids: string[]) => Promise<unknown>;

const unique = (ids: readonly string[]) => [...new Set(ids)];

export const groupColumn = (scope: IssueGroupScope) => (scope === "cycle" ? issues.cycle_id : issues.module_id);

const activityField = (scope: IssueGroupScope): ActivityChange["field"] => (scope === "cycle" ? "cycles" : "modules");

function bridgeUpsert(ctx: ActorContext, access: ProjectAccess, target: IssueGroup, part: string[]): BatchItem<"sqlite"> {
  const base = (issueId: string) => ({
    workspace_id: access.workspace.id,
    project_id: access.project.id,
    issue_id: issueId,
    created_by: ctx.actor.id,
  });
  // One bridge row per issue (unique issue_id): adding it here moves it from wherever it was.
  if (target.scope === "cycle") {
    return ctx.db
      .insert(cycleIssues)
      .values(part.map((issueId) => ({ ...base(issueId), cycle_id: target.id })))
      .onConflictDoUpdate({ target: cycleIssues.issue_id, set: cycleBridgeMove(target.id, ctx.actor.id) });
  }
  return ctx.db
    .insert(moduleIssues)
    .values(part.map((issueId) => ({ ...base(issueId), module_id: target.id })))
    .onConflictDoUpdate({ target: moduleIssues.issue_id, set: moduleBridgeMove(target.id, ctx.actor.id) });
}

/** A bridge row binds 7 values (+2 for the upsert) and D1 allows 100 per statement. */
const BRIDGE_ROWS_PER_INSERT = 12;

async function groupNames(ctx: ActorContext, scope: IssueGroupScope, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const table = scope === "cycle" ? cycles : modules;
  const rows = await ctx.db.select({ id: table.id, name: table.name }).from(table).where(inList(table.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Puts the issues (ids of this project, checked) into the cycle or module: the bridge rows move,
 * issues.cycle_id/module_id follow and each moved issue gets a "cycles"/"modules" activity, all in
 * one batch. Answers which issues moved and the groups they left.
 */
export async function moveIssuesInto(ctx: ActorContext, access: ProjectAccess, target: IssueGroup, issueIds: string[]) {
  const ids = unique(issueIds);
  const column = groupColumn(target.scope);
  const found = ids.length
    ? await ctx.db
        .select({ id: issues.id, current: sql<string | null>`${column}` })
        .from(issues)
        .where(and(eq(issues.project_id, access.project.id), inList(issues.id, ids)))
    : [];
  if (found.length !== ids.length) throw Invalid.field("issues", ISSUE_NOT_IN_PROJECT);
  const moving = found.filter((issue) => issue.current !== target.id);
  const previous = unique(moving.flatMap((issue) => issue.current ?? []));
  if (moving.length === 0) return { moved: [] as string[], previous };
  const names = await groupNames(ctx, target.scope, previous);
  const now = new Date().toISOString();
  const movingIds = moving.map((issue) => issue.id);
  const patch = target.scope === "cycle" ? { cycle_id: target.id } : { module_id: target.id };
  const statements: BatchItem<"sqlite">[] = [
    ...chunks(movingIds, BRIDGE_ROWS_PER_INSERT).map((part) => bridgeUpsert(ctx, access, target, part)),
    ctx.db
      .update(issues)
      .set({ ...patch, updated_at: now, updated_by: ctx.actor.id })
      .where(and(eq(issues.project_id, access.project.id), inList(issues.id, movingIds))),
    ...moving.map((issue) =>
      activityInsert(
        ctx,
        { issueId: issue.id, projectId: access.project.id, workspaceId: access.workspace.id },
        {
          field: activityField(target.scope),
          old_identifier: issue.current,
          old_value: issue.current ? (names.get(issue.current) ?? null) : null,
          new_identifier: target.id,
          new_value: target.name,
        },
        now,
      ),
    ),
  ];
  await runBatch(ctx.db, statements);
  return { moved: movingIds, previous };
}

/**
 * Takes one issue out of the cycle or module. `bridgeOrIssueId` is the bridge row's id (what the
 * lists answer as bridge_id); the issue's own id is accepted too, as older clients send it.
 */
async function takeIssueOut(ctx: ActorContext, access: ProjectAccess, from: IssueGroup, bridgeOrIssueId: string) {
  const [bridge] =
    from.scope === "cycle"
      ? await ctx.db
          .select({ id: cycleIssues.id, issue_id: cycleIssues.issue_id })
          .from(cycleIssues)
          .where(
            and(
              eq(cycleIssues.cycle_id, from.id),
              sql`(${cycleIssues.id} = ${bridgeOrIssueId} OR ${cycleIssues.issue_id} = ${bridgeOrIssueId})`,
            ),
          )
          .limit(1)
      : await ctx.db
          .select({ id: moduleIssues.id, issue_id: moduleIssues.issue_id })
          .from(moduleIssues)
          .where(
            and(
              eq(moduleIssues.module_id, from.id),
              sql`(${moduleIssues.id} = ${bridgeOrIssueId} OR ${moduleIssues.issue_id} = ${bridgeOrIssueId})`,
            ),
          )
          .limit(1);
  if (!bridge) throw new NotFound(from.scope === "cycle" ? "Cycle issue not found." : "Module issue not found.");
  const now = new Date().toISOString();
  await runBatch(ctx.db, [
    from.scope === "cycle"
      ? ctx.db.delete(cycleIssues).where(eq(cycleIssues.id, bridge.id))
      : ctx.db.delete(moduleIssues).where(eq(moduleIssues.id, bridge.id)),
    ctx.db
      .update(issues)
      .set({ ...(from.scope === "cycle" ? { cycle_id: null } : { module_id: null }), updated_at: now, updated_by: ctx.actor.id })
      .where(and(eq(issues.id, bridge.issue_id), eq(groupColumn(from.scope), from.id))),
    activityInsert(
      ctx,
      { issueId: bridge.issue_id, projectId: access.project.id, workspaceId: access.workspace.id },
      { field: activityField(from.scope), old_identifier: from.id, old_value: from.name, new_identifier: null },
      now,
    ),
  ]);
  return bridge.issue_id;
}

/** Ids of the issues currently in a cycle or module. */
export async function issueIdsIn(ctx: ActorContext, scope: IssueGroupScope, groupId: string) {
  const rows = await ctx.db.select({ id: issues.id }).from(issues).where(eq(groupColumn(scope), groupId));
  return rows.map((row) => row.id);
}

/**
 * Adds issues to the cycle or module (an issue in another one moves here), tells the board about
 * the moved issues and every group they touched, and answers the issues as list rows.
 */
export async function addIssuesToGroup(
  ctx: ActorContext,
  access: ProjectAccess,
  target: IssueGroup,
  issueIds: string[],
  publishGroups: PublishGroups,
) {
  const { moved, previous } = await moveIssuesInto(ctx, access, target, issueIds);
  if (moved.length) {
    await publishIssues(ctx, access, moved);
    await publishGroups(ctx, access, [target.id, ...previous]);
  }
  return issueRowsIn(ctx, access, target, issueIds);
}

/** Takes one issue out of the cycle or module and tells the board about both. */
export async function removeIssueFromGroup(
  ctx: ActorContext,
  access: ProjectAccess,
  from: IssueGroup,
  bridgeOrIssueId: string,
  publishGroups: PublishGroups,
) {
  const issueId = await takeIssueOut(ctx, access, from, bridgeOrIssueId);
  await publishIssues(ctx, access, [issueId]);
  await publishGroups(ctx, access, [from.id]);
}

/**
 * Deletes a cycle or module (`deleteRow`) with its favourites; its issues stay (the bridge rows
 * cascade, issues.cycle_id/module_id are set null by the foreign key), each with an activity
 * saying it left the deleted group, in the same batch.
 */
export async function deleteGroup(ctx: ActorContext, access: ProjectAccess, group: IssueGroup, deleteRow: BatchItem<"sqlite">) {
  const issueIds = await issueIdsIn(ctx, group.scope, group.id);
  const now = new Date().toISOString();
  const results = await runBatch(ctx.db, [
    dropFavorites(ctx, favoritesOf(group.scope, group.id)),
    ...issueIds.map((issueId) =>
      activityInsert(
        ctx,
        { issueId, projectId: access.project.id, workspaceId: access.workspace.id },
        {
          field: activityField(group.scope),
          old_identifier: group.id,
          old_value: group.name,
          new_identifier: null,
          comment: `deleted the ${group.scope}`,
        },
        now,
      ),
    ),
    deleteRow,
  ]);
  announceToFavoriteOwners(ctx, results[0]);
  ctx.effects.publish(access.project.id, { kind: group.scope, op: "delete", id: group.id });
  await publishIssues(ctx, access, issueIds);
}
