// The issue views' first read (each group's count and first page), held in the isolate (ADR 010):
// a board is opened far more often than its issues change. Answered as held while the project's
// issues have not changed; brought up to date from the rows written since when they have, for the
// groupings an issue's own row decides (its state, its priority, or none); read afresh otherwise.
import { VersionedCache } from "../../lib/versioned-cache";
import type { ProjectAccess } from "../access";
import type { ActorContext } from "../context";
import { type IssueListRecord, decodeIssueListObject, issueListColumns } from "../issue-views";
import { ALL_GROUP, FROM_THE_START, type IssueWindows, NONE_GROUP, type WindowGroupBy } from "../schemas/issue-windows";
import type { ViewIssue } from "../schemas/responses";
import { changesSince, insertInOrder, shapeStamp } from "./list-cache";
import { listOrderComparator, nextCursorOf } from "./list-query";
import {
  type PageRow,
  type WindowGroupRows,
  type WindowRequest,
  type WindowRow,
  bridgeColumn,
  countStatements,
  countedGroups,
  pageStatement,
  readGroupFirstPages,
  rowsOfPage,
  scopedConditions,
  windowsOfGroups,
} from "./list-windows";

/** A first read as held: its groups' rows (to bring up to date), what the views got, and what shaped them. */
interface HeldWindows {
  stamp: string;
  groups: WindowGroupRows[];
  windows: IssueWindows;
}

/** Bounded by issues held. Callers treat the windows as read-only. */
const heldWindows = new VersionedCache<HeldWindows>(4_000, 2_000);

/**
 * The group an issue's own row puts it in, for the groupings where it alone decides; undefined for
 * the others (labels and creators also depend on other rows: they are read afresh).
 */
function groupOfRow(groupBy: WindowGroupBy, record: IssueListRecord): string | undefined {
  if (groupBy === "state") return record.state_id ?? NONE_GROUP;
  if (groupBy === "priority") return record.priority;
  if (groupBy === null) return ALL_GROUP;
  return undefined;
}

/**
 * The issue views' first read: from what is held when the project's issues and what shapes them
 * are as they were; up to date from the rows written since when only the issues changed; else
 * read. The versions come from the access row, read before any of these rows, in the statement
 * that reads the live board's clock: what is answered holds every change up to that clock.
 */
export async function readIssueWindows(ctx: ActorContext, access: ProjectAccess, request: WindowRequest, firstPage: number): Promise<IssueWindows> {
  const { project } = access;
  const key = JSON.stringify([project.id, request.scope, request.query, request.groupBy, firstPage]);
  const stamp = shapeStamp(access);
  const cached = heldWindows.peek(key);
  const held = cached?.value.stamp === stamp ? cached : undefined;
  const since = held ? Number(held.version) : null;
  if (held && since === project.issues_version) return held.value.windows;
  const brought = held && since !== null && since < project.issues_version ? await withChangesSince(ctx, access, request, firstPage, held.value, since) : null;
  const current = brought ?? (await readAfresh(ctx, access, request, firstPage, stamp));
  heldWindows.set(key, String(project.issues_version), current, current.windows.issues.length + 1);
  return current.windows;
}

async function readAfresh(ctx: ActorContext, access: ProjectAccess, request: WindowRequest, firstPage: number, stamp: string): Promise<HeldWindows> {
  const { total, groups } = await readGroupFirstPages(ctx, access, request, firstPage);
  return { stamp, groups, windows: windowsOfGroups(request, groups, total) };
}

/**
 * `held`, read at the project's issues version `since`, brought up to date: one batch reads the
 * counts again, the issues written since that the list matches, the ids of every issue written
 * since and those that left the project. Changed issues leave their groups and go back in at their
 * place in the group their row names, when that place is within the rows held; a group that lost
 * rows while more follow reads its first page again. Null, to read afresh, when the grouping does
 * not follow from the rows, or when the counts disagree with what the rows say.
 */
