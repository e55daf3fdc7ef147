// The module list's timeline view, loaded on demand: a block per module from its start date to
// its target date in its status colour, opening the module; modules without both dates are listed
// without a block.
import { useMemo } from "react";
import { type GanttBlock, GanttChart } from "~/components/gantt/gantt-chart";
import { dayNumber, moduleStatusColor } from "~/lib/issue-display";
import { moduleIssuesPath } from "~/lib/paths";
import type { ModuleResponse } from "../../../workers/domain/schemas/issue-group-responses";

export default function ModulesTimeline({
  modules,
  workspaceSlug,
  projectId,
}: {
  modules: ModuleResponse[];
  workspaceSlug: string;
  projectId: string;
}) {
  const blocks = useMemo(
    () =>
      modules.map((module): GanttBlock => {
        const start = module.start_date ? dayNumber(module.start_date) : null;
        const end = module.target_date ? dayNumber(module.target_date) : null;
        const dated = start !== null && end !== null;
        const color = moduleStatusColor(module.status);
        return {
          id: module.id,
          name: module.name,
          start: dated ? start : null,
          end: dated ? Math.max(start, end) : null,
          color,
          href: moduleIssuesPath(workspaceSlug, projectId, module.id),
          icon: <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: color }} />,
        };
      }),
    [modules, workspaceSlug, projectId],
  );
  return <GanttChart blocks={blocks} nameHeading="Modules" label="Modules timeline" emptyText="No modules yet." />;
}
