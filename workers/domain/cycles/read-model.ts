// The reads of cycles: the list (one keyset page, filtered by status in SQL), one cycle, the
// date-check answer, and the detail page's side panel (the cycle with its counts and burndown)
// with the cycles its unfinished issues can be transferred to.
import { type SQL, and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { cycles, userFavorites } from "../../../drizzle/schema";
import { parseInput } from "../../lib/validation";
import { ROLE, projectAccess } from "../access";
import type { ActorContext } from "../context";
import { type CycleStatus, type CycleView, cycleStatus, todayFor } from "../cycle-status";
import { readBurndown } from "../issue-groups/burndown-read";
import { type OrderKey, type PageRequest, readPage } from "../list-page";
import { CycleViewParam, DateCheckInput } from "../schemas/cycles";
import type { CyclePanelData, TransferTarget } from "../schemas/issue-group-responses";
import { LIST_PAGES } from "../schemas/list-pages";
import { clashingCycle } from "./rules";
import { type CycleRow, cycleRows, cycleViews, loadCycleRow } from "./views";

export async function cyclePanelOf(ctx: ActorContext, slug: string, projectId: string, cycleId: string): Promise<CyclePanelData> {
  const access = await projectAccess(ctx, slug, projectId);
  const row = await loadCycleRow(ctx, projectId, cycleId);
  const today = todayFor(ctx);
  const [[cycle], burndown] = await Promise.all([
    cycleViews(ctx, access, [row], today),
    readBurndown(ctx, "cycle", { id: row.cycle.id, start: row.cycle.start_date, end: row.cycle.end_date }),
  ]);
  return { cycle, burndown, canEdit: access.membership.role >= ROLE.member && cycle.status !== "completed" };
}

/** Every cycle of the project that has not ended, but this one. */
export async function transferTargetsOf(ctx: ActorContext, slug: string, projectId: string, cycleId: string): Promise<TransferTarget[]> {
  const open = await listCycles(ctx, slug, projectId, { cycle_view: "incomplete" }, { size: LIST_PAGES.plainListCap });
  return open.rows
    .filter((cycle) => cycle.id !== cycleId)
    .map(({ id, name, status, start_date, end_date }) => ({ id, name, status, start_date, end_date }));
}

export const CycleListParams = z.object({ cycle_view: CycleViewParam });

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

/** Where each status stands in a list: the active cycle first, then what comes, drafts, and the past. */
const STATUS_RANK: Record<CycleStatus, number> = { current: 0, upcoming: 1, draft: 2, completed: 3 };
const statusRankSql = (today: string) =>
  sql`CASE ${statusSql(today)} WHEN 'current' THEN 0 WHEN 'upcoming' THEN 1 WHEN 'draft' THEN 2 ELSE 3 END`;

// Favourites first, then by status (active, upcoming, drafts, completed), sort order and start
// date; drafts have no start date, and the empty text stands for it.
const cycleOrder = (today: string): OrderKey<CycleRow>[] => [
  { by: sql`${userFavorites.id} IS NOT NULL`, dir: "desc", of: (row) => (row.favoriteId !== null ? 1 : 0) },
  { by: statusRankSql(today), dir: "asc", of: (row) => STATUS_RANK[cycleStatus(row.cycle, today) as CycleStatus] },
  { by: cycles.sort_order, dir: "asc", of: (row) => row.cycle.sort_order },
  { by: sql`coalesce(${cycles.start_date}, '')`, dir: "asc", of: (row) => row.cycle.start_date ?? "" },
  { by: cycles.name, dir: "asc", of: (row) => row.cycle.name },
  { by: cycles.id, dir: "asc", of: (row) => row.cycle.id },
];

/** GET cycles/?cycle_view=: one page, favourites first, then active, upcoming, drafts and completed. */
export async function listCycles(ctx: ActorContext, slug: string, projectId: string, params: Record<string, string | undefined>, page: PageRequest) {
  const access = await projectAccess(ctx, slug, projectId);
  const { cycle_view } = parseInput(CycleListParams, { cycle_view: params.cycle_view || undefined });
  const today = todayFor(ctx);
  const read = await readPage(page, cycleOrder(today), (after, orderBy, limit) =>
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
 * POST cycles/date-check/: {"status": false} when [start, end] overlaps (inclusively) another
 * cycle of the project with dates; the cycle being edited (cycle_id) is left out.
 */
export async function checkCycleDates(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  await projectAccess(ctx, slug, projectId);
  const data = parseInput(DateCheckInput, input);
  const [clash] = await clashingCycle(ctx, projectId, data.start_date, data.end_date, data.cycle_id ?? null).limit(1);
  return { status: !clash };
}
