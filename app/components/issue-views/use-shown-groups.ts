// What the views show of the issues held: filtered and sorted by the display, grouped by the
// layout's grouping; where the windows read only part of a group, its group keeps the server's
// count and says more can be read.
import { useMemo, useRef } from "react";
import type { GroupBy, ViewProps } from "~/lib/issue-display";
import { type Lookups, type ViewIssue, filterIssues, groupFrontiers, groupIssues, sortIssues, windowedGroups } from "./model";
import type { HeldWindows } from "./use-issue-windows";

export function useShownGroups(issues: ViewIssue[], props: ViewProps, held: HeldWindows, windowsMatch: boolean, lookups: Lookups) {
  const layout = props.issueView;
  const groupBy: GroupBy | null =
    layout === "kanban" ? (props.groupByProperty ?? "state") : layout === "list" ? props.groupByProperty : null;
  const visible = useMemo(
    () => sortIssues(filterIssues(issues, props.filters, lookups), props.orderBy),
    [issues, props.filters, props.orderBy, lookups],
  );
  // The last issue read of each group, in the held windows' own grouping and order.
  const frontiers = useMemo(
    () => (held.complete ? null : groupFrontiers(held.issues, held.shape.groupBy, held.shape.orderBy, lookups)),
    [held, lookups],
  );
  const windowed = windowsMatch && frontiers !== null;
  const groups = useMemo(() => {
    const local = groupIssues(visible, groupBy, lookups);
    const all = windowed && frontiers ? windowedGroups(local, held, frontiers, props.orderBy) : local;
    return groupBy && !props.showEmptyGroups ? all.filter((group) => group.count > 0) : all;
  }, [visible, groupBy, lookups, props.showEmptyGroups, windowed, frontiers, held, props.orderBy]);
  const total = windowed ? held.total : visible.length;
  // Read by a drop, which may land after a render the handler did not see.
  const latestGroups = useRef(groups);
  latestGroups.current = groups;
  return { layout, groupBy, visible, groups, total, latestGroups };
}