async function withChangesSince(
  ctx: ActorContext,
  access: ProjectAccess,
  request: WindowRequest,
  firstPage: number,
  held: HeldWindows,
  since: number,
): Promise<HeldWindows | null> {
  const { groupBy, query, scope } = request;
  if (groupBy !== "state" && groupBy !== "priority" && groupBy !== null) return null;
  const { db } = ctx;
  const projectId = access.project.id;
  const counters = countStatements(ctx, access, request);
  const withBridge = db.select({ ...issueListColumns, bridge_id: bridgeColumn(scope).as("bridge_id") });
  const changed = changesSince(db, projectId, since, withBridge, scopedConditions(projectId, query, scope));
  const changes = [changed.matching, changed.written, changed.gone].map((select) => {
    const built = select.toSQL();
    return db.$client.prepare(built.sql).bind(...built.params);
  });
  const answers = await db.$client.batch<PageRow>([...counters, ...changes]);
  const { keys, counts, total } = countedGroups(request, answers.slice(0, counters.length));
  if (keys.join("\n") !== held.groups.map((group) => group.key).join("\n")) return null;
  const [matching, written, gone] = answers.slice(counters.length).map((answer) => answer.results);
  const dropped = new Set([...written, ...gone].map((row) => row.id as string));
  const arrived: WindowRow[] = matching.map((row) => ({ record: decodeIssueListObject(row), bridge: (row.bridge_id as string | null) ?? null }));
  if (arrived.some((row) => !keys.includes(groupOfRow(groupBy, row.record) ?? ""))) return null;

  const compareRecords = listOrderComparator(query.order_by);
  const compare = (a: WindowRow, b: WindowRow) => compareRecords(a.record, b.record);
  const refill: string[] = [];
  const groups: WindowGroupRows[] = [];
  for (const group of held.groups) {
    const count = counts.get(group.key) ?? 0;
    if (group.rows === null) {
      groups.push({ key: group.key, count, rows: null, next_cursor: count > 0 ? FROM_THE_START : null });
      continue;
    }
    const whole = group.next_cursor === null;
    const last = whole ? null : group.rows[group.rows.length - 1];
    const rows = group.rows.filter((row) => !dropped.has(row.record.id));
    for (const row of arrived) {
      if (groupOfRow(groupBy, row.record) !== group.key) continue;
      // Rows the held ones never reached sort after `last`: a changed row there stays unread too.
      if (last && compare(row, last) > 0) continue;
      insertInOrder(rows, row, compare);
    }
    // A page that lost rows while more follow has a gap only a read can fill.
    if (!whole && rows.length < firstPage) {
      refill.push(group.key);
      groups.push({ key: group.key, count, rows: null, next_cursor: null });
      continue;
    }
    const more = !whole || rows.length > firstPage;
    const shown = rows.slice(0, firstPage);
    // What a group shows must agree with its count: a whole group counts what it holds.
    if (more ? count <= shown.length : count !== shown.length) return null;
    groups.push({ key: group.key, count, rows: shown, next_cursor: more ? nextCursorOf(query, shown[shown.length - 1].record) : null });
  }
  if (refill.length > 0) {
    const pages = await db.$client.batch<PageRow>(refill.map((key) => pageStatement(ctx, access, request, key, FROM_THE_START, firstPage)));
    refill.forEach((key, i) => {
      const group = groups.find((candidate) => candidate.key === key) as WindowGroupRows;
      Object.assign(group, rowsOfPage(request, pages[i].results, firstPage));
    });
  }
  // Rows held before keep the issue the views were given for them; changed and re-read ones are shaped anew.
  const shapedBefore = new Map<WindowRow, ViewIssue>();
  const heldIssues = new Map(held.windows.issues.map((issue) => [issue.id, issue]));
  for (const group of held.groups) {
    for (const row of group.rows ?? []) {
      const issue = heldIssues.get(row.record.id);
      if (issue) shapedBefore.set(row, issue);
    }
  }
  return { stamp: held.stamp, groups, windows: windowsOfGroups(request, groups, total, (row) => shapedBefore.get(row)) };
}
