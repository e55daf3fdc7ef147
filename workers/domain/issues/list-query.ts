// The issue list query: filters, ordering, grouping and keyset paging, shared by the project
// list, cycle/module lists and saved views. Every ordering has an index that ends in id, so a page
// reads only the rows it returns + 1.
import { type SQL, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { issueAssignees, issueLabels, issues, priorityRank, states, type Issue, type IssueFilters } from "../../../drizzle/schema";
import { inList } from "../../lib/batch";
import { parseInput } from "../../lib/validation";
import { Invalid } from "../errors";
import { PRIORITIES } from "../schemas/issues";
import { LIST_PAGES } from "../schemas/list-pages";
import { VIEW_GROUP_BY as GROUP_BY, VIEW_ORDER_BY as ORDER_BY } from "../schemas/view-props";

export const ISSUE_TYPES = ["all", "active", "backlog"] as const;
export const MAX_PER_PAGE = LIST_PAGES.maxPerPage;
export const MAX_PER_GROUP = 100;

const csv = z
  .string()
  .max(20_000)
  .transform((value) => value.split(",").map((part) => part.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(64)).max(500));

const targetDate = z
  .string()
  .max(2000)
  .transform((value) => value.split(",").map((part) => part.trim()).filter(Boolean))
  .pipe(
    z
      .array(z.string().regex(/^\d{4}-\d{2}-\d{2}(;(after|before))?$/, "Use YYYY-MM-DD, optionally ;after or ;before"))
      .max(10),
  );

export const IssueListParams = z.object({
  order_by: z.enum(ORDER_BY, { error: `order_by must be one of ${ORDER_BY.join(", ")}` }).default("sort_order"),
  group_by: z.enum(GROUP_BY, { error: `group_by must be one of ${GROUP_BY.join(", ")}` }).optional(),
  type: z.enum(ISSUE_TYPES, { error: "type must be one of all, active, backlog" }).default("all"),
  state: csv.optional(),
  priority: csv.pipe(z.array(z.enum(PRIORITIES, { error: "Unknown priority" }))).optional(),
  assignees: csv.optional(),
  labels: csv.optional(),
  issue__assignees__id: csv.optional(),
  issue__labels__id: csv.optional(),
  created_by: csv.optional(),
  target_date: targetDate.optional(),
  per_page: z.coerce
    .number({ error: "per_page must be a number" })
    .int("per_page must be a whole number")
    .min(1, "per_page must be at least 1")
    .max(MAX_PER_PAGE, `per_page must be at most ${MAX_PER_PAGE}`)
    .optional(),
  cursor: z.string().max(500).optional(),
  /** Each group's count and first `per_group` issues (a board's first screen), rather than one list. */
  per_group: z.coerce
    .number({ error: "per_group must be a number" })
    .int("per_group must be a whole number")
    .min(1, "per_group must be at least 1")
    .max(MAX_PER_GROUP, `per_group must be at most ${MAX_PER_GROUP}`)
    .optional(),
  /** One group's page (`per_page`, after `cursor`): what a board reads as a column scrolls. */
  group: z.string().max(64, "group should be at most 64 characters").optional(),
});

export type IssueListQuery = z.output<typeof IssueListParams>;

/** Reads the query string; unknown parameters are ignored, bad values are a 400. */
export function parseIssueListQuery(params: Record<string, string | undefined>): IssueListQuery {
  const present = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ""));
  return parseInput(IssueListParams, present);
}

/** A saved view's (or cycle's/module's) stored filters mean the same as the query string. */
export function issueListQueryFromFilters(filters: IssueFilters | null | undefined, extra: Record<string, string | undefined> = {}) {
  const params: Record<string, string | undefined> = { ...extra };
  for (const [key, value] of Object.entries(filters ?? {})) {
    if (value === null || value === undefined) continue;
    params[key] = Array.isArray(value) ? value.join(",") : String(value);
  }
  return parseIssueListQuery(params);
}

/** The priority order, as issues_project_priority_rank_idx holds it (so that index answers it). */
const PRIORITY_RANK = priorityRank(issues.priority);

