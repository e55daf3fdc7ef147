// Display props: how an issue list is shown. Client-safe (zod only)
// and shared by every place that stores them: the project member's view_props/default_props
// (workers/domain/display-preferences.ts), and cycles.view_props / modules.view_props.
//
// Usage for a PATCH of stored props:
//   const patch = parseInput(ViewPropsSchema, input.view_props);   // partial, unknown keys refused
//   const next = mergeViewProps(row.view_props, patch);             // complete, rules applied
import { z } from "zod";
import type { IssueFilters } from "../../../drizzle/schema";
import { isoDate } from "./common";
import { DAY_MS } from "./dates";
import { IssueFiltersSchema } from "./views";

export const ISSUE_VIEW_LAYOUTS = ["list", "kanban", "calendar", "gantt_chart", "spreadsheet"] as const;
/** The list query's group_by and order_by values (workers/domain/issues/list-query.ts). */
export const VIEW_GROUP_BY = ["state", "priority", "labels", "created_by"] as const;
export const VIEW_ORDER_BY = ["sort_order", "-created_at", "-updated_at", "priority"] as const;

export type ViewProps = {
  issueView: (typeof ISSUE_VIEW_LAYOUTS)[number];
  groupByProperty: (typeof VIEW_GROUP_BY)[number] | null;
  orderBy: (typeof VIEW_ORDER_BY)[number];
  showEmptyGroups: boolean;
  calendarDateRange: string;
  filters: IssueFilters;
};

/** Defaults: the list layout, no grouping, newest first, empty groups shown. */
export const VIEW_PROPS_DEFAULTS: ViewProps = {
  issueView: "list",
  groupByProperty: null,
  orderBy: "-created_at",
  showEmptyGroups: true,
  calendarDateRange: "",
  filters: {},
};

const VIEW_PROPS_KEYS = Object.keys(VIEW_PROPS_DEFAULTS);

/** Any subset of the display props; unknown keys are refused. */
export const ViewPropsSchema = z.strictObject(
  {
    issueView: z.enum(ISSUE_VIEW_LAYOUTS, { error: `issueView must be one of ${ISSUE_VIEW_LAYOUTS.join(", ")}` }).optional(),
    groupByProperty: z
      .enum(VIEW_GROUP_BY, { error: `groupByProperty must be one of ${VIEW_GROUP_BY.join(", ")} or null` })
      .nullable()
      .optional(),
    orderBy: z.enum(VIEW_ORDER_BY, { error: `orderBy must be one of ${VIEW_ORDER_BY.join(", ")}` }).optional(),
    showEmptyGroups: z.boolean({ error: "showEmptyGroups must be true or false" }).optional(),
    calendarDateRange: z
      .string({ error: "calendarDateRange must be text" })
      .max(100, "calendarDateRange should be less than 100 characters")
      .optional(),
    filters: IssueFiltersSchema.nullable().optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown display props: ${issue.keys.join(", ")}. Allowed: ${VIEW_PROPS_KEYS.join(", ")}.`
        : "Display props must be an object.",
  },
);

export type ViewPropsPatch = z.output<typeof ViewPropsSchema>;

/** Stored props completed with the defaults, so a prop added later still has a value. */
export function withViewPropsDefaults(stored: unknown): ViewProps {
  const parsed = stored && typeof stored === "object" ? ViewPropsSchema.safeParse(stored) : null;
  const props = parsed?.success ? parsed.data : {};
  return { ...VIEW_PROPS_DEFAULTS, ...definedOnly(props), filters: props.filters ?? {} };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The stored props after a partial update, with the layout rules: switching
 * to kanban groups by state (unless a grouping is sent or already set), calendar has no grouping.
 * The spreadsheet and the Gantt chart ignore the grouping but keep it for the list and board.
 */
export function mergeViewProps(stored: unknown, patch: ViewPropsPatch): ViewProps {
  const current = withViewPropsDefaults(stored);
  const next: ViewProps = { ...current, ...definedOnly(patch), filters: current.filters };
  if (patch.filters !== undefined) next.filters = patch.filters ?? {};
  const switched = patch.issueView !== undefined && patch.issueView !== current.issueView;
  if (switched && next.issueView === "kanban" && patch.groupByProperty === undefined && next.groupByProperty === null) {
    next.groupByProperty = "state";
  }
  if (next.issueView === "calendar") next.groupByProperty = null;
  return next;
}

/**
 * What the issue views ask for when their windows must be read again (the grouping, order or
 * filters changed), or when one group's next page is wanted (`group` and `cursor`), or only the
 * counts (`counts`); the calendar reads only the issues due in the weeks it shows (`due`). The
 * filters are the page's own: a saved view's until it is updated.
 */
/** The most days of due dates one read covers: a month's calendar shows six weeks at most. */
export const DUE_SPAN_MAX_DAYS = 42;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

const DueSpanSchema = z
  .object({ from: isoDate, to: isoDate }, { error: "due must be an object with from and to" })
  .refine(({ from, to }) => from <= to, { message: "to must not be before from", path: ["to"] })
  .refine(({ from, to }) => daysBetween(from, to) < DUE_SPAN_MAX_DAYS, {
    message: `due should span at most ${DUE_SPAN_MAX_DAYS} days`,
    path: ["to"],
  });

export const IssueWindowsRequestSchema = z.object({
  issueView: z.enum(ISSUE_VIEW_LAYOUTS, { error: `issueView must be one of ${ISSUE_VIEW_LAYOUTS.join(", ")}` }),
  groupByProperty: z
    .enum(VIEW_GROUP_BY, { error: `groupByProperty must be one of ${VIEW_GROUP_BY.join(", ")} or null` })
    .nullable(),
  orderBy: z.enum(VIEW_ORDER_BY, { error: `orderBy must be one of ${VIEW_ORDER_BY.join(", ")}` }),
  filters: IssueFiltersSchema.nullable().optional(),
  group: z.string().max(64, "group should be at most 64 characters").optional(),
  cursor: z.string().max(500, "cursor should be at most 500 characters").optional(),
  counts: z.boolean().optional(),
  /** Only issues due in these days (the calendar's weeks). */
  due: DueSpanSchema.optional(),
});
export type IssueWindowsRequest = z.input<typeof IssueWindowsRequestSchema>;
