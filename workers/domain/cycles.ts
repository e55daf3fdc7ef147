// Cycles (spec 001 sections 3-9, design.md section 4 "Cycles" and "One cycle and one module per
// issue"): time-boxed sprints whose status follows from their dates (cycle-status.ts). A completed
// cycle is a record of what was done: it refuses edits, deletion and new issues (409), but its
// unfinished issues may be transferred out.
//
// Issue membership lives in the cycle_issues bridge (the source of truth) and in the denormalised
// issues.cycle_id (docs/decisions/006-issue-list-reads.md); every write changes both in the same
// D1 batch with an activity row per issue. The helpers shared with modules.ts (state-group counts,
// moving issues into a cycle or module, bridge ids on issue lists) live here too.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import {
  cycleIssues,
  cycles,
  estimatePoints,
  issueAssignees,
  issues,
  moduleIssues,
  modules,
  projectMembers,
  states,
  userFavorites,
  users,
  type FavoriteKind,
  type User,
} from "../../drizzle/schema";
import { chunks, runBatch } from "../lib/batch";
import { parseInput } from "../lib/validation";
import { ROLE, type ProjectAccess, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { type CycleStatus, cycleInView, cycleStatus, todayUtc } from "./cycle-status";
import { Conflict, Invalid, NotFound } from "./errors";
import { removeFavorite, saveFavorite } from "./favorites";
import { activityInsert } from "./issue-activity";
import { inList, parseIssueListQuery } from "./issue-query";
import { listIssuesWithAccess, publishIssues } from "./issues";
import { issueRowOf, loadProjectLookups, type IssueRow } from "./issue-views";
import {
  CYCLE_DATES_TOGETHER,
  CYCLE_END_BEFORE_START,
  CYCLE_END_IN_PAST,
  CreateCycleInput,
  CycleIssuesInput,
  CycleViewParam,
  DateCheckInput,
  FavoriteCycleInput,
  PatchCycleInput,
  PutCycleInput,
  TransferIssuesInput,
} from "./schemas/cycles";
import { type MemberDetail, memberDetailOf } from "./serializers";

export const CYCLE_NOT_FOUND = "Cycle not found.";
export const CYCLE_ISSUE_NOT_FOUND = "Cycle issue not found.";
export const CYCLE_NOT_EDITABLE = "Completed cycles are not editable.";
export const ISSUE_NOT_IN_PROJECT = "Issue not found in this project.";

type Cycle = typeof cycles.$inferSelect;
const unique = (ids: readonly string[]) => [...new Set(ids)];

// ================================================================ shared with modules.ts

/** The groups an issue's state can be in, in the order the counts are shown. */
const GROUPS = ["backlog", "unstarted", "started", "completed", "cancelled"] as const;
/** The groups whose issues are still to be done: what a transfer moves. */
export const UNFINISHED_GROUPS = ["backlog", "unstarted", "started"] as const;

export type IssueScope = "cycle" | "module";

export interface IssueStats {
  total_issues: number;
  backlog_issues: number;
  unstarted_issues: number;
  started_issues: number;
  completed_issues: number;
  cancelled_issues: number;
  /** Sums of the numeric values of the project's estimate points; null without an estimate. */
  total_estimate_points: number | null;
  completed_estimate_points: number | null;
}

const scopeColumn = (scope: IssueScope) => (scope === "cycle" ? issues.cycle_id : issues.module_id);

/**
 * One grouped query for every cycle (or module) of a list: issue counts per state group, and
 * estimate sums, read through the issues_cycle_idx / issues_module_idx index, so it reads only
 * the issues of the listed cycles, once.
 */
export function issueStatsQuery(ctx: ActorContext, scope: IssueScope, ids: string[], estimateId: string | null) {
  const column = scopeColumn(scope);
  const points = estimateId
    ? sql<number>`coalesce(sum(cast(${estimatePoints.value} as real)), 0)`.as("points")
    : sql<number>`0`.as("points");
  const query = ctx.db
    .select({
      owner: sql<string>`${column}`.as("owner"),
      group: sql<string | null>`${states.group}`.as("state_group"),
      count: sql<number>`count(*)`.as("issue_count"),
      points,
    })
    .from(issues)
    .leftJoin(states, eq(states.id, issues.state_id))
    .$dynamic();
  const joined = estimateId
    ? query.leftJoin(estimatePoints, and(eq(estimatePoints.estimate_id, estimateId), eq(estimatePoints.key, issues.estimate_point)))
    : query;
  return joined.where(inList(column, ids)).groupBy(column, states.group);
}

type StatsRow = { owner: string; group: string | null; count: number; points: number };

export function emptyStats(hasEstimate: boolean): IssueStats {
  return {
    total_issues: 0,
    backlog_issues: 0,
    unstarted_issues: 0,
    started_issues: 0,
    completed_issues: 0,
    cancelled_issues: 0,
    total_estimate_points: hasEstimate ? 0 : null,
    completed_estimate_points: hasEstimate ? 0 : null,
  };
}

export function statsByOwner(rows: StatsRow[], ids: string[], hasEstimate: boolean): Map<string, IssueStats> {
  const stats = new Map(ids.map((id) => [id, emptyStats(hasEstimate)]));
  for (const row of rows) {
    const entry = stats.get(row.owner);
    if (!entry) continue;
    const count = Number(row.count);
    const points = Number(row.points);
    entry.total_issues += count;
    const group = GROUPS.find((name) => name === row.group);
    if (group) entry[`${group}_issues` as const] += count;
    if (hasEstimate) {
      entry.total_estimate_points = (entry.total_estimate_points ?? 0) + points;
      if (row.group === "completed") entry.completed_estimate_points = (entry.completed_estimate_points ?? 0) + points;
    }
  }
  return stats;
}

/** Is there a user favourite of this kind for the actor? (a left join condition) */
export const favoriteOf = (ctx: ActorContext, kind: FavoriteKind, entityId: AnySQLiteColumn) =>
  and(eq(userFavorites.user_id, ctx.actor.id), eq(userFavorites.entity_type, kind), eq(userFavorites.entity_id, entityId));

export interface IssueContainer {
  scope: IssueScope;
  id: string;
  name: string;
}

function bridgeUpsert(ctx: ActorContext, access: ProjectAccess, target: IssueContainer, part: string[]): BatchItem<"sqlite"> {
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
      .onConflictDoUpdate({ target: cycleIssues.issue_id, set: { cycle_id: target.id, created_by: ctx.actor.id } });
  }
  return ctx.db
    .insert(moduleIssues)
    .values(part.map((issueId) => ({ ...base(issueId), module_id: target.id })))
    .onConflictDoUpdate({ target: moduleIssues.issue_id, set: { module_id: target.id, created_by: ctx.actor.id } });
}

