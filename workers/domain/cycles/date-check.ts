// Whether a cycle's dates would overlap another cycle of the project. Creating or editing a cycle
// does not refuse an overlap; this check only answers.
import { and, eq, sql } from "drizzle-orm";
import { cycles } from "../../../drizzle/schema";
import { parseInput } from "../../lib/validation";
import { projectAccess } from "../access";
import type { ActorContext } from "../context";
import { Invalid } from "../errors";
import { CYCLE_END_BEFORE_START, DateCheckInput } from "../schemas/cycles";

/**
 * POST cycles/date-check/: {"status": false} when [start, end] overlaps (inclusively) another
 * cycle of the project with dates; the cycle being edited (cycle_id) is left out.
 */
export async function checkCycleDates(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  await projectAccess(ctx, slug, projectId);
  const data = parseInput(DateCheckInput, input);
  if (data.end_date < data.start_date) throw Invalid.field("end_date", CYCLE_END_BEFORE_START);
  return { status: await rangeIsFree(ctx, projectId, data.start_date, data.end_date, data.cycle_id ?? null) };
}

/** Whether [start, end] meets no other dated cycle of the project (`exceptId` left out). */
export async function rangeIsFree(ctx: ActorContext, projectId: string, start: string, end: string, exceptId: string | null) {
  const [clash] = await ctx.db
    .select({ id: cycles.id })
    .from(cycles)
    .where(
      and(
        eq(cycles.project_id, projectId),
        sql`${cycles.start_date} <= ${end}`,
        sql`${cycles.end_date} >= ${start}`,
        exceptId ? sql`${cycles.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return !clash;
}
