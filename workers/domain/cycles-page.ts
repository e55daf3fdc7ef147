// The cycle list page as one read model: the access check, one tab's cycles (favourites first),
// and on the current tab the active cycle's dashboard: its progress per assignee and per label,
// its urgent and high priority issues, and its burndown.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { issues, states } from "../../drizzle/schema";
import { ROLE, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { todayFor } from "./cycle-status";
import { listCycles } from "./cycles";
import { LIST_PAGES } from "./schemas/list-pages";
import { issueGroupBreakdown } from "./issue-groups/breakdown";
import { readBurndown } from "./issue-groups/burndown-read";
import type { ActiveCycleDashboard, CycleResponse, CycleTab, CyclesPageData, HighPriorityIssue } from "./schemas/issue-group-responses";

/** The urgent and high priority issues of a cycle, urgent first, through issues_cycle_idx. */
async function highPriorityIssues(ctx: ActorContext, cycleId: string): Promise<HighPriorityIssue[]> {
  const rows = await ctx.db
    .select({
      id: issues.id,
      name: issues.name,
      sequence_id: issues.sequence_id,
      priority: issues.priority,
      target_date: issues.target_date,
      stateName: states.name,
      stateColor: states.color,
      stateGroup: states.group,
    })
    .from(issues)
    .leftJoin(states, eq(states.id, issues.state_id))
    .where(and(eq(issues.cycle_id, cycleId), inArray(issues.priority, ["urgent", "high"])))
    .orderBy(sql`${issues.priority} = 'high'`, asc(issues.sequence_id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    sequence_id: row.sequence_id,
    priority: row.priority as HighPriorityIssue["priority"],
    target_date: row.target_date,
    state: row.stateName === null ? null : { name: row.stateName, color: row.stateColor ?? "", group: row.stateGroup ?? "" },
  }));
}

async function dashboardOf(ctx: ActorContext, cycle: CycleResponse): Promise<ActiveCycleDashboard> {
  const [breakdown, highPriority, burndown] = await Promise.all([
    issueGroupBreakdown(ctx, "cycle", cycle.id),
    highPriorityIssues(ctx, cycle.id),
    readBurndown(ctx, "cycle", { id: cycle.id, start: cycle.start_date, end: cycle.end_date }),
  ]);
  return { cycle, breakdown, highPriority, burndown };
}

/** One tab of the project's cycles; on the current tab, with the active cycle's dashboard. */
export async function cyclesPageOf(ctx: ActorContext, slug: string, projectId: string, tab: CycleTab): Promise<CyclesPageData> {
  const access = await projectAccess(ctx, slug, projectId);
  const { rows: cycles } = await listCycles(ctx, slug, projectId, { cycle_view: tab }, { size: LIST_PAGES.plainListCap });
  const current = tab === "current" ? cycles[0] : undefined;
  return {
    project: { id: access.project.id, identifier: access.project.identifier, name: access.project.name },
    canEdit: access.membership.role >= ROLE.member,
    today: todayFor(ctx),
    tab,
    cycles,
    active: current ? await dashboardOf(ctx, current) : null,
  };
}