/** A bridge row binds 7 values (+2 for the upsert) and D1 allows 100 per statement. */
const BRIDGE_ROWS_PER_INSERT = 12;

async function containerNames(ctx: ActorContext, scope: IssueScope, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const table = scope === "cycle" ? cycles : modules;
  const rows = await ctx.db.select({ id: table.id, name: table.name }).from(table).where(inList(table.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Puts the issues (ids of this project, checked) into the cycle or module: the bridge rows move,
 * issues.cycle_id/module_id follow and each moved issue gets a "cycles"/"modules" activity, all in
 * one batch. Answers which issues moved and the containers they left.
 */
export async function moveIssuesInto(ctx: ActorContext, access: ProjectAccess, target: IssueContainer, issueIds: string[]) {
  const ids = unique(issueIds);
  const column = scopeColumn(target.scope);
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
  const names = await containerNames(ctx, target.scope, previous);
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
          field: target.scope === "cycle" ? "cycles" : "modules",
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
export async function removeIssueFrom(ctx: ActorContext, access: ProjectAccess, from: IssueContainer, bridgeOrIssueId: string) {
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
  if (!bridge) throw new NotFound(from.scope === "cycle" ? CYCLE_ISSUE_NOT_FOUND : "Module issue not found.");
  const now = new Date().toISOString();
  const column = scopeColumn(from.scope);
  await runBatch(ctx.db, [
    from.scope === "cycle"
      ? ctx.db.delete(cycleIssues).where(eq(cycleIssues.id, bridge.id))
      : ctx.db.delete(moduleIssues).where(eq(moduleIssues.id, bridge.id)),
    ctx.db
      .update(issues)
      .set({ ...(from.scope === "cycle" ? { cycle_id: null } : { module_id: null }), updated_at: now, updated_by: ctx.actor.id })
      .where(and(eq(issues.id, bridge.issue_id), eq(column, from.id))),
    activityInsert(
      ctx,
      { issueId: bridge.issue_id, projectId: access.project.id, workspaceId: access.workspace.id },
      { field: from.scope === "cycle" ? "cycles" : "modules", old_identifier: from.id, old_value: from.name, new_identifier: null },
      now,
    ),
  ]);
  return bridge.issue_id;
}

/** Activity rows saying each issue left a cycle/module that is being deleted (run in the delete's batch). */
export function containerDeletedActivities(ctx: ActorContext, access: ProjectAccess, from: IssueContainer, issueIds: string[]) {
  const now = new Date().toISOString();
  return issueIds.map((issueId) =>
    activityInsert(
      ctx,
      { issueId, projectId: access.project.id, workspaceId: access.workspace.id },
      {
        field: from.scope === "cycle" ? "cycles" : "modules",
        old_identifier: from.id,
        old_value: from.name,
        new_identifier: null,
        comment: `deleted the ${from.scope}`,
      },
      now,
    ),
  );
}

type ListResult = IssueRow[] | Record<string, IssueRow[]> | { results: IssueRow[] | Record<string, IssueRow[]>; next_cursor: string | null };
export type IssueRowWithBridge = IssueRow & { bridge_id: string | null };

async function bridgeIdsOf(ctx: ActorContext, scope: IssueScope, containerId: string, issueIds: string[]) {
  if (issueIds.length === 0) return new Map<string, string>();
  const rows =
    scope === "cycle"
      ? await ctx.db
          .select({ id: cycleIssues.id, issue_id: cycleIssues.issue_id })
          .from(cycleIssues)
          .where(and(eq(cycleIssues.cycle_id, containerId), inList(cycleIssues.issue_id, issueIds)))
      : await ctx.db
          .select({ id: moduleIssues.id, issue_id: moduleIssues.issue_id })
          .from(moduleIssues)
          .where(and(eq(moduleIssues.module_id, containerId), inList(moduleIssues.issue_id, issueIds)));
  return new Map(rows.map((row) => [row.issue_id, row.id]));
}

/** The issue list of a cycle or module (the project list's query parameters), each row with its bridge_id. */
export async function listContainerIssues(
  ctx: ActorContext,
  access: ProjectAccess,
  container: IssueContainer,
  params: Record<string, string | undefined>,
) {
  const query = parseIssueListQuery(params);
  const scope = container.scope === "cycle" ? { cycleId: container.id } : { moduleId: container.id };
  const result = (await listIssuesWithAccess(ctx, access, query, scope)) as ListResult;
  const paged = query.per_page !== undefined;
  const body = paged ? (result as { results: IssueRow[] | Record<string, IssueRow[]> }).results : (result as IssueRow[] | Record<string, IssueRow[]>);
  const rows = Array.isArray(body) ? body : Object.values(body).flat();
  const bridges = await bridgeIdsOf(ctx, container.scope, container.id, unique(rows.map((row) => row.id)));
  const tag = (row: IssueRow): IssueRowWithBridge => ({ ...row, bridge_id: bridges.get(row.id) ?? null });
  const tagged = Array.isArray(body)
    ? body.map(tag)
    : Object.fromEntries(Object.entries(body).map(([key, group]) => [key, group.map(tag)]));
  return paged ? { results: tagged, next_cursor: (result as { next_cursor: string | null }).next_cursor } : tagged;
}

/** The given issues as list rows with their bridge ids (what adding issues answers with). */
export async function issueRowsIn(ctx: ActorContext, access: ProjectAccess, container: IssueContainer, issueIds: string[]) {
  const ids = unique(issueIds);
  const rows = ids.length ? await ctx.db.select().from(issues).where(and(eq(issues.project_id, access.project.id), inList(issues.id, ids))) : [];
  const [lookups, bridges] = await Promise.all([
    loadProjectLookups(ctx.db, access.project, access.workspace, rows.flatMap((row) => row.parent_id ?? [])),
    bridgeIdsOf(ctx, container.scope, container.id, ids),
  ]);
  const order = new Map(ids.map((id, index) => [id, index]));
  return rows
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((row): IssueRowWithBridge => ({ ...issueRowOf(row, lookups), bridge_id: bridges.get(row.id) ?? null }));
}

/** Ids of the issues currently in a cycle or module (before it is deleted). */
export async function issueIdsIn(ctx: ActorContext, scope: IssueScope, containerId: string) {
  const rows = await ctx.db.select({ id: issues.id }).from(issues).where(eq(scopeColumn(scope), containerId));
  return rows.map((row) => row.id);
}

/** Which of `userIds` are members of the project. */
export async function projectMemberIds(ctx: ActorContext, projectId: string, userIds: string[]) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await ctx.db
    .select({ id: projectMembers.member_id })
    .from(projectMembers)
    .where(and(eq(projectMembers.project_id, projectId), inList(projectMembers.member_id, userIds)));
  return new Set(rows.map((row) => row.id));
}

// ================================================================ cycle views

type CycleRow = { cycle: Cycle; owner: User | null; favoriteId: string | null };

export function cycleOf(row: CycleRow, stats: IssueStats, assignees: MemberDetail[], today = todayUtc()) {
  const { cycle } = row;
  return {
    id: cycle.id,
    name: cycle.name,
    description: cycle.description,
    start_date: cycle.start_date,
    end_date: cycle.end_date,
    status: cycleStatus(cycle, today) as CycleStatus,
    project: cycle.project_id,
    workspace: cycle.workspace_id,
    owned_by: cycle.owned_by,
    owned_by_detail: row.owner ? memberDetailOf(row.owner) : null,
    assignees,
    is_favorite: row.favoriteId !== null,
    sort_order: cycle.sort_order,
    view_props: cycle.view_props ?? {},
    ...stats,
    created_at: cycle.created_at,
    updated_at: cycle.updated_at,
  };
}

export type CycleView = ReturnType<typeof cycleOf>;

const cycleRows = (ctx: ActorContext) =>
  ctx.db
    .select({ cycle: cycles, owner: users, favoriteId: userFavorites.id })
    .from(cycles)
    .leftJoin(users, eq(users.id, cycles.owned_by))
    .leftJoin(userFavorites, favoriteOf(ctx, "cycle", cycles.id))
    .$dynamic();

async function loadCycleRow(ctx: ActorContext, projectId: string, cycleId: string): Promise<CycleRow> {
  const [row] = await cycleRows(ctx)
    .where(and(eq(cycles.id, cycleId), eq(cycles.project_id, projectId)))
    .limit(1);
  if (!row) throw new NotFound(CYCLE_NOT_FOUND);
  return row;
}

/** Counts and assignees for every row in one D1 round trip (one grouped query each), then the views. */
async function cycleViews(ctx: ActorContext, access: ProjectAccess, rows: CycleRow[], today = todayUtc()) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.cycle.id);
  const estimateId = access.project.estimate_id;
  const [statRows, assigneeRows] = await ctx.db.batch([
    issueStatsQuery(ctx, "cycle", ids, estimateId),
    ctx.db
      .selectDistinct({
        owner: sql<string>`${issues.cycle_id}`.as("owner"),
        id: users.id,
        email: users.email,
        first_name: users.first_name,
        last_name: users.last_name,
        display_name: users.display_name,
        avatar: users.avatar,
        is_bot: users.is_bot,
      })
      // Driven from the cycle's issues (issues_cycle_idx), then each issue's bridge rows
      // (issue_assignees_uq): never a scan of the project's assignments.
      .from(issues)
      .innerJoin(issueAssignees, eq(issueAssignees.issue_id, issues.id))
      .innerJoin(users, eq(users.id, issueAssignees.assignee_id))
      .where(inList(issues.cycle_id, ids))
      .orderBy(asc(users.email)),
  ]);
  const stats = statsByOwner(statRows as StatsRow[], ids, estimateId !== null);
  const assignees = new Map<string, MemberDetail[]>();
  for (const { owner, ...user } of assigneeRows) {
    const list = assignees.get(owner) ?? [];
    list.push(memberDetailOf({ ...user, is_bot: Boolean(user.is_bot) }));
    assignees.set(owner, list);
  }
  return rows.map((row) =>
    cycleOf(row, stats.get(row.cycle.id) ?? emptyStats(estimateId !== null), assignees.get(row.cycle.id) ?? [], today),
  );
}

/** Sends the cycles' current rows to the project's board (is_favorite is the actor's own, so it stays out). */
async function publishCycles(ctx: ActorContext, access: ProjectAccess, cycleIds: string[]) {
  const ids = unique(cycleIds);
  if (ids.length === 0) return [];
  const rows = await cycleRows(ctx).where(and(eq(cycles.project_id, access.project.id), inList(cycles.id, ids)));
  const views = await cycleViews(ctx, access, rows);
  for (const { is_favorite: _mine, ...row } of views) {
    ctx.effects.publish(access.project.id, { kind: "cycle", op: "upsert", id: row.id, row });
  }
  return views;
}

const assertEditable = (cycle: Cycle, today = todayUtc()) => {
  if (cycleStatus(cycle, today) === "completed") throw new Conflict(CYCLE_NOT_EDITABLE);
};

const containerOf = (cycle: Cycle): IssueContainer => ({ scope: "cycle", id: cycle.id, name: cycle.name });

/** Both dates or neither; the end not before the start; a changed end not in the past. */
function assertCycleDates(start: string | null, end: string | null, endChanged: boolean, today = todayUtc()) {
  if ((start === null) !== (end === null)) {
    throw Invalid.field(start === null ? "start_date" : "end_date", CYCLE_DATES_TOGETHER);
  }
  if (start !== null && end !== null && end < start) throw Invalid.field("end_date", CYCLE_END_BEFORE_START);
  if (endChanged && end !== null && end < today) throw Invalid.field("end_date", CYCLE_END_IN_PAST);
}

async function assertOwner(ctx: ActorContext, projectId: string, ownerId: string | null | undefined) {
  if (!ownerId) return;
  const members = await projectMemberIds(ctx, projectId, [ownerId]);
  if (!members.has(ownerId)) throw Invalid.field("owned_by", "The owner must be a member of the project.");
}

// ================================================================ cycles

const CycleListParams = z.object({ cycle_view: CycleViewParam });

/** GET cycles/?cycle_view=: favourites first, then by sort order, start date (drafts last) and name. */
export async function listCycles(ctx: ActorContext, slug: string, projectId: string, params: Record<string, string | undefined>) {
  const access = await projectAccess(ctx, slug, projectId);
  const { cycle_view } = parseInput(CycleListParams, { cycle_view: params.cycle_view || undefined });
  const rows = await cycleRows(ctx)
    .where(eq(cycles.project_id, projectId))
    .orderBy(
      desc(sql`${userFavorites.id} IS NOT NULL`),
      asc(cycles.sort_order),
      asc(sql`${cycles.start_date} IS NULL`),
      asc(cycles.start_date),
      asc(cycles.name),
      asc(cycles.id),
    );
  const today = todayUtc();
  return cycleViews(
    ctx,
    access,
    rows.filter((row) => cycleInView(cycleStatus(row.cycle, today), cycle_view)),
    today,
  );
}

export async function getCycle(ctx: ActorContext, slug: string, projectId: string, cycleId: string) {
  const access = await projectAccess(ctx, slug, projectId);
  const [view] = await cycleViews(ctx, access, [await loadCycleRow(ctx, projectId, cycleId)]);
  return view;
}

export async function createCycle(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(CreateCycleInput, input);
  const start = data.start_date ?? null;
  const end = data.end_date ?? null;
  assertCycleDates(start, end, true);
  await assertOwner(ctx, projectId, data.owned_by);
  const [created] = await ctx.db
    .insert(cycles)
    .values({
      workspace_id: access.workspace.id,
      project_id: projectId,
      name: data.name,
      description: data.description,
      start_date: start,
      end_date: end,
      owned_by: data.owned_by ?? ctx.actor.id,
      ...(data.sort_order !== undefined ? { sort_order: data.sort_order } : {}),
    })
    .returning();
  const [view] = await publishCycles(ctx, access, [created.id]);
  return view;
}

export async function updateCycle(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  cycleId: string,
  input: unknown,
  { replace = false }: { replace?: boolean } = {},
) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(replace ? PutCycleInput : PatchCycleInput, input);
  const { cycle } = await loadCycleRow(ctx, projectId, cycleId);
  assertEditable(cycle);
  const start = data.start_date !== undefined ? data.start_date : cycle.start_date;
  const end = data.end_date !== undefined ? data.end_date : cycle.end_date;
  assertCycleDates(start, end, end !== cycle.end_date);
  await assertOwner(ctx, projectId, data.owned_by);
  await ctx.db
    .update(cycles)
    .set({ ...data, updated_at: new Date().toISOString() })
    .where(and(eq(cycles.id, cycleId), eq(cycles.project_id, projectId)));
  const [view] = await publishCycles(ctx, access, [cycleId]);
  return view;
}

