// The rules a cycle write checks beyond its input (the date rules are in the schema,
// schemas/cycles.ts, so the forms run them too). A completed cycle is a record of what was done:
// it refuses edits, deletion and new issues (409), but its unfinished issues may be transferred
// out. Two cycles of a project may not overlap in dates: `clashingCycle` is that rule as a
// statement piece, which the date-check read asks and the writes put inside the statement that
// writes (insertWhere, or the update's WHERE), so two saves at once cannot both pass.
import { type SQL, type SQLWrapper, and, eq, ne, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { cycles } from "../../../drizzle/schema";
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

/** The project's other cycles, under a name of their own so a write on `cycles` can look at them. */
const other = alias(cycles, "other_cycle");

/** A date, or a column or expression standing for one. */
type DateOperand = string | null | SQLWrapper;

/**
 * A dated cycle of the project, other than `except`, that meets [start, end] (inclusively). With
 * either bound null nothing meets it: a draft overlaps nothing.
 */
export function clashingCycle(ctx: ActorContext, projectId: string, start: DateOperand, end: DateOperand, except: string | SQLWrapper | null) {
  return ctx.db
    .select({ id: other.id })
    .from(other)
    .where(
      and(
        eq(other.project_id, projectId),
        sql`${other.start_date} <= ${end}`,
        sql`${other.end_date} >= ${start}`,
        except === null ? undefined : ne(other.id, except),
      ),
    );
}

/** The guard a cycle write carries: no other cycle of the project meets these dates. */
export function noClashingCycle(ctx: ActorContext, projectId: string, start: DateOperand, end: DateOperand, except: string | SQLWrapper | null): SQL {
  return notExists(clashingCycle(ctx, projectId, start, end, except));
}
