// Progress of cycles and modules: how many of their issues are in each state group, and the sums
// of their estimate points, for every listed cycle or module in one grouped query.
import { and, eq, sql } from "drizzle-orm";
import { estimatePoints, issues, states } from "../../../drizzle/schema";
import { inList } from "../../lib/batch";
import type { ActorContext } from "../context";
import type { IssueGroupStats } from "../schemas/issue-group-responses";
import { type IssueGroupScope, groupColumn } from "./membership";

/** The groups an issue's state can be in, in the order the counts are shown. */
const STATE_GROUPS = ["backlog", "unstarted", "started", "completed", "cancelled"] as const;
/** The groups whose issues are still to be done: what a cycle transfer moves. */
export const UNFINISHED_GROUPS = ["backlog", "unstarted", "started"] as const;

export type IssueStats = IssueGroupStats;

/**
 * One grouped query for every cycle (or module) of a list: issue counts per state group, and
 * estimate sums, read through the issues_cycle_idx / issues_module_idx index, so it reads only
 * the issues of the listed cycles, once.
 */
export function issueStatsQuery(ctx: ActorContext, scope: IssueGroupScope, ids: string[], estimateId: string | null) {
  const column = groupColumn(scope);
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

/** The stats of each of `ids` from `issueStatsQuery`'s rows (empty ones for those with no issue). */
export function statsByOwner(rows: StatsRow[], ids: string[], hasEstimate: boolean): Map<string, IssueStats> {
  const stats = new Map(ids.map((id) => [id, emptyStats(hasEstimate)]));
  for (const row of rows) {
    const entry = stats.get(row.owner);
    if (!entry) continue;
    const count = Number(row.count);
    const points = Number(row.points);
    entry.total_issues += count;
    const group = STATE_GROUPS.find((name) => name === row.group);
    if (group) entry[`${group}_issues` as const] += count;
    if (hasEstimate) {
      entry.total_estimate_points = (entry.total_estimate_points ?? 0) + points;
      if (row.group === "completed") entry.completed_estimate_points = (entry.completed_estimate_points ?? 0) + points;
    }
  }
  return stats;
}
