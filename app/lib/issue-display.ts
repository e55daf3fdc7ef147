// Client-safe constants and pure rules of the issue views and their display preferences: layouts,
// grouping and ordering options, colours, truncation, due-date tones and the drag-and-drop
// sort_order rule. No zod here: this ships with every issue page.
import { dayNumber, todayUtc } from "../../workers/domain/schemas/dates";
import type { MODULE_STATUSES } from "../../workers/domain/schemas/modules";
import type { ViewProps } from "../../workers/domain/schemas/view-props";
import { ISSUE_PROPERTY_KEYS, type IssuePropertyKey, type IssuePropertyToggles } from "../../workers/domain/schemas/issue-properties";

export type { ViewProps };
export type Layout = ViewProps["issueView"];
export type GroupBy = NonNullable<ViewProps["groupByProperty"]>;
export type OrderBy = ViewProps["orderBy"];
export type IssueFilterValues = ViewProps["filters"];
export type IssueType = "all" | "active" | "backlog";
export type Priority = "urgent" | "high" | "medium" | "low" | "none";
export type StateGroup = "backlog" | "unstarted" | "started" | "completed" | "cancelled";

export const LAYOUTS: { key: Layout; label: string }[] = [
  { key: "list", label: "List layout" },
  { key: "kanban", label: "Kanban layout" },
  { key: "calendar", label: "Calendar layout" },
  { key: "gantt_chart", label: "Gantt chart layout" },
  { key: "spreadsheet", label: "Spreadsheet layout" },
];

export const GROUP_BY_OPTIONS: { key: GroupBy | null; label: string }[] = [
  { key: "state", label: "State" },
  { key: "priority", label: "Priority" },
  { key: "labels", label: "Labels" },
  { key: "created_by", label: "Created by" },
  { key: null, label: "None" },
];

export const ORDER_BY_OPTIONS: { key: OrderBy; label: string }[] = [
  { key: "sort_order", label: "Manual" },
  { key: "-created_at", label: "Last created" },
  { key: "-updated_at", label: "Last updated" },
  { key: "priority", label: "Priority" },
];

export const ISSUE_TYPE_OPTIONS: { key: IssueType; label: string }[] = [
  { key: "all", label: "All issues" },
  { key: "active", label: "Active issues" },
  { key: "backlog", label: "Backlog issues" },
];

export const orderByLabel = (orderBy: OrderBy) => ORDER_BY_OPTIONS.find((option) => option.key === orderBy)?.label ?? orderBy;

/** Group-by choices a layout offers: kanban has no "none"; calendar, Gantt and spreadsheet do not group. */
export function groupByOptionsFor(layout: Layout) {
  if (layout === "kanban") return GROUP_BY_OPTIONS.filter((option) => option.key !== null);
  if (layout === "list") return GROUP_BY_OPTIONS;
  return [];
}

/** Order-by choices: priority ordering is hidden when grouping by priority. */
export function orderByOptionsFor(groupBy: GroupBy | null) {
  return groupBy === "priority" ? ORDER_BY_OPTIONS.filter((option) => option.key !== "priority") : ORDER_BY_OPTIONS;
}

/**
 * The display-prop changes that follow a user's choice: switching to kanban groups by state,
 * calendar clears grouping, grouping by priority drops priority ordering.
 */
export function displayPropsPatch(current: ViewProps, change: Partial<ViewProps>): Partial<ViewProps> {
  const patch: Partial<ViewProps> = { ...change };
  if (change.issueView && change.issueView !== current.issueView) {
    if (change.issueView === "kanban") patch.groupByProperty = "state";
    if (change.issueView === "calendar") patch.groupByProperty = null;
  }
  const groupBy = patch.groupByProperty !== undefined ? patch.groupByProperty : current.groupByProperty;
  const orderBy = patch.orderBy ?? current.orderBy;
  if (groupBy === "priority" && orderBy === "priority") patch.orderBy = "sort_order";
  return patch;
}

// ---------------------------------------------------------------- issue properties (toggles)

export { ISSUE_PROPERTY_KEYS };
export type { IssuePropertyKey, IssuePropertyToggles };

export const ISSUE_PROPERTY_LABELS: Record<IssuePropertyKey, string> = {
  assignee: "Assignee",
  due_date: "Due date",
  key: "ID",
  labels: "Labels",
  priority: "Priority",
  state: "State",
  sub_issue_count: "Sub-issue count",
  attachment_count: "Attachment count",
  link: "Link",
  estimate: "Estimate",
};

// ---------------------------------------------------------------- filters

