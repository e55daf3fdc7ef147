// Issue lists as windows (the issue views' first screen and each "more" after it): the count of
// every group and the first page of each, then one group's next page by cursor. Every statement
// is answered by an index that starts with the project and the group's column and ends in the
// order (migration 0009), so a board of 100,000 issues reads what a board of 100 does: a page per
// group, plus the counts, which walk the index without touching a row.
import { type AnyColumn, type SQL, and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { issueLabels, issues } from "../../../drizzle/schema";
import type { ProjectAccess } from "../access";
import type { ActorContext } from "../context";
import { type IssueListRecord, type ProjectLookups, decodeIssueListObject, issueListColumns } from "../issue-views";
import { PRIORITIES } from "../schemas/constants";
import {
  ALL_GROUP,
  FROM_THE_START,
  ISSUE_WINDOW_MAX_GROUPS_READ,
  type GroupCounts,
  type IssueGroupPage,
  type IssueWindows,
  NONE_GROUP,
  type WindowGroupBy,
} from "../schemas/issue-windows";
import type { ViewIssue } from "../schemas/responses";
import { boundedMemo } from "../../lib/bounded-memo";
import type { IssueListScope } from "./list-cache";
import { type IssueListQuery, cursorCondition, issueConditions, nextCursorOf, ordering, relevantStateIds } from "./list-query";

/** The WHERE conditions of a list: the query's filters within the project, and the cycle or module. */
export function scopedConditions(projectId: string, query: IssueListQuery, scope: IssueListScope): SQL[] {
  const conditions = issueConditions(projectId, query);
  if (scope.cycleId) conditions.push(eq(issues.cycle_id, scope.cycleId));
  if (scope.moduleId) conditions.push(eq(issues.module_id, scope.moduleId));
  return conditions;
}

/** The groups a list shows, in order, before any is counted (empty ones included). */
export function groupKeysOf(groupBy: WindowGroupBy, lookups: ProjectLookups, query: IssueListQuery): string[] {
  switch (groupBy) {
    case "state":
      return relevantStateIds(lookups.states.values(), query);
    case "priority":
      return [...PRIORITIES];
    case "labels":
      return [...lookups.labels.keys(), NONE_GROUP];
    case "created_by":
      return [...lookups.members.keys(), NONE_GROUP];
    default:
      return [ALL_GROUP];
  }
}

/** Which issues are in group `key`: the same rule the page groups its loaded issues by. */
function groupCondition(groupBy: WindowGroupBy, key: string, projectId: string, lookups: ProjectLookups): SQL | undefined {
  switch (groupBy) {
    case "state":
      return key === NONE_GROUP ? isNull(issues.state_id) : eq(issues.state_id, key);
    case "priority":
      return sql`${issues.priority} = ${key}`;
    case "created_by":
      // A creator who is no longer a member is shown with the unknown ones.
      return key === NONE_GROUP
        ? or(isNull(issues.created_by), sql`${issues.created_by} NOT IN (SELECT value FROM json_each(${JSON.stringify([...lookups.members.keys()])}))`)
        : eq(issues.created_by, key);
    case "labels":
      return key === NONE_GROUP
        ? sql.raw(`NOT EXISTS (SELECT 1 FROM issue_labels AS il WHERE il.issue_id = "issues"."id")`)
        : inArray(
            issues.id,
            sql`(SELECT ${issueLabels.issue_id} FROM ${issueLabels} WHERE ${issueLabels.project_id} = ${projectId} AND ${issueLabels.label_id} = ${key})`,
          );
    default:
      return undefined;
  }
}

/**
 * The cycle's or module's bridge row of each issue, read with it (what taking it out names).
 * Correlated subqueries are written out: drizzle leaves a one-table select's columns unqualified,
 * and an unqualified "id" inside them would name the bridge row's own.
 */
export function bridgeColumn(scope: IssueListScope) {
  if (scope.cycleId) return sql.raw(`(SELECT b.id FROM cycle_issues AS b WHERE b.issue_id = "issues"."id")`);
  if (scope.moduleId) return sql.raw(`(SELECT b.id FROM module_issues AS b WHERE b.issue_id = "issues"."id")`);
  return sql`NULL`;
}

/** An issue as the views need it; labels deleted since the row was written are left out. */
export function viewIssueOf(issue: IssueListRecord, liveLabels: ReadonlyMap<string, unknown>, bridgeId: string | null = null): ViewIssue {
  const labels = issue.label_ids.filter((id) => liveLabels.has(id));
  const row = { ...issue, state: issue.state_id, assignees: issue.assignee_ids, labels, cycle: issue.cycle_id, module: issue.module_id };
  return { ...viewIssueOfRow(row), bridge_id: bridgeId };
}

/** The same from an issue as responses show it (a list row or the detail). */
export function viewIssueOfRow(issue: Omit<ViewIssue, "bridge_id">): ViewIssue {
  return {
    id: issue.id,
    name: issue.name,
    sequence_id: issue.sequence_id,
    priority: issue.priority,
    state: issue.state,
    assignees: issue.assignees,
    labels: issue.labels,
    start_date: issue.start_date,
    target_date: issue.target_date,
    estimate_point: issue.estimate_point,
    sort_order: issue.sort_order,
    sub_issues_count: issue.sub_issues_count,
    link_count: issue.link_count,
    attachment_count: issue.attachment_count,
    created_by: issue.created_by,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    cycle: issue.cycle,
    module: issue.module,
    bridge_id: null,
  };
}

interface WindowRequest {
  query: IssueListQuery;
  scope: IssueListScope;
  groupBy: WindowGroupBy;
  lookups: ProjectLookups;
}

/**
 * Statements' text and values, built once per isolate for each shape and values they are asked
 * for: every view of a board reads the same first pages and counts, and drizzle's building of
 * them cost more than sending them.
 */
const builtStatements = boundedMemo<BuiltStatement[]>(256);

interface BuiltStatement {
  sql: string;
  params: unknown[];
}

/** A built statement on the request's own client. */
const bound = (ctx: ActorContext, { sql: text, params }: BuiltStatement) => ctx.db.$client.prepare(text).bind(...params);

/**
 * Everything a window's statements are built from. The creators grouping's None group names the
 * members; other groupings read nothing else from the lookups.
 */
function shapeKey(kind: string, projectId: string, request: WindowRequest, ...rest: unknown[]) {
  const { query, scope, groupBy, lookups } = request;
  const members = groupBy === "created_by" ? [...lookups.members.keys()] : null;
  return JSON.stringify([kind, projectId, query, scope, groupBy, members, ...rest]);
}

/** The statement reading up to `size` issues of group `key` after `cursor` (plus one to see if more follow). */
export function pageStatement(ctx: ActorContext, access: ProjectAccess, request: WindowRequest, key: string, cursor: string, size: number) {
  const projectId = access.project.id;
  const [statement] = builtStatements.get(shapeKey("page", projectId, request, key, cursor, size), () => {
    const { query, scope, groupBy, lookups } = request;
    const paged = { ...query, cursor: cursor === FROM_THE_START ? undefined : cursor };
    const conditions = [...scopedConditions(projectId, query, scope), groupCondition(groupBy, key, projectId, lookups), cursorCondition(paged)];
    const built = ctx.db
      .select({ ...issueListColumns, bridge_id: bridgeColumn(scope).as("bridge_id") })
      .from(issues)
      .where(and(...conditions))
      .orderBy(...ordering(query.order_by).orderBy)
      .limit(size + 1)
      .toSQL();
    return [built];
  });
  return bound(ctx, statement);
}

/**
 * A count row's columns, named: the batch below reads rows by column name, and drizzle leaves
 * expressions unnamed.
 */
const countOf = (key: AnyColumn | SQL) => ({ key: sql<string | null>`${key}`.as("key"), count: sql<number>`count(*)`.as("count") });

/** The statements counting each group's matching issues, on the request's client. */
export function countStatements(ctx: ActorContext, access: ProjectAccess, request: WindowRequest) {
  const built = builtStatements.get(shapeKey("counts", access.project.id, request), () =>
    countQueries(ctx, access, request).map((query) => query.toSQL()),
  );
  return built.map((statement) => bound(ctx, statement));
}

/** The queries counting each group's matching issues. */
function countQueries(ctx: ActorContext, access: ProjectAccess, request: WindowRequest) {
  const { query, scope, groupBy, lookups } = request;
  const { db } = ctx;
  const conditions = scopedConditions(access.project.id, query, scope);
  const where = and(...conditions);
  const column =
    groupBy === "state" ? issues.state_id : groupBy === "priority" ? issues.priority : groupBy === "created_by" ? issues.created_by : null;
  if (groupBy === "labels") {
    // Only the project's condition: the label index alone answers. Filters narrow to the issues
    // they let through.
    const labelRows = db
      .select(countOf(issueLabels.label_id))
      .from(issueLabels)
      .where(
        and(
          eq(issueLabels.project_id, access.project.id),
          conditions.length > 1 ? inArray(issueLabels.issue_id, db.select({ id: issues.id }).from(issues).where(where)) : undefined,
        ),
      )
      .groupBy(issueLabels.label_id);
    const unlabelled = db
      .select(countOf(sql`${NONE_GROUP}`))
      .from(issues)
      .where(and(where, groupCondition("labels", NONE_GROUP, access.project.id, lookups)));
    // An issue with two labels is in two groups: the total is counted on its own.
    const total = db.select(countOf(sql`${TOTAL_KEY}`)).from(issues).where(where);
    return [labelRows, unlabelled, total];
  }
  if (!column) return [db.select(countOf(sql`${ALL_GROUP}`)).from(issues).where(where)];
  return [db.select(countOf(column)).from(issues).where(where).groupBy(column)];
}

/** Group counts by key from the count statements' rows: unknown creators and missing states count as None. */
function countsByKey(groupBy: WindowGroupBy, rows: { key: string | null; count: number }[], keys: ReadonlySet<string>) {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = row.key !== null && (keys.has(row.key) || groupBy === "labels" || groupBy === null) ? row.key : NONE_GROUP;
    counts.set(key, (counts.get(key) ?? 0) + Number(row.count));
  }
  return counts;
}