/** The state groups the issue type filter allows (active: started and unstarted), or null for every group. */
export function stateGroupsOfType(type: IssueListQuery["type"]): string[] | null {
  if (type === "active") return ["started", "unstarted"];
  if (type === "backlog") return ["backlog"];
  return null;
}

/**
 * The states a group_by=state list shows even when empty: the project's states that the type and
 * state filters let through, so each such state has a group even with no issue in it.
 */
export function relevantStateIds(states: Iterable<{ id: string; group: string }>, query: IssueListQuery): string[] {
  const groups = stateGroupsOfType(query.type);
  return [...states]
    .filter((state) => (!groups || groups.includes(state.group)) && (!query.state?.length || query.state.includes(state.id)))
    .map((state) => state.id);
}

/**
 * `column` is one of `values`. One value is an equality, which the planner can join with the
 * order into one index range (a page filtered by one state reads only the rows it returns); more
 * go in as one JSON list (`inList`).
 */
function oneOf(column: typeof issues.state_id | typeof issues.created_by, values: string[]) {
  return values.length === 1 ? eq(column, values[0]) : inList(column, values);
}

/** The WHERE conditions of a query within one project (plus any scope the caller adds). */
export function issueConditions(projectId: string, query: IssueListQuery): SQL[] {
  const conditions: SQL[] = [eq(issues.project_id, projectId)];
  const groups = stateGroupsOfType(query.type);
  if (groups) {
    conditions.push(
      inArray(
        issues.state_id,
        sql`(SELECT ${states.id} FROM ${states} WHERE ${states.project_id} = ${projectId} AND ${states.group} IN ${groups})`,
      ),
    );
  }
  if (query.state?.length) conditions.push(oneOf(issues.state_id, query.state));
  if (query.priority?.length) conditions.push(inArray(issues.priority, query.priority));
  if (query.created_by?.length) conditions.push(oneOf(issues.created_by, query.created_by));
  const assignees = [...(query.assignees ?? []), ...(query.issue__assignees__id ?? [])];
  if (assignees.length) {
    conditions.push(
      inArray(
        issues.id,
        sql`(SELECT ${issueAssignees.issue_id} FROM ${issueAssignees} WHERE ${issueAssignees.project_id} = ${projectId} AND ${inList(issueAssignees.assignee_id, assignees)})`,
      ),
    );
  }
  const labelIds = [...(query.labels ?? []), ...(query.issue__labels__id ?? [])];
  if (labelIds.length) {
    conditions.push(
      inArray(
        issues.id,
        sql`(SELECT ${issueLabels.issue_id} FROM ${issueLabels} WHERE ${issueLabels.project_id} = ${projectId} AND ${inList(issueLabels.label_id, labelIds)})`,
      ),
    );
  }
  for (const entry of query.target_date ?? []) {
    const [date, direction] = entry.split(";");
    if (direction === "after") conditions.push(gte(issues.target_date, date));
    else if (direction === "before") conditions.push(lte(issues.target_date, date));
    else conditions.push(eq(issues.target_date, date));
  }
  return conditions;
}

type CursorValue = (string | number)[];

