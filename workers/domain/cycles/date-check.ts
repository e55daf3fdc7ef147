// Two cycles of a project may not overlap in dates. `clashingCycle` is that rule as a statement
// piece: the date-check endpoint reads it to answer, and the cycle writes put it inside the
// statement that writes (insertWhere, or the update's WHERE), so the check and the write are one.
import { type SQL, type SQLWrapper, and, eq, ne, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { cycles } from "../../../drizzle/schema";
import { parseInput } from "../../lib/validation";
import { projectAccess } from "../access";
import type { ActorContext } from "../context";
import { DateCheckInput } from "../schemas/cycles";

/** The project's other cycles, under a name of their own so a write on `cycles` can look at them. */
const other = alias(cycles, "other_cycle");

/** A date, or a column or expression standing for one. */
type DateOperand = string | null | SQLWrapper;

/**
 * A dated cycle of the project, other than `except`, that meets [start, end] (inclusively). With
 * either bound null nothing meets it: a draft overlaps nothing.
 */
function clashingCycle(ctx: ActorContext, projectId: string, start: DateOperand, end: DateOperand, except: string | SQLWrapper | null) {
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

/**
 * POST cycles/date-check/: {"status": false} when [start, end] overlaps (inclusively) another
 * cycle of the project with dates; the cycle being edited (cycle_id) is left out.
 */
export async function checkCycleDates(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  await projectAccess(ctx, slug, projectId);
  const data = parseInput(DateCheckInput, input);
  const [clash] = await clashingCycle(ctx, projectId, data.start_date, data.end_date, data.cycle_id ?? null).limit(1);
  return { status: !clash };
}
