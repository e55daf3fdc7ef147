// The read models of a cycle's detail page beside its issues: the side panel (the cycle with its
// counts, and its burndown) and the cycles its unfinished issues can be transferred to.
import { ROLE, projectAccess } from "../access";
import type { ActorContext } from "../context";
import { todayFor } from "../cycle-status";
import { readBurndown } from "../issue-groups/burndown-read";
import type { CyclePanelData, TransferTarget } from "../schemas/issue-group-responses";
import { LIST_PAGES } from "../schemas/list-pages";
import { listCycles } from "./crud";
import { cycleViews, loadCycleRow } from "./views";

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