export const FILTER_KEYS = ["state", "priority", "assignees", "labels", "created_by"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const FILTER_LABELS: Record<FilterKey | "type", string> = {
  state: "State",
  priority: "Priority",
  assignees: "Assignees",
  labels: "Labels",
  created_by: "Created by",
  type: "Issue type",
};

/** Whether any filter narrows the list (an empty list or "all" means no filter). */
export function hasActiveFilters(filters: IssueFilterValues) {
  if (filters.type && filters.type !== "all") return true;
  return Object.entries(filters).some(([key, value]) => key !== "type" && Array.isArray(value) && value.length > 0);
}

/** Filters as stored: empty lists become null. */
export function normaliseFilters(filters: IssueFilterValues): IssueFilterValues {
  const out: IssueFilterValues = {};
  for (const [key, value] of Object.entries(filters) as [keyof IssueFilterValues, unknown][]) {
    if (value === undefined) continue;
    (out as Record<string, unknown>)[key] = Array.isArray(value) && value.length === 0 ? null : value;
  }
  return out;
}

// ---------------------------------------------------------------- colours

export const PRIORITIES: Priority[] = ["urgent", "high", "medium", "low", "none"];

export const PRIORITY_LABELS: Record<Priority, string> = {
  urgent: "Urgent",
  high: "High",
  medium: "Medium",
  low: "Low",
  none: "None",
};

/** High #dc2626, medium #f97316, low #22c55e, otherwise #ff0000 ("none" draws no colour). */
export function priorityColor(priority: string) {
  if (priority === "high") return "#dc2626";
  if (priority === "medium") return "#f97316";
  if (priority === "low") return "#22c55e";
  return "#ff0000";
}

export const STATE_GROUP_COLORS: Record<StateGroup, string> = {
  backlog: "#3f76ff",
  unstarted: "#ff9e9e",
  started: "#d687ff",
  cancelled: "#ff5353",
  completed: "#096e8d",
};

/** What a state group is called where states of several projects meet (a board by state group). */
export const STATE_GROUP_LABELS: Record<StateGroup, string> = {
  backlog: "Backlog",
  unstarted: "Unstarted",
  started: "Started",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const FALLBACK_STATE_COLOR = "#858e96";

/** A module's status colour, backlog grey to cancelled red. */
const MODULE_STATUS_COLORS: Record<(typeof MODULE_STATUSES)[number], string> = {
  backlog: "#a3a3a2",
  planned: "#3f76ff",
  "in-progress": "#f39e1f",
  paused: "#525252",
  completed: "#16a34a",
  cancelled: "#ef4444",
};

/** The colour of a module's status; grey for one this app does not know. */
export function moduleStatusColor(status: string) {
  return (MODULE_STATUS_COLORS as Record<string, string>)[status] ?? FALLBACK_STATE_COLOR;
}

export function stateColor(state: { color?: string | null; group?: string } | null | undefined) {
  if (state?.color) return state.color;
  if (state?.group && state.group in STATE_GROUP_COLORS) return STATE_GROUP_COLORS[state.group as StateGroup];
  return FALLBACK_STATE_COLOR;
}

// ---------------------------------------------------------------- sizes and truncation

/** Kanban column width: 96 Tailwind units (24rem). */
export const KANBAN_COLUMN_CLASS = "w-96";
export const TITLE_MAX = { kanban: 100, list: 50, calendar: 25 } as const;
export const CALENDAR_MAX_PER_DAY = 4;
export const GANTT_DAY_WIDTH = 80;
export const GANTT_NO_DUE_DATE_NOTE = "No due-date set, rendered according to last updated date.";
export const SORT_STEP = 10000;

export function truncateTitle(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

// ---------------------------------------------------------------- dates (UTC, so SSR and hydration agree)

export { dateOfDay, dayNumber, todayUtc } from "../../workers/domain/schemas/dates";

/** Due dates: red when past, orange within 3 days. */
export function dueDateTone(date: string | null | undefined, today = todayUtc()): "past" | "soon" | null {
  if (!date) return null;
  const delta = dayNumber(date) - dayNumber(today);
  if (delta < 0) return "past";
  if (delta <= 3) return "soon";
  return null;
}

// ---------------------------------------------------------------- drag and drop

/**
 * The sort_order of an issue dropped at `index` of a group. `others` are the sort orders of the
 * group in display order without the dragged issue: first position = first item's value - 10000,
 * last = last item's value + 10000, between = the average of the two neighbours. An empty group
 * keeps `current`.
 */
export function sortOrderForDrop(others: readonly number[], index: number, current: number): number {
  if (others.length === 0) return current;
  const at = Math.max(0, Math.min(index, others.length));
  if (at === 0) return others[0] - SORT_STEP;
  if (at === others.length) return others[others.length - 1] + SORT_STEP;
  return (others[at - 1] + others[at]) / 2;
}
