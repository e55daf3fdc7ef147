// Creating or editing a cycle from the cycle dialog: when both dates are set, the end must not be
// in the past, and the range must be free of the project's other cycles (the cycle being edited
// left out). An overlap refuses the write with one Conflict message, which tells the person to
// drop the dates for a draft. A cycle without dates is saved without any check. The REST create and update stay as they are: they do not refuse overlaps.
import { parseInput } from "../../lib/validation";
import { ROLE, projectAccess } from "../access";
import type { ActorContext } from "../context";
import { todayFor } from "../cycle-status";
import { Conflict } from "../errors";
import { CYCLE_DATES_TAKEN, CreateCycleInput, PutCycleInput } from "../schemas/cycles";
import { createCycle, updateCycle } from "./crud";
import { rangeIsFree } from "./date-check";
import { assertCycleDates } from "./rules";

/**
 * With both dates: the rules every cycle write checks (in order, so a past end is told before an
 * overlap), then the overlap. The caller has checked access.
 */
async function assertDatesFree(
  ctx: ActorContext,
  projectId: string,
  dates: { start_date?: string | null; end_date?: string | null },
  cycleId: string | null,
) {
  const { start_date: start, end_date: end } = dates;
  if (!start || !end) return;
  assertCycleDates(start, end, true, todayFor(ctx));
  if (!(await rangeIsFree(ctx, projectId, start, end, cycleId))) throw new Conflict(CYCLE_DATES_TAKEN);
}

/** Creates a cycle once its dates (when both are set) are in the future and free. */
export async function createCycleIfDatesFree(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(CreateCycleInput, input);
  await assertDatesFree(ctx, projectId, data, null);
  return createCycle(ctx, slug, projectId, data);
}

/** Replaces a cycle's form fields once its dates (when both are set) are in the future and free of other cycles. */
export async function updateCycleIfDatesFree(ctx: ActorContext, slug: string, projectId: string, cycleId: string, input: unknown) {
  await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(PutCycleInput, input);
  await assertDatesFree(ctx, projectId, data, cycleId);
  return updateCycle(ctx, slug, projectId, cycleId, data, { replace: true });
}