/** The cycle goes; its issues stay (cycle_issues cascade, issues.cycle_id is set null by the FK). */
export async function deleteCycle(ctx: ActorContext, slug: string, projectId: string, cycleId: string) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { cycle } = await loadCycleRow(ctx, projectId, cycleId);
  assertEditable(cycle);
  const issueIds = await issueIdsIn(ctx, "cycle", cycleId);
  await runBatch(ctx.db, [
    ...containerDeletedActivities(ctx, access, containerOf(cycle), issueIds),
    ctx.db.delete(userFavorites).where(and(eq(userFavorites.entity_type, "cycle"), eq(userFavorites.entity_id, cycleId))),
    ctx.db.delete(cycles).where(and(eq(cycles.id, cycleId), eq(cycles.project_id, projectId))),
  ]);
  ctx.effects.publish(projectId, { kind: "cycle", op: "delete", id: cycleId });
  await publishIssues(ctx, access, issueIds);
}

/**
 * POST cycles/date-check/: {"status": false} when [start, end] overlaps (inclusively) another
 * cycle of the project with dates; the cycle being edited (cycle_id) is left out.
 */
export async function checkCycleDates(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  await projectAccess(ctx, slug, projectId);
  const data = parseInput(DateCheckInput, input);
  if (data.end_date < data.start_date) throw Invalid.field("end_date", CYCLE_END_BEFORE_START);
  const [clash] = await ctx.db
    .select({ id: cycles.id })
    .from(cycles)
    .where(
      and(
        eq(cycles.project_id, projectId),
        sql`${cycles.start_date} <= ${data.end_date}`,
        sql`${cycles.end_date} >= ${data.start_date}`,
        data.cycle_id ? sql`${cycles.id} <> ${data.cycle_id}` : undefined,
      ),
    )
    .limit(1);
  return { status: !clash };
}

