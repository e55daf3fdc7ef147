// The writes of cycles, one command each, called alike by the REST handlers and the page actions:
// creating, editing, deleting and starring. Each owns its access check, every rule (the input's
// date rules in schemas/cycles.ts, the overlap inside the statement from rules.ts) and its events.
import { and, eq } from "drizzle-orm";
import { cycles } from "../../../drizzle/schema";
import { parseInput } from "../../lib/validation";
import { ROLE, projectAccess } from "../access";
import type { ActorContext } from "../context";
import { todayFor } from "../cycle-status";
import { announceRenamedFavorite, removeFavorite, saveFavorite } from "../favorites";
import { cycleEventData, emitEntityEvent } from "../entity-events";
import { deleteGroup } from "../issue-groups/membership";
import { insertWhere } from "../../lib/guarded-insert";
import { Conflict } from "../errors";
import {
  CYCLE_DATES_TAKEN,
  FavoriteCycleInput,
  PatchCycleInput,
  PutCycleInput,
  createCycleInput,
  cycleDatesInput,
} from "../schemas/cycles";
import { assertEditable, assertOwner, noClashingCycle } from "./rules";
import { cycleViews, groupOf, loadCycleRow, publishCycles } from "./views";

/**
 * Creates a cycle. Its dates are held to the date rules, and the insert itself refuses dates that
 * meet another cycle of the project (409), so two creates at once cannot both take them.
 */
export async function createCycle(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(createCycleInput(todayFor(ctx)), input);
  const start = data.start_date ?? null;
  const end = data.end_date ?? null;
  await assertOwner(ctx, projectId, data.owned_by);
  const values = {
    workspace_id: access.workspace.id,
    project_id: projectId,
    name: data.name,
    description: data.description,
    start_date: start,
    end_date: end,
    owned_by: data.owned_by ?? ctx.actor.id,
    ...(data.sort_order !== undefined ? { sort_order: data.sort_order } : {}),
  };
  const [created] = await insertWhere(ctx.db, cycles, values, noClashingCycle(ctx, projectId, start, end, null)).returning();
  if (!created) throw new Conflict(CYCLE_DATES_TAKEN);
  emitEntityEvent(ctx, access.project, "cycle", "created", cycleEventData(created, access.project, access.workspace));
  const [view] = await publishCycles(ctx, access, [created.id]);
  return view;
}

/**
 * Edits a cycle (PATCH, or PUT with `replace`). The merged dates are held to the date rules; when
 * the edit sends a date, the update itself refuses dates that meet another cycle of the project
 * (409). An edit that sends no date leaves the overlap alone.
 */
export async function updateCycle(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  cycleId: string,
  input: unknown,
  { replace = false }: { replace?: boolean } = {},
) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(replace ? PutCycleInput : PatchCycleInput, input);
  const { cycle } = await loadCycleRow(ctx, projectId, cycleId);
  const today = todayFor(ctx);
  assertEditable(cycle, today);
  parseInput(cycleDatesInput({ today, previousEnd: cycle.end_date }), {
    start_date: data.start_date !== undefined ? data.start_date : cycle.start_date,
    end_date: data.end_date !== undefined ? data.end_date : cycle.end_date,
  });
  await assertOwner(ctx, projectId, data.owned_by);
  // The guard reads the dates as the row has them when the statement runs, for any date not sent.
  const datesFree =
    data.start_date !== undefined || data.end_date !== undefined
      ? noClashingCycle(ctx, projectId, data.start_date !== undefined ? data.start_date : cycles.start_date, data.end_date !== undefined ? data.end_date : cycles.end_date, cycles.id)
      : undefined;
  const [updated] = await ctx.db
    .update(cycles)
    .set({ ...data, updated_at: new Date().toISOString() })
    .where(and(eq(cycles.id, cycleId), eq(cycles.project_id, projectId), datesFree))
    .returning();
  if (!updated) {
    // Gone meanwhile (404), or its new dates meet another cycle.
    await loadCycleRow(ctx, projectId, cycleId);
    throw new Conflict(CYCLE_DATES_TAKEN);
  }
  const before = cycleEventData(cycle, access.project, access.workspace);
  emitEntityEvent(ctx, access.project, "cycle", "updated", cycleEventData(updated, access.project, access.workspace), before);
  await announceRenamedFavorite(ctx, "cycle", cycleId, updated.name !== cycle.name);
  const [view] = await publishCycles(ctx, access, [cycleId]);
  return view;
}

/** The cycle goes; its issues stay. */
export async function deleteCycle(ctx: ActorContext, slug: string, projectId: string, cycleId: string) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { cycle } = await loadCycleRow(ctx, projectId, cycleId);
  assertEditable(cycle, todayFor(ctx));
  await deleteGroup(ctx, access, groupOf(cycle), ctx.db.delete(cycles).where(and(eq(cycles.id, cycleId), eq(cycles.project_id, projectId))));
  emitEntityEvent(ctx, access.project, "cycle", "deleted", cycleEventData(cycle, access.project, access.workspace));
}

export async function addFavoriteCycle(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId);
  const { cycle: cycleId } = parseInput(FavoriteCycleInput, input);
  await loadCycleRow(ctx, projectId, cycleId);
  await saveFavorite(ctx, access, "cycle", cycleId);
  const row = await loadCycleRow(ctx, projectId, cycleId);
  const [view] = await cycleViews(ctx, access, [row]);
  return { id: row.favoriteId, cycle: cycleId, cycle_detail: view, project: projectId };
}

export async function removeFavoriteCycle(ctx: ActorContext, slug: string, projectId: string, cycleId: string) {
  await projectAccess(ctx, slug, projectId);
  await removeFavorite(ctx, projectId, "cycle", cycleId);
}