/** The key the labels grouping's total count is read under (never a group's key: ids are UUIDs). */
const TOTAL_KEY = "__total__";

/** The counts' rows as the groups' counts and the total of matching issues. */
function groupCountsOf(groupBy: WindowGroupBy, rows: { key: string | null; count: number }[], keys: ReadonlySet<string>): GroupCounts {
  const totalRow = rows.find((row) => row.key === TOTAL_KEY);
  const groups = countsByKey(groupBy, rows.filter((row) => row !== totalRow), keys);
  const total = totalRow ? Number(totalRow.count) : [...groups.values()].reduce((sum, n) => sum + n, 0);
  return { groups, total };
}

export type PageRow = Record<string, unknown>;
/** A list row read for a window, with its cycle's or module's bridge row id. */
export interface WindowRow {
  record: IssueListRecord;
  bridge: string | null;
}

/** A page's rows, and the cursor of the page after it (null when none follows). */
export function rowsOfPage(request: WindowRequest, rows: PageRow[], size: number) {
  const shown: WindowRow[] = rows
    .slice(0, size)
    .map((row) => ({ record: decodeIssueListObject(row), bridge: (row.bridge_id as string | null) ?? null }));
  const last = shown[shown.length - 1];
  return { rows: shown, next_cursor: rows.length > size && last ? nextCursorOf(request.query, last.record) : null };
}