// ---------------------------------------------------------------- cycle issues

export async function listCycleIssues(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  cycleId: string,
  params: Record<string, string | undefined>,
) {
  const access = await projectAccess(ctx, slug, projectId);
  const { cycle } = await loadCycleRow(ctx, projectId, cycleId);
  return await listContainerIssues(ctx, access, containerOf(cycle), params);
}

/** Adds issues to the cycle; an issue in another cycle moves here (one cycle per issue). */
export async function addCycleIssues(ctx: ActorContext, slug: string, projectId: string, cycleId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { issues: issueIds } = parseInput(CycleIssuesInput, input);
  const { cycle } = await loadCycleRow(ctx, projectId, cycleId);
  assertEditable(cycle);
  const target = containerOf(cycle);
  const { moved, previous } = await moveIssuesInto(ctx, access, target, issueIds);
  if (moved.length) {
    await publishIssues(ctx, access, moved);
    await publishCycles(ctx, access, [cycleId, ...previous]);
  }
  return issueRowsIn(ctx, access, target, issueIds);
}

export async function removeCycleIssue(ctx: ActorContext, slug: string, projectId: string, cycleId: string, bridgeId: string) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { cycle } = await loadCycleRow(ctx, projectId, cycleId);
  assertEditable(cycle);
  const issueId = await removeIssueFrom(ctx, access, containerOf(cycle), bridgeId);
  await publishIssues(ctx, access, [issueId]);
  await publishCycles(ctx, access, [cycleId]);
}

