// The rules a cycle write checks beyond its input (the date rules are in the schema,
// schemas/cycles.ts; the overlap is in the write, date-check.ts). A completed cycle is a record
// of what was done: it refuses edits, deletion and new issues (409), but its unfinished issues
// may be transferred out.
import { Conflict, Invalid } from "../errors";
import { cycleStatus } from "../cycle-status";
import { projectMemberIds } from "../issue-groups/group-rows";
import type { ActorContext } from "../context";
import type { Cycle } from "./views";

export const CYCLE_NOT_EDITABLE = "Completed cycles are not editable.";

/** `today` in the caller's time zone (todayFor). */
export function assertEditable(cycle: Cycle, today: string) {
  if (cycleStatus(cycle, today) === "completed") throw new Conflict(CYCLE_NOT_EDITABLE);
}

/** The owner, when one is named, must be a member of the project. */
export async function assertOwner(ctx: ActorContext, projectId: string, ownerId: string | null | undefined) {
  if (!ownerId) return;
  const members = await projectMemberIds(ctx, projectId, [ownerId]);
  if (!members.has(ownerId)) throw Invalid.field("owned_by", "The owner must be a member of the project.");
}