/**
 * The groups a list shows, from the count statements' answers: their keys in order (the None group
 * added when issues without the grouping's value exist), each one's count and the total.
 */
export function countedGroups(request: WindowRequest, answers: { results: unknown[] }[]) {
  const keys = groupKeysOf(request.groupBy, request.lookups, request.query);
  const countRows = answers.flatMap((answer) => answer.results as { key: string | null; count: number }[]);
  const { groups: counts, total } = groupCountsOf(request.groupBy, countRows, new Set(keys));
  // A state or creator none of the keys names (an issue without one) gets the None group.
  if (counts.has(NONE_GROUP) && !keys.includes(NONE_GROUP)) keys.push(NONE_GROUP);
  return { keys, counts, total };
}

/** A group of the first read: its count, and its first page unless it was not read (null). */
export interface WindowGroupRows {
  key: string;
  count: number;
  rows: WindowRow[] | null;
  next_cursor: string | null;
}

/**
 * Every group's count and the first page of each (of the first ISSUE_WINDOW_MAX_GROUPS_READ
 * groups), in one D1 batch. Groups past that start with `next_cursor` FROM_THE_START. Empty
 * groups keep their place so the page can show them.
 */
export async function readGroupFirstPages(ctx: ActorContext, access: ProjectAccess, request: WindowRequest, firstPage: number) {
  const read = groupKeysOf(request.groupBy, request.lookups, request.query).slice(0, ISSUE_WINDOW_MAX_GROUPS_READ);
  const counters = countStatements(ctx, access, request);
  const statements = [...counters, ...read.map((key) => pageStatement(ctx, access, request, key, FROM_THE_START, firstPage))];
  const results = await ctx.db.$client.batch<PageRow>(statements);
  const { keys, counts, total } = countedGroups(request, results.slice(0, counters.length));
  const pages = new Map(read.map((key, i) => [key, rowsOfPage(request, results[counters.length + i].results, firstPage)]));
  const groups: WindowGroupRows[] = keys.map((key) => {
    const page = pages.get(key);
    const count = counts.get(key) ?? 0;
    return { key, count, rows: page?.rows ?? null, next_cursor: page ? page.next_cursor : count > 0 ? FROM_THE_START : null };
  });
  return { total, groups };
}

