// Cycles: time-boxed sprints whose status follows from their dates (cycle-status.ts). Listing,
// reading, creating, editing, deleting and starring them.
import { type SQL, and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { cycles, userFavorites } from "../../../drizzle/schema";
import { parseInput } from "../../lib/validation";
import { ROLE, projectAccess } from "../access";
import type { ActorContext } from "../context";
import { type CycleView, todayFor } from "../cycle-status";
import { type OrderKey, type PageRequest, readPage } from "../list-page";
import { removeFavorite, saveFavorite } from "../favorites";
import { cycleEventData, emitEntityEvent } from "../entity-events";
import { deleteGroup } from "../issue-groups/membership";
import { insertWhere } from "../../lib/guarded-insert";
import { Conflict } from "../errors";
import {
  CYCLE_DATES_TAKEN,
  CycleViewParam,
  FavoriteCycleInput,
  PatchCycleInput,
  PutCycleInput,
  createCycleInput,
  cycleDatesInput,
} from "../schemas/cycles";
import { noClashingCycle } from "./date-check";
import { assertEditable, assertOwner } from "./rules";
import { type CycleRow, cycleRows, cycleViews, groupOf, loadCycleRow, publishCycles } from "./views";

const CycleListParams = z.object({ cycle_view: CycleViewParam });

/**
 * A cycle's status in SQL, the same rule as `cycleStatus` (which the responses carry), so a list
 * filtered by status is filtered before its LIMIT: ended before today is completed, a missing
 * date is a draft, starting after today is upcoming, anything else is current.
 */
const statusSql = (today: string) => sql`CASE
  WHEN ${cycles.end_date} IS NOT NULL AND ${cycles.end_date} < ${today} THEN 'completed'
  WHEN ${cycles.start_date} IS NULL OR ${cycles.end_date} IS NULL THEN 'draft'
  WHEN ${cycles.start_date} > ${today} THEN 'upcoming'
  ELSE 'current' END`;

/** The cycles a cycle_view shows, as a condition (none for every cycle). */
function inViewSql(view: CycleView, today: string): SQL | undefined {
  if (view === "all") return undefined;
  if (view === "incomplete") return sql`${statusSql(today)} <> 'completed'`;
  return sql`${statusSql(today)} = ${view}`;
}

// Drafts (no start date) sort after dated cycles; among them the empty text stands for the date.
const CYCLE_ORDER: OrderKey<CycleRow>[] = [
  { by: sql`${userFavorites.id} IS NOT NULL`, dir: "desc", of: (row) => (row.favoriteId !== null ? 1 : 0) },
  { by: cycles.sort_order, dir: "asc", of: (row) => row.cycle.sort_order },
  { by: sql`${cycles.start_date} IS NULL`, dir: "asc", of: (row) => (row.cycle.start_date === null ? 1 : 0) },
  { by: sql`coalesce(${cycles.start_date}, '')`, dir: "asc", of: (row) => row.cycle.start_date ?? "" },
  { by: cycles.name, dir: "asc", of: (row) => row.cycle.name },
  { by: cycles.id, dir: "asc", of: (row) => row.cycle.id },
];

/** GET cycles/?cycle_view=: one page, favourites first, then by sort order, start date (drafts last) and name. */
export async function listCycles(ctx: ActorContext, slug: string, projectId: string, params: Record<string, string | undefined>, page: PageRequest) {
  const access = await projectAccess(ctx, slug, projectId);
  const { cycle_view } = parseInput(CycleListParams, { cycle_view: params.cycle_view || undefined });
  const today = todayFor(ctx);
  const read = await readPage(page, CYCLE_ORDER, (after, orderBy, limit) =>
    cycleRows(ctx)
      .where(and(eq(cycles.project_id, projectId), inViewSql(cycle_view, today), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return { rows: await cycleViews(ctx, access, read.rows, today), next_cursor: read.next_cursor };
}

export async function getCycle(ctx: ActorContext, slug: string, projectId: string, cycleId: string) {
  const access = await projectAccess(ctx, slug, projectId);
  const [view] = await cycleViews(ctx, access, [await loadCycleRow(ctx, projectId, cycleId)]);
  return view;
}

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
