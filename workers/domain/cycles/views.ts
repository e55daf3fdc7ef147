// How a cycle is shown: its row with the owner, the actor's favourite, its progress (issue counts
// per state group, estimate sums) and the assignees of its issues, read for every listed cycle at
// once; and sending those rows to the board.
import { and, asc, eq, sql } from "drizzle-orm";
import { cycles, issueAssignees, issues, userFavorites, users } from "../../../drizzle/schema";
import { inList, runNamedBatch } from "../../lib/batch";
import { pick } from "../../lib/pick";
import type { ProjectAccess } from "../access";
import type { ActorContext } from "../context";
import { type CycleStatus, cycleStatus, todayFor } from "../cycle-status";
import { NotFound } from "../errors";
import { favoriteOf, publishGroupViews } from "../issue-groups/group-rows";
import type { IssueGroup } from "../issue-groups/membership";
import { type IssueStats, emptyStats, issueStatsQuery, statsByOwner } from "../issue-groups/stats";
import type { CycleResponse } from "../schemas/issue-group-responses";
import { type MemberDetail, type MemberRow, memberColumns, memberDetailOf, membersByOwner } from "../serializers";

export const CYCLE_NOT_FOUND = "Cycle not found.";

export type Cycle = typeof cycles.$inferSelect;
export type CycleRow = { cycle: Cycle; owner: MemberRow | null; favoriteId: string | null };

export function cycleOf(row: CycleRow, stats: IssueStats, assignees: MemberDetail[], today: string) {
  const { cycle } = row;
  return {
    ...pick(cycle, ["id", "name", "description", "start_date", "end_date"]),
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
  } satisfies CycleResponse;
}

export type CycleView = ReturnType<typeof cycleOf>;

export const groupOf = (cycle: Cycle): IssueGroup => ({ scope: "cycle", id: cycle.id, name: cycle.name });

export const cycleRows = (ctx: ActorContext) =>
  ctx.db
    .select({ cycle: cycles, owner: memberColumns, favoriteId: userFavorites.id })
    .from(cycles)
    .leftJoin(users, eq(users.id, cycles.owned_by))
    .leftJoin(userFavorites, favoriteOf(ctx, "cycle", cycles.id))
    .$dynamic();

export async function loadCycleRow(ctx: ActorContext, projectId: string, cycleId: string): Promise<CycleRow> {
  const [row] = await cycleRows(ctx)
    .where(and(eq(cycles.id, cycleId), eq(cycles.project_id, projectId)))
    .limit(1);
  if (!row) throw new NotFound(CYCLE_NOT_FOUND);
  return row;
}

/** Counts and assignees for every row in one D1 round trip (one grouped query each), then the views. */
export async function cycleViews(ctx: ActorContext, access: ProjectAccess, rows: CycleRow[], today = todayFor(ctx)) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.cycle.id);
  const estimateId = access.project.estimate_id;
  const read = await runNamedBatch(ctx.db, {
    stats: issueStatsQuery(ctx, "cycle", ids, estimateId),
    // Which people each cycle's issues are assigned to, as one list of ids a cycle (driven from the cycle's
    // issues through issues_cycle_idx, then each issue's bridge rows), and each of those people
    // once: a person on the issues of many cycles is read and sent once.
    assigneeIds: ctx.db
      .select({
        owner: sql<string>`${issues.cycle_id}`.as("owner"),
        people: sql<string>`json_group_array(DISTINCT ${issueAssignees.assignee_id})`.as("people"),
      })
      .from(issues)
      .innerJoin(issueAssignees, eq(issueAssignees.issue_id, issues.id))
      .where(inList(issues.cycle_id, ids))
      .groupBy(issues.cycle_id),
    assignees: ctx.db
      .select(memberColumns)
      .from(users)
      .where(
        sql`${users.id} IN (SELECT ${issueAssignees.assignee_id} FROM ${issueAssignees} INNER JOIN ${issues} ON ${issues.id} = ${issueAssignees.issue_id} WHERE ${inList(issues.cycle_id, ids)})`,
      )
      .orderBy(asc(users.email)),
  });
  const stats = statsByOwner(read.stats, ids, estimateId !== null);
  const assignees = membersByOwner(read.assigneeIds, read.assignees);
  return rows.map((row) =>
    cycleOf(row, stats.get(row.cycle.id) ?? emptyStats(estimateId !== null), assignees.get(row.cycle.id) ?? [], today),
  );
}

/** Sends the cycles' current rows to the project's board. */
export async function publishCycles(ctx: ActorContext, access: ProjectAccess, cycleIds: string[]) {
  const ids = [...new Set(cycleIds)];
  if (ids.length === 0) return [];
  const rows = await cycleRows(ctx).where(and(eq(cycles.project_id, access.project.id), inList(cycles.id, ids)));
  return publishGroupViews(ctx, access, "cycle", await cycleViews(ctx, access, rows));
}
