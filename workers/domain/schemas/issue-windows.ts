// Issue lists read as windows: every group's count, and only the first page of each group, with a
// cursor to read the group's next page as the reader scrolls to it. Client-safe and zod-free: the
// issue views and the domain share the group keys, the page sizes and the shapes below.
import type { ViewProps } from "./view-props";
import type { ViewIssue } from "./responses";
import { dateOfDay, monthGridDays } from "./dates";

export type WindowGroupBy = ViewProps["groupByProperty"];

/** How many issues of each group a board read over REST returns unless told, and each "more" after it. */
export const ISSUE_WINDOW_FIRST_PAGE = 25;
export const ISSUE_WINDOW_NEXT_PAGE = 100;
/**
 * How many issues of each group the issue views' first read holds, by layout: a little more than a
 * screen draws (a kanban column shows about seven cards, a list group its first rows, the
 * spreadsheet and the Gantt chart twenty to forty rows), so the page's document carries what it
 * shows; a group reads its next page once its end comes near as the reader scrolls. The calendar
 * reads the issues due in the weeks of the month it shows, up to this many.
 */
export const ISSUE_WINDOW_FIRST_SCREEN: Record<ViewProps["issueView"], number> = {
  kanban: 10,
  list: 10,
  spreadsheet: 25,
  calendar: 200,
  gantt_chart: 60,
};
/**
 * At most this many groups get their first page in the first read (a board grouped by label can
 * have hundreds of groups); the others start empty, with their count, and read when they come into
 * view.
 */
export const ISSUE_WINDOW_MAX_GROUPS_READ = 20;

/** The group of issues without the grouping's value (no state, no labels, an unknown creator). */
export const NONE_GROUP = "None";
/** The one group of an ungrouped list. */
export const ALL_GROUP = "all";
/** A group's cursor before its first page was read: "read from the start". */
export const FROM_THE_START = "";

/** The issue windows route's query parameters: what to read (JSON), and the page's list source. */
export const WINDOWS_PARAM = "windows";
export const SOURCE_PARAM = "source";

/** Due dates from `from` to `to` (YYYY-MM-DD, both included): the calendar's read. */
export interface DueSpan {
  from: string;
  to: string;
}

/** The due dates the calendar reads for the month around `date`: every day its weeks show. */
export function calendarDueSpan(date: string): DueSpan {
  const { first, last } = monthGridDays(date);
  return { from: dateOfDay(first), to: dateOfDay(last) };
}

/**
 * What a layout groups by: kanban always groups (by state unless told); calendar, Gantt and the
 * spreadsheet (one flat table in the view's order) never.
 */
export function windowGroupBy(layout: ViewProps["issueView"], groupByProperty: WindowGroupBy): WindowGroupBy {
  if (layout === "kanban") return groupByProperty ?? "state";
  if (layout === "list") return groupByProperty;
  return null;
}

export interface IssueWindowGroup {
  key: string;
  /** Every issue of the group that matches the filters, loaded or not. */
  count: number;
  /** Where the group's next page starts; null once every issue of it is loaded. */
  next_cursor: string | null;
}

/** What the issue views read first: the groups' counts and first pages (issues deduplicated). */
export interface IssueWindows {
  groupBy: WindowGroupBy;
  orderBy: ViewProps["orderBy"];
  /** Every issue that matches the filters (an issue in two label groups counts once). */
  total: number;
  groups: IssueWindowGroup[];
  issues: ViewIssue[];
  /** The due dates read (the calendar's weeks); none: issues of any date or none. */
  due?: DueSpan | null;
}

/** One more page of one group. */
export interface IssueGroupPage {
  key: string;
  issues: ViewIssue[];
  next_cursor: string | null;
}

/** Whether the windows hold every matching issue (then the page can regroup and reorder alone). */
export function windowsComplete(windows: Pick<IssueWindows, "groups">): boolean {
  return windows.groups.every((group) => group.next_cursor === null);
}

/** What the issue views' later reads answer: the windows again, one group's next page, or the counts. */
export type IssueWindowsAnswer = { windows: IssueWindows } | { page: IssueGroupPage } | { counts: IssueCounts };

/** The groups' counts by key, and the total. */
export interface IssueCounts {
  groups: Record<string, number>;
  total: number;
}
/** The same, as the domain builds it. */
export interface GroupCounts {
  groups: Map<string, number>;
  total: number;
}
