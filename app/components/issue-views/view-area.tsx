// What fills the views below their header: the empty state, or the layout (memoised on what it
// shows) with the calendar's and Gantt chart's "load more" bar.
import { memo, useContext } from "react";
import { IconPlus, IconTrash } from "~/components/icons";
import { buttonClass } from "~/components/ui";
import type { ViewProps } from "~/lib/issue-display";
import { SortableList, TRASH_KEY } from "./dnd";
import { KanbanLayout } from "./kanban-layout";
import { CalendarLayout, GanttLayout, ListLayout, SpreadsheetLayout } from "./layout-chunks";
import type { IssueGroup, IssueViewsData, ViewIssue } from "./model";
import { GroupPagesContext } from "./progressive";

export function EmptyState({
  kind,
  canEdit,
  onCreate,
  onAddExisting,
}: {
  kind: IssueViewsData["source"]["kind"];
  canEdit: boolean;
  onCreate(): void;
  onAddExisting?: () => void;
}) {
  const shortcut = (
    <span className="ml-1 rounded border border-white/40 px-1 font-sans text-[10px] font-medium" aria-hidden="true">
      C
    </span>
  );
  if (kind === "project") {
    return (
      <div className="flex h-full flex-col items-center justify-center px-6 py-16 text-center">
        <div className="max-w-md">
          <h2 className="text-lg font-semibold text-neutral-900">Create New Issue</h2>
          <p className="mt-2 text-sm text-neutral-500">
            Issues help you track individual pieces of work. With Issues, keep track of what's going on, who is working on it, and
            what's done.
          </p>
          {canEdit ? (
            <button type="button" onClick={onCreate} className={`${buttonClass("primary")} mt-5`} aria-keyshortcuts="C">
              <IconPlus size={14} />
              New Issue
              {shortcut}
            </button>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <div className="flex h-full flex-col items-center justify-center px-6 py-16 text-center">
      <h2 className="text-lg font-semibold text-neutral-900">You don't have any issue yet.</h2>
      {canEdit ? (
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          <button type="button" onClick={onCreate} className={buttonClass("primary")} aria-keyshortcuts="C">
            <IconPlus size={14} />
            Create a new issue
            {shortcut}
          </button>
          {onAddExisting ? (
            <button type="button" onClick={onAddExisting} className={buttonClass("secondary")}>
              Add an existing issue
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Above the calendar and the Gantt chart when not every issue is read: how many, and a button for more. */
function MoreIssuesBar({ group }: { group: IssueGroup }) {
  const pages = useContext(GroupPagesContext);
  const loading = pages.loading.has(group.key);
  return (
    <div className="flex items-center gap-3 border-b border-neutral-200 bg-neutral-50 px-4 py-1.5 text-xs text-neutral-600 sm:px-6">
      <span>
        Showing {group.issues.length.toLocaleString("en-US")} of {group.count.toLocaleString("en-US")} issues
      </span>
      <button type="button" className={buttonClass("secondary", "sm")} disabled={loading} onClick={() => pages.loadMore(group.key)}>
        {loading ? "Loading..." : "Load more"}
      </button>
    </div>
  );
}

/** The layout area memoised on what it shows: menus and dialogs opening do not re-render 1,000 cards. */
export const LayoutArea = memo(function LayoutArea({
  layout,
  groups,
  grouped,
  visible,
  orderBy,
  dragFrom,
  calendarDay,
  onCalendarDay,
}: {
  layout: ViewProps["issueView"];
  groups: IssueGroup[];
  grouped: boolean;
  visible: ViewIssue[];
  orderBy: ViewProps["orderBy"];
  dragFrom: string | null;
  /** The day the calendar is on, and how it moves (the issues it holds are that month's). */
  calendarDay: string;
  onCalendarDay(day: string): void;
}) {
  if (layout === "kanban") return <KanbanLayout groups={groups} orderBy={orderBy} dragFrom={dragFrom} />;
  // Ungrouped: the one group of every issue, in the view's order.
  if (layout === "spreadsheet" && groups[0]) return <SpreadsheetLayout group={groups[0]} />;
  if (layout === "calendar" || layout === "gantt_chart") {
    // Ungrouped: the one group holds what is shown, up to the last issue read.
    const all = groups[0];
    const shown = all?.issues ?? visible;
    return (
      <>
        {all?.more ? <MoreIssuesBar group={all} /> : null}
        {layout === "calendar" ? <CalendarLayout issues={shown} anchor={calendarDay} onAnchor={onCalendarDay} /> : <GanttLayout issues={shown} more={all?.more ?? false} />}
      </>
    );
  }
  return <ListLayout groups={groups} grouped={grouped} orderBy={orderBy} dragFrom={dragFrom} />;
});

/** Where a dragged card is dropped to delete its issue: shown while a card is dragged. */
export function TrashZone({ shown }: { shown: boolean }) {
  return (
    <SortableList
      groupKey={TRASH_KEY}
      accept
      aria-hidden={shown ? undefined : true}
      className={`fixed top-3 left-1/2 z-40 flex h-16 w-80 -translate-x-1/2 items-center justify-center gap-2 rounded-lg border-2 border-dashed border-red-300 bg-red-50/95 dark:border-red-900 dark:bg-red-950/95 text-sm font-medium text-red-600 dark:text-red-400 shadow-lg [&>[data-issue-id]]:hidden ${
        shown ? "visible" : "invisible"
      }`}
    >
      <IconTrash size={16} />
      <span>Drop here to delete the issue</span>
    </SortableList>
  );
}
