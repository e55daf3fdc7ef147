// Reads what a cycle's or module's burndown needs in one D1 round trip, driven by the group's
// bridge rows (cycle_issues_cycle_idx / module_issues_module_idx): each issue's joining time and
// completed_at, and its state changes in order (issue_activities_issue_idx) with whether each new
// state is in the completed group. burndown.ts turns them into the chart.
import { and, asc, eq, sql } from "drizzle-orm";
import { cycleIssues, issueActivities, issues, moduleIssues, states } from "../../../drizzle/schema";
import { runNamedBatch } from "../../lib/batch";
import type { ActorContext } from "../context";
import { todayFor } from "../cycle-status";
import type { Burndown } from "../schemas/issue-group-responses";
import { burndownOf, completionPeriodsOf } from "./burndown";
import type { IssueGroupScope } from "./membership";

export interface BurndownSpan {
  id: string;
  start: string | null;
  end: string | null;
}

/**
 * Whether a span can be charted on `today`: both dates, the end not before the start, and the
 * start not in the future (before it starts there is nothing to burn down).
 */
export function hasChartableSpan(span: BurndownSpan, today: string): span is BurndownSpan & { start: string; end: string } {
  return span.start !== null && span.end !== null && span.end >= span.start && span.start <= today;
}

const bridgeOf = (scope: IssueGroupScope) =>
  scope === "cycle"
    ? { table: cycleIssues, group: cycleIssues.cycle_id, issue: cycleIssues.issue_id, joined: cycleIssues.created_at }
    : { table: moduleIssues, group: moduleIssues.module_id, issue: moduleIssues.issue_id, joined: moduleIssues.created_at };

/** The group's burndown on the caller's calendar, or null when its dates cannot be charted. */
export async function readBurndown(ctx: ActorContext, scope: IssueGroupScope, span: BurndownSpan): Promise<Burndown | null> {
  const today = todayFor(ctx);
  if (!hasChartableSpan(span, today)) return null;
  const bridge = bridgeOf(scope);
  const read = await runNamedBatch(ctx.db, {
    issues: ctx.db
      .select({ id: issues.id, joined: sql<string>`${bridge.joined}`.as("joined"), completed_at: issues.completed_at })
      .from(bridge.table)
      .innerJoin(issues, eq(issues.id, bridge.issue))
      .where(eq(bridge.group, span.id)),
    stateChanges: ctx.db
      .select({
        issue: issueActivities.issue_id,
        at: issueActivities.created_at,
        to: issueActivities.new_identifier,
        completed: sql<number>`${states.group} = 'completed'`.as("completed"),
      })
      .from(bridge.table)
      .innerJoin(issueActivities, and(eq(issueActivities.issue_id, bridge.issue), eq(issueActivities.field, "state")))
      .leftJoin(states, eq(states.id, issueActivities.new_identifier))
      .where(eq(bridge.group, span.id))
      .orderBy(asc(issueActivities.created_at), asc(issueActivities.id)),
  });
  const changes = new Map<string, { at: string; to: string | null }[]>();
  const completedStates = new Set<string>();
  for (const change of read.stateChanges) {
    if (!change.issue) continue;
    if (change.to && Number(change.completed) === 1) completedStates.add(change.to);
    const list = changes.get(change.issue) ?? [];
    list.push({ at: change.at, to: change.to });
    changes.set(change.issue, list);
  }
  return burndownOf({
    start: span.start,
    end: span.end,
    today,
    timeZone: ctx.timeZone,
    issues: read.issues.map((issue) => ({
      added: issue.joined,
      completions: completionPeriodsOf(changes.get(issue.id) ?? [], issue.completed_at, (state) => state !== null && completedStates.has(state)),
    })),
  });
}
