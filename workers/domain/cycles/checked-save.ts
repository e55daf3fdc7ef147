// Creating or editing a cycle from the cycle dialog: when both dates are set, the end must not be
// in the past, and the range must be free of the project's other cycles (the cycle being edited
// left out). An overlap, or a date check that cannot answer, refuses the write with one Conflict
// message, which tells the person to drop the dates for a draft. A cycle without dates is saved
// without any check. The REST create and update stay as they are: they do not refuse overlaps.
import { parseInput } from "../../lib/validation";
import { ROLE, projectAccess } from "../access";
import type { ActorContext } from "../context";
import { todayFor } from "../cycle-status";
import { Conflict, Invalid } from "../errors";
import { CYCLE_DATES_TAKEN, CYCLE_END_IN_PAST, CreateCycleInput, PutCycleInput } from "../schemas/cycles";
import { createCycle, updateCycle } from "./crud";
import { checkCycleDates } from "./date-check";

async function assertDatesFree(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  dates: { start_date?: string | null; end_date?: string | null },
  cycleId: string | null,
) {
  const { start_date: start, end_date: end } = dates;
  if (!start || !end) return;
  if (end < todayFor(ctx)) throw Invalid.field("end_date", CYCLE_END_IN_PAST);
  let free = false;
  try {
    free = (await checkCycleDates(ctx, slug, projectId, { start_date: start, end_date: end, cycle_id: cycleId })).status;
  } catch {
    // A check that fails counts as a refusal.
    free = false;
  }
  if (!free) throw new Conflict(CYCLE_DATES_TAKEN);
}

/** Creates a cycle once its dates (when both are set) are in the future and free. */
export async function createCycleIfDatesFree(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(CreateCycleInput, input);
  await assertDatesFree(ctx, slug, projectId, data, null);
  return createCycle(ctx, slug, projectId, data);
}

/** Replaces a cycle's form fields once its dates (when both are set) are in the future and free of other cycles. */
export async function updateCycleIfDatesFree(ctx: ActorContext, slug: string, projectId: string, cycleId: string, input: unknown) {
  await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(PutCycleInput, input);
  await assertDatesFree(ctx, slug, projectId, data, cycleId);
  return updateCycle(ctx, slug, projectId, cycleId, data, { replace: true });
}
