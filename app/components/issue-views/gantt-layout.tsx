// The issue views' Gantt layout, loaded on demand: each issue a row of the generic month Gantt,
// its block from start_date to target_date in its state's colour, opening the issue.
import { useCallback, useContext, useMemo } from "react";
import { ALL_GROUP } from "../../../workers/domain/schemas/issue-windows";
import { type GanttBlock, GanttChart } from "~/components/gantt/gantt-chart";
import { StateGroupIcon } from "~/components/issue-icons";
import { blockSpan } from "~/lib/gantt";
import { stateColor } from "~/lib/issue-display";
import { type ViewIssue, issueKey } from "./model";
import { useViewContext } from "./parts";
import { GroupPagesContext } from "./progressive";

/** `more`: issues follow the last one held; they are read as the rows' end comes into sight. */
export default function GanttLayout({ issues, more = false }: { issues: ViewIssue[]; more?: boolean }) {
  const { identifier, lookups, issuePath } = useViewContext();
  const { loadMore } = useContext(GroupPagesContext);
  const onNearEnd = useCallback(() => loadMore(ALL_GROUP), [loadMore]);
  const blocks = useMemo(
    () =>
      issues.map((issue): GanttBlock => {
        const state = issue.state ? lookups.states.get(issue.state) : undefined;
        const color = stateColor(state);
        const span = blockSpan({ start: issue.start_date, end: issue.target_date, created_at: issue.created_at, updated_at: issue.updated_at });
        return {
          id: issue.id,
          name: issue.name,
          ...span,
          color,
          href: issuePath(issue.id),
          icon: (
            <>
              <StateGroupIcon group={state?.group ?? "backlog"} color={color} size={12} />
              <span className="shrink-0 text-xs text-neutral-500">{issueKey(identifier, issue)}</span>
            </>
          ),
        };
      }),
    [issues, lookups, identifier, issuePath],
  );
  return <GanttChart blocks={blocks} nameHeading="Issues" label="Gantt chart" onNearEnd={more ? onNearEnd : undefined} />;
}
