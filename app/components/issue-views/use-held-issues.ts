// The issues the views hold: each group's first pages from the loader, the pages read since, and
// board changes from other tabs and users patching them in place (app/lib/live-board.ts). The
// calendar holds the issues due in the weeks of the month it shows, so the month it is on is kept
// here: moving to another month reads that month's issues.
import { startTransition, useCallback, useMemo, useState } from "react";
import { useLiveIssues } from "~/hooks/use-live-issues";
import { type ViewProps, todayUtc } from "~/lib/issue-display";
import { issueWindowsPath } from "~/lib/paths";
import type { IssueViewsData } from "./model";
import { useStableIssues } from "./stable-data";
import { useIssueWindows } from "./use-issue-windows";
import { calendarDueSpan } from "../../../workers/domain/schemas/issue-windows";

export function useHeldIssues(data: IssueViewsData, props: ViewProps) {
  const [liveTick, setLiveTick] = useState(0);
  // A transition, as the live layer's own update: a batch can arrive while part of the page is
  // still hydrating, and an urgent update would make React drop its server HTML (error 421).
  const onLivePlaced = useCallback(() => startTransition(() => setLiveTick((tick) => tick + 1)), []);
  // The day the calendar is on (its month or week holds it); it opens on today, as the loader read.
  const [calendarDay, setCalendarDay] = useState(todayUtc);
  const calendarMonth = calendarDay.slice(0, 7);
  const due = useMemo(() => (props.issueView === "calendar" ? calendarDueSpan(`${calendarMonth}-01`) : null), [props.issueView, calendarMonth]);
  const windows = useIssueWindows(
    data.windows,
    data.display.filters,
    { ...props, due },
    issueWindowsPath(data.workspaceSlug, data.project.id, data.source),
    liveTick,
  );
  const loaded = useStableIssues(useLiveIssues(windows.held.issues, data.source, data.boardClock, onLivePlaced));
  return { windows, loaded, calendar: { day: calendarDay, setDay: setCalendarDay } };
}
