// The cycle list's Gantt mode, loaded on demand: a block per dated cycle in its status colour,
// opening the cycle; drafts have no dates, so they are listed without a block.
import { useMemo } from "react";
import { type GanttBlock, GanttChart } from "~/components/gantt/gantt-chart";
import { CYCLE_STATUS_COLORS } from "~/lib/cycle-display";
import { dayNumber } from "~/lib/issue-display";
import { cycleIssuesPath } from "~/lib/paths";
import type { CycleResponse } from "../../../workers/domain/schemas/issue-group-responses";

export default function CyclesGantt({ cycles, workspaceSlug, projectId }: { cycles: CycleResponse[]; workspaceSlug: string; projectId: string }) {
  const blocks = useMemo(
    () =>
      cycles.map((cycle): GanttBlock => {
        const dated = cycle.start_date !== null && cycle.end_date !== null;
        const start = cycle.start_date ? dayNumber(cycle.start_date) : null;
        return {
          id: cycle.id,
          name: cycle.name,
          start: dated ? start : null,
          end: dated && start !== null && cycle.end_date ? Math.max(start, dayNumber(cycle.end_date)) : null,
          color: CYCLE_STATUS_COLORS[cycle.status],
          href: cycleIssuesPath(workspaceSlug, projectId, cycle.id),
          icon: (
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: CYCLE_STATUS_COLORS[cycle.status] }}
            />
          ),
        };
      }),
    [cycles, workspaceSlug, projectId],
  );
  return <GanttChart blocks={blocks} nameHeading="Cycles" label="Cycles timeline" emptyText="No cycles yet." />;
}