/**
 * The windows the views render from groups read (or brought up to date): each group's count and
 * cursor, and their issues once each, shaped for the views. `shaped` answers an issue already
 * shaped from the same row (an up-to-date read reuses the held ones).
 */
export function windowsOfGroups(
  request: WindowRequest,
  groups: WindowGroupRows[],
  total: number,
  shaped: (row: WindowRow) => ViewIssue | undefined = () => undefined,
): IssueWindows {
  const seen = new Set<string>();
  const issuesRead: ViewIssue[] = [];
  for (const group of groups) {
    for (const row of group.rows ?? []) {
      if (seen.has(row.record.id)) continue;
      seen.add(row.record.id);
      issuesRead.push(shaped(row) ?? viewIssueOf(row.record, request.lookups.labels, row.bridge));
    }
  }
  return {
    groupBy: request.groupBy,
    orderBy: request.query.order_by,
    total,
    groups: groups.map(({ key, count, next_cursor }) => ({ key, count, next_cursor })),
    issues: issuesRead,
  };
}

/** One group's next `size` rows after `cursor` (FROM_THE_START for its first page). */
export async function readGroupPage(ctx: ActorContext, access: ProjectAccess, request: WindowRequest, key: string, cursor: string, size: number) {
  const { results } = await pageStatement(ctx, access, request, key, cursor, size).all<PageRow>();
  return rowsOfPage(request, results, size);
}

/** The same as the issue views show it. */
export async function readIssueGroupPage(
  ctx: ActorContext,
  access: ProjectAccess,
  request: WindowRequest,
  key: string,
  cursor: string,
  size: number,
): Promise<IssueGroupPage> {
  const page = await readGroupPage(ctx, access, request, key, cursor, size);
  return {
    key,
    issues: page.rows.map(({ record, bridge }) => viewIssueOf(record, request.lookups.labels, bridge)),
    next_cursor: page.next_cursor,
  };
}

/** Only the groups' counts (the page refreshes them when issues it has not loaded change). */
export async function readIssueGroupCounts(ctx: ActorContext, access: ProjectAccess, request: WindowRequest) {
  const keys = groupKeysOf(request.groupBy, request.lookups, request.query);
  const counters = countStatements(ctx, access, request);
  const results = await ctx.db.$client.batch<{ key: string | null; count: number }>(counters);
  const { groups, total } = groupCountsOf(request.groupBy, results.flatMap((result) => result.results), new Set(keys));
  return { groups: Object.fromEntries(groups), total };
}

export type { WindowRequest };
