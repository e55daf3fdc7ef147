// The list, spreadsheet, calendar and Gantt layouts: each in its own chunk (the board, the page most open, loads
// none of them), loaded before hydration when the server
// rendered it (see app/lib/preloadable.tsx). The browser entry imports this module so the chunks
// are known before the route modules finish loading.
import { Spinner } from "~/components/ui";
import { preloadable } from "~/lib/preloadable";

function LayoutFallback() {
  return (
    <div className="flex h-full items-center justify-center text-neutral-400">
      <Spinner />
    </div>
  );
}

export const ListLayout = preloadable("issue-views/list", () => import("./list-layout"), <LayoutFallback />);
export const SpreadsheetLayout = preloadable("issue-views/spreadsheet", () => import("./spreadsheet-layout"), <LayoutFallback />);
export const CalendarLayout = preloadable("issue-views/calendar", () => import("./calendar-layout"), <LayoutFallback />);
export const GanttLayout = preloadable("issue-views/gantt", () => import("./gantt-layout"), <LayoutFallback />);
