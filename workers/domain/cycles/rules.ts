// The rules a cycle write checks. A completed cycle is a record of what was done: it refuses
// edits, deletion and new issues (409), but its unfinished issues may be transferred out.
import { Conflict, Invalid } from "../errors";
import { cycleStatus } from "../cycle-status";
import { projectMemberIds } from "../issue-groups/group-rows";
import type { ActorContext } from "../context";
import { CYCLE_DATES_TOGETHER, CYCLE_END_BEFORE_START, CYCLE_END_IN_PAST } from "../schemas/cycles";
import type { Cycle } from "./views";

export const CYCLE_NOT_EDITABLE = "Completed cycles are not editable.";

/** `today` in the caller's time zone (todayFor). */
export function assertEditable(cycle: Cycle, today: string) {
  if (cycleStatus(cycle, today) === "completed") throw new Conflict(CYCLE_NOT_EDITABLE);
}

/** Both dates or neither; the end not before the start; a changed end not in the past. */
export function assertCycleDates(start: string | null, end: string | null, endChanged: boolean, today: string) {
  if ((start === null) !== (end === null)) {
    throw Invalid.field(start === null ? "start_date" : "end_date", CYCLE_DATES_TOGETHER);
  }
  if (start !== null && end !== null && end < start) throw Invalid.field("end_date", CYCLE_END_BEFORE_START);
  if (endChanged && end !== null && end < today) throw Invalid.field("end_date", CYCLE_END_IN_PAST);
}

/** The owner, when one is named, must be a member of the project. */
export async function assertOwner(ctx: ActorContext, projectId: string, ownerId: string | null | undefined) {
  if (!ownerId) return;
  const members = await projectMemberIds(ctx, projectId, [ownerId]);
  if (!members.has(ownerId)) throw Invalid.field("owned_by", "The owner must be a member of the project.");
}
