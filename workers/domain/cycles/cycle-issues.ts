// The issues of a cycle: listing them, adding and taking out (one cycle per issue), and handing
// the unfinished ones of a cycle over to another.
import { todayFor } from "../cycle-status";
import { and, eq, inArray } from "drizzle-orm";
import { cycles, issues, states } from "../../../drizzle/schema";
import { parseInput } from "../../lib/validation";
import { ROLE, projectAccess } from "../access";
import type { ActorContext } from "../context";
import { Invalid } from "../errors";
import { listGroupIssues } from "../issue-groups/issue-lists";
import { addIssuesToGroup, moveIssuesInto, removeIssueFromGroup } from "../issue-groups/membership";
import { UNFINISHED_GROUPS } from "../issue-groups/stats";
import { publishIssues } from "../issues";
import { CycleIssuesInput, TransferIssuesInput } from "../schemas/cycles";
import { assertEditable } from "./rules";
import { groupOf, loadCycleRow, publishCycles } from "./views";

export async function listCycleIssues(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  cycleId: string,
  params: Record<string, string | undefined>,
) {
  const access = await projectAccess(ctx, slug, projectId);
  const { cycle } = await loadCycleRow(ctx, projectId, cycleId);
  return await listGroupIssues(ctx, access, groupOf(cycle), params);
}

/** Adds issues to the cycle; an issue in another cycle moves here (one cycle per issue). */
export async function addCycleIssues(ctx: ActorContext, slug: string, projectId: string, cycleId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { issues: issueIds } = parseInput(CycleIssuesInput, input);
  const { cycle } = await loadCycleRow(ctx, projectId, cycleId);
  assertEditable(cycle, todayFor(ctx));
  return addIssuesToGroup(ctx, access, groupOf(cycle), issueIds, publishCycles);
}

export async function removeCycleIssue(ctx: ActorContext, slug: string, projectId: string, cycleId: string, bridgeId: string) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { cycle } = await loadCycleRow(ctx, projectId, cycleId);
  assertEditable(cycle, todayFor(ctx));
  await removeIssueFromGroup(ctx, access, groupOf(cycle), bridgeId, publishCycles);
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
  assertEditable(targetRow, todayFor(ctx));
  const unfinished = await ctx.db
    .select({ id: issues.id })
    .from(issues)
    .innerJoin(states, eq(states.id, issues.state_id))
    .where(and(eq(issues.cycle_id, cycleId), inArray(states.group, [...UNFINISHED_GROUPS])));
  const { moved } = await moveIssuesInto(ctx, access, groupOf(targetRow), unfinished.map((row) => row.id));
  if (moved.length) {
    await publishIssues(ctx, access, moved);
    await publishCycles(ctx, access, [cycleId, new_cycle_id]);
  }
  return { message: "Issues transferred successfully", transferred_issues: moved };
}
