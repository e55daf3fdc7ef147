// Issue lists' first pages kept in the isolate's memory at the project's issues_version (ADR 010):
// an unchanged list is answered from memory, and after writes only the rows written since are read
// and merged in. A list that fits in its page is kept whole; a longer one as its first page and the
// row after it.
import { type SQL, and, eq, gt, sql } from "drizzle-orm";
import { issueTombstones, issues } from "../../../drizzle/schema";
import type { Db } from "../../db";
import { runNamedBatch } from "../../lib/batch";
import { VersionedCache } from "../../lib/versioned-cache";
import type { ProjectAccess } from "../access";
import type { ActorContext } from "../context";
import {
  type IssueListRecord,
  type IssueListSelect,
  type ProjectLookups,
  issueListColumns,
  loadIssuesWithLookups,
  readIssueListRows,
} from "../issue-views";
import { type IssueListQuery, listOrderComparator } from "./list-query";

export type IssueListScope = { cycleId?: string; moduleId?: string };

interface HeldList {
  /** What the rows were shaped with besides themselves (`shapeStamp`). */
  stamp: string;
  /**
   * The list's first rows in list order: every matching row when they fit in the page, else the
   * page and one more (so more than a page held means the list goes on).
   */
  rows: IssueListRecord[];
  /** The page as the response shows it. */
  results: unknown;
}

/**
 * First pages this isolate answered last, by project, scope and query. A board of 1,000 issues
 * costs tens of milliseconds to read and shape and is read far more often than it changes.
 * Bounded by rows (about 2 KB each with their shaped copy). Callers treat the results as read-only.
 */
const firstPageCache = new VersionedCache<HeldList>(6_000, 5_000);

/**
 * What a list's rows are shaped with besides themselves, as the access row read it: the project's
 * lookups version and the project's and workspace's names and slug, which every row shows. When it
 * differs the list is read afresh, not patched: a state's group or a deleted label can change which
 * issues match without writing them.
 */
export function shapeStamp({ project, workspace }: ProjectAccess) {
  return JSON.stringify([project.lookups_version, project.identifier, project.name, workspace.slug, workspace.name]);
}

/**
 * The first page of a list (`size` rows): from the cache when the project's issues have not changed
 * since it was stored; brought up to date from the rows written since when they have
 * (`listWithChangesSince`), as long as what is held still covers a page; read otherwise, at most
 * `size` + 1 rows (`select` carries that LIMIT). `shape` gets the page's rows and whether more
 * follow. The versions come from the access row, read before any of these rows.
 */
export async function firstPage<T>(
  ctx: ActorContext,
  access: ProjectAccess,
  query: IssueListQuery,
  scope: IssueListScope,
  conditions: SQL[],
  select: IssueListSelect,
  size: number,
  shape: (rows: IssueListRecord[], lookups: ProjectLookups, more: boolean) => T,
  knownLookups?: ProjectLookups,
): Promise<T> {
  const { project, workspace } = access;
  const key = JSON.stringify([project.id, scope, query]);
  const stamp = shapeStamp(access);
  const cached = firstPageCache.peek(key);
  const held = cached?.value.stamp === stamp ? cached : undefined;
  const since = held ? Number(held.version) : null;
  if (held && since === project.issues_version) return held.value.results as T;
  const source =
    held && since !== null && since < project.issues_version
      ? changedOrRead(ctx, project.id, held.value, since, size, conditions, select, listOrderComparator(query.order_by))
      : readIssueListRows(ctx.db, select);
  const trim = (all: IssueListRecord[]) => (all.length > size ? all.slice(0, size) : all);
  const { rows, shown, lookups } = await loadIssuesWithLookups(ctx.db, project, workspace, source, trim, knownLookups);
  const more = rows.length > size;
  const results = shape(shown, lookups, more);
  const kept = more ? rows.slice(0, size + 1) : rows;
  firstPageCache.set(key, String(project.issues_version), { stamp, rows: kept, results }, kept.length + 1);
  return results;
}

/**
 * A held list brought up to date when what it holds still answers a page: a whole list always; the
 * first rows of a longer one while at least a page and one more remain (rows deleted or moved down
 * may leave a gap only a read can fill). Otherwise the list is read afresh.
 */
async function changedOrRead(
  ctx: ActorContext,
  projectId: string,
  held: HeldList,
  since: number,
  size: number,
  conditions: SQL[],
  select: IssueListSelect,
  compare: (a: IssueListRecord, b: IssueListRecord) => number,
): Promise<IssueListRecord[]> {
  const whole = held.rows.length <= size;
  const last = whole ? null : held.rows[held.rows.length - 1];
  const rows = await listWithChangesSince(ctx.db, projectId, conditions, held.rows, since, compare, last);
  return whole || rows.length > size ? rows : readIssueListRows(ctx.db, select);
}

/**
 * `rows`, a whole list (or its first rows up to `last`) as of the project's issues_version `since`
 * (in list order), brought up to date: reads only the project's issues written after `since`
 * (`row_version`, stamped by trigger) and those that left the project (`issue_tombstones`), in one
 * transaction. Changed rows that still
 * match `conditions` go back in at their place in the order; the rest are dropped. The result is
 * at least as new as the version the caller read before calling.
 */
export async function listWithChangesSince(
  db: Db,
  projectId: string,
  conditions: SQL[],
  rows: readonly IssueListRecord[],
  since: number,
  compare: (a: IssueListRecord, b: IssueListRecord) => number,
  /** The last row held of a list longer than `rows`: changed rows that sort after it are not placed. */
  last: IssueListRecord | null = null,
): Promise<IssueListRecord[]> {
  const { matching, written, gone } = await runNamedBatch(db, changesSince(db, projectId, since, db.select(issueListColumns), conditions));
  const dropped = new Set([...written.map((row) => row.id), ...gone.map((row) => row.id)]);
  const next = rows.filter((row) => !dropped.has(row.id));
  for (const row of matching as IssueListRecord[]) {
    // Rows the held ones never reached sort after `last`: a changed row there stays unknown too.
    if (last && compare(row, last) > 0) continue;
    insertInOrder(next, row, compare);
  }
  return next;
}

/**
 * What changed in a project's issues after its issues_version `since`: the rows written since that
 * `conditions` still match (read by `matching`, a select of the caller's columns), the ids of every
 * row written since, and of those that left the project. The ids are named `id` in the SQL too,
 * so a batch that answers rows by column name reads them alike.
 */
export function changesSince<M extends { from(table: typeof issues): { where(condition: SQL | undefined): unknown } }>(
  db: Db,
  projectId: string,
  since: number,
  matching: M,
  conditions: SQL[],
) {
  return {
    matching: matching.from(issues).where(and(...conditions, gt(issues.row_version, since))) as ReturnType<ReturnType<M["from"]>["where"]>,
    written: db
      .select({ id: issues.id })
      .from(issues)
      .where(and(eq(issues.project_id, projectId), gt(issues.row_version, since))),
    gone: db
      .select({ id: sql<string>`${issueTombstones.issue_id}`.as("id") })
      .from(issueTombstones)
      .where(and(eq(issueTombstones.project_id, projectId), gt(issueTombstones.version, since))),
  };
}

/** Puts `item` into `items` (in `compare`'s order) after every item that sorts before or with it. */
export function insertInOrder<T>(items: T[], item: T, compare: (a: T, b: T) => number) {
  // Binary search: few rows change between reads, and the held ones are already in order.
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(items[middle], item) <= 0) low = middle + 1;
    else high = middle;
  }
  items.splice(low, 0, item);
}