function encodeCursor(values: CursorValue) {
  return btoa(JSON.stringify(values)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

type CursorKinds = readonly ("string" | "number")[];

function decodeCursor(cursor: string, kinds: CursorKinds): CursorValue {
  try {
    const values = JSON.parse(atob(cursor.replaceAll("-", "+").replaceAll("_", "/")));
    // Each position must hold what the ordering wrote there: a text where a number belongs would
    // bind as NaN and silently answer the wrong page.
    if (
      Array.isArray(values) &&
      values.length === kinds.length &&
      values.every((v, i) => typeof v === kinds[i] && (typeof v === "string" || Number.isFinite(v)))
    ) {
      return values;
    }
  } catch {
    // fall through
  }
  throw new Invalid("Invalid cursor.");
}

/**
 * ORDER BY, the keyset condition after a cursor, and how to read the next cursor off a row. The
 * condition compares row values, `(sort_order, id) > (?, ?)`: SQLite reads that as one range of
 * the ordering's index, where the same test spelled with OR becomes two index searches merged
 * and sorted again.
 */
export function ordering(orderBy: IssueListQuery["order_by"]) {
  switch (orderBy) {
    case "-created_at":
      return {
        orderBy: [desc(issues.created_at), desc(issues.id)],
        after: ([createdAt, id]: CursorValue) => sql`(${issues.created_at}, ${issues.id}) < (${String(createdAt)}, ${String(id)})`,
        cursorOf: (issue: CursorFields) => [issue.created_at, issue.id],
        kinds: ["string", "string"] as const,
      };
    case "-updated_at":
      return {
        orderBy: [desc(issues.updated_at), desc(issues.id)],
        after: ([updatedAt, id]: CursorValue) => sql`(${issues.updated_at}, ${issues.id}) < (${String(updatedAt)}, ${String(id)})`,
        cursorOf: (issue: CursorFields) => [issue.updated_at, issue.id],
        kinds: ["string", "string"] as const,
      };
    case "priority":
      return {
        orderBy: [asc(PRIORITY_RANK), asc(issues.sort_order), asc(issues.id)],
        after: ([rank, sortOrder, id]: CursorValue) =>
          sql`(${PRIORITY_RANK}, ${issues.sort_order}, ${issues.id}) > (${Number(rank)}, ${Number(sortOrder)}, ${String(id)})`,
        cursorOf: (issue: CursorFields) => [PRIORITIES.indexOf(issue.priority), issue.sort_order, issue.id],
        kinds: ["number", "number", "string"] as const,
      };
    default:
      return {
        orderBy: [asc(issues.sort_order), asc(issues.id)],
        after: ([sortOrder, id]: CursorValue) => sql`(${issues.sort_order}, ${issues.id}) > (${Number(sortOrder)}, ${String(id)})`,
        cursorOf: (issue: CursorFields) => [issue.sort_order, issue.id],
        kinds: ["number", "string"] as const,
      };
  }
}

export function cursorCondition(query: IssueListQuery) {
  if (!query.cursor) return undefined;
  const order = ordering(query.order_by);
  return order.after(decodeCursor(query.cursor, order.kinds));
}

/** What a cursor is made of: the ordering columns and the id. */
type CursorFields = Pick<Issue, "id" | "sort_order" | "created_at" | "updated_at" | "priority">;

export function nextCursorOf(query: IssueListQuery, lastIssue: CursorFields) {
  return encodeCursor(ordering(query.order_by).cursorOf(lastIssue));
}

/**
 * Compares two issues as the list's ORDER BY does: the cursor's columns in turn, all ascending or
 * (the two "-" orders) all descending. Strings compare as SQLite's BINARY collation does for the
 * ASCII ids and ISO times they hold. Used to merge changed rows into a cached list.
 */
export function listOrderComparator(orderBy: IssueListQuery["order_by"]) {
  const { cursorOf } = ordering(orderBy);
  const direction = orderBy === "-created_at" || orderBy === "-updated_at" ? -1 : 1;
  return (a: CursorFields, b: CursorFields) => {
    const x = cursorOf(a);
    const y = cursorOf(b);
    for (let i = 0; i < x.length; i++) {
      if (x[i] !== y[i]) return (x[i] < y[i] ? -1 : 1) * direction;
    }
    return 0;
  };
}

/** Group keys: state id, priority name ("None" for none), label id, creator id; an issue with several labels is in each label's group. */
export function groupIssues<T extends { state: string | null; priority: string; labels: string[]; created_by: string | null }>(
  rows: T[],
  groupBy: NonNullable<IssueListQuery["group_by"]>,
  seedKeys: string[] = [],
): Record<string, T[]> {
  const groups: Record<string, T[]> = {};
  for (const key of seedKeys) groups[key] = [];
  const add = (key: string, row: T) => {
    const list = groups[key];
    if (list) list.push(row);
    else groups[key] = [row];
  };
  for (const row of rows) {
    if (groupBy === "state") add(row.state ?? "None", row);
    else if (groupBy === "priority") add(row.priority === "none" ? "None" : row.priority, row);
    else if (groupBy === "created_by") add(row.created_by ?? "None", row);
    else if (row.labels.length === 0) add("None", row);
    else for (const label of row.labels) add(label, row);
  }
  return groups;
}