/**
 * Moves the cycle's unfinished issues (backlog, unstarted and started groups) to another cycle of
 * the project that has not ended. Completed and cancelled issues stay where they were done. The
 * source may be completed: this is how a finished sprint hands over what is left.
 */
export async function transferCycleIssues(ctx: ActorContext, slug: string, projectId: string, cycleId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { new_cycle_id } = parseInput(TransferIssuesInput, input);
  await loadCycleRow(ctx, projectId, cycleId);
  if (new_cycle_id === cycleId) throw Invalid.field("new_cycle_id", "Choose another cycle to transfer the issues to.");
  const [targetRow] = await ctx.db
    .select()
    .from(cycles)
    .where(and(eq(cycles.id, new_cycle_id), eq(cycles.project_id, projectId)))
    .limit(1);
  if (!targetRow) throw Invalid.field("new_cycle_id", "Cycle not found in this project.");
  assertEditable(targetRow);
  const unfinished = await ctx.db
    .select({ id: issues.id })
    .from(issues)
    .innerJoin(states, eq(states.id, issues.state_id))
    .where(and(eq(issues.cycle_id, cycleId), inArray(states.group, [...UNFINISHED_GROUPS])));
  const { moved } = await moveIssuesInto(ctx, access, containerOf(targetRow), unfinished.map((row) => row.id));
  if (moved.length) {
    await publishIssues(ctx, access, moved);
    await publishCycles(ctx, access, [cycleId, new_cycle_id]);
  }
  return { message: "Issues transferred successfully", transferred_issues: moved };
}

// ---------------------------------------------------------------- favourites

export async function addFavoriteCycle(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId);
  const { cycle: cycleId } = parseInput(FavoriteCycleInput, input);
  await loadCycleRow(ctx, projectId, cycleId);
  await saveFavorite(ctx, access, "cycle", cycleId);
  const row = await loadCycleRow(ctx, projectId, cycleId);
  const [view] = await cycleViews(ctx, access, [row]);
  return { id: row.favoriteId, cycle: cycleId, cycle_detail: view, project: projectId };
}

export async function removeFavoriteCycle(ctx: ActorContext, slug: string, projectId: string, cycleId: string) {
  await projectAccess(ctx, slug, projectId);
  await removeFavorite(ctx, projectId, "cycle", cycleId);
}
