// How issues look in responses and live-board changes. A list row carries
// everything a list, board, calendar or Gantt shows; the detail adds the description, the
// cycle/module bridge rows and the blocker relations.
import { type SQLWrapper, and, eq, getTableColumns, inArray, or, sql } from "drizzle-orm";
import {
  cycleIssues,
  cycles,
  issueBlockers,
  issueLinks,
  issues,
  labels,
  moduleIssues,
  modules,
  projectMembers,
  states,
  users,
  type Issue,
  type Project,
  type Workspace,
} from "../../drizzle/schema";
import type { Db } from "../db";
import { VersionedCache } from "../lib/versioned-cache";
import { inList, runNamedBatch } from "../lib/batch";
import { memberColumns, memberDetailOf, type MemberDetail } from "./serializers";

type StateDetail = { id: string; name: string; color: string; group: string };
type LabelDetail = { id: string; name: string; color: string };
type ParentDetail = { id: string; name: string; sequence_id: number; project_detail: { id: string; identifier: string } };

/** The project's states, labels and members, looked up by id while shaping issue rows. */
export interface ProjectLookups {
  project: LookupsProject;
  workspace: Pick<Workspace, "id" | "slug" | "name">;
  states: Map<string, StateDetail>;
  labels: Map<string, LabelDetail>;
  members: Map<string, MemberDetail>;
  parents: Map<string, ParentDetail>;
  /** The state new issues start in: each project has exactly one default state. */
  defaultStateId: string | null;
}

const stateDetailOf = (s: typeof states.$inferSelect): StateDetail => ({ id: s.id, name: s.name, color: s.color, group: s.group });

/** The statements reading a project's states, labels and members, to batch with other reads. */
function projectLookupQueries(db: Db, projectId: string) {
  return [
    db.select().from(states).where(eq(states.project_id, projectId)).orderBy(states.sequence),
    db.select({ id: labels.id, name: labels.name, color: labels.color }).from(labels).where(eq(labels.project_id, projectId)),
    db
      .select({ user: users })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.member_id))
      .where(eq(projectMembers.project_id, projectId)),
  ] as const;
}

type LookupQueries = ReturnType<typeof projectLookupQueries>;
type LookupRows = [Awaited<LookupQueries[0]>, Awaited<LookupQueries[1]>, Awaited<LookupQueries[2]>];

/**
 * The project as the caller's access row read it. `lookups_version` must have been read in this
 * request before anything it names could have changed: requests that read lookups (issue reads
 * and writes, cycle and module lists, the issue views page) never write states, labels or members.
 */
type LookupsProject = Pick<Project, "id" | "identifier" | "name" | "lookups_version">;

/** Every project's lookup rows this isolate read last, by project id (a few hundred bytes a row). */
const lookupRowsCache = new VersionedCache<LookupRows>(20_000);

/** The project's lookup rows: from this isolate's cache when its lookups have not changed since. */
async function lookupRowsOf(db: Db, project: LookupsProject): Promise<LookupRows> {
  const version = String(project.lookups_version);
  const cached = lookupRowsCache.get(project.id, version);
  if (cached) return cached;
  return rememberLookupRows(project, [...(await db.batch(projectLookupQueries(db, project.id)))]);
}

/** Keeps lookup rows read at (or after) `project.lookups_version` for the next request of this isolate. */
function rememberLookupRows(project: LookupsProject, rows: LookupRows): LookupRows {
  lookupRowsCache.set(project.id, String(project.lookups_version), rows, rows[0].length + rows[1].length + rows[2].length + 1);
  return rows;
}

/**
 * Reads the parent of the issue (none when it has none) by the id its row names, as `loadParents`
 * does: a statement, for a batch that holds the issue's other reads or its write.
 */
export const parentOfQuery = ({ db }: { db: Db }, issueId: string) =>
  db
    .select({ id: issues.id, name: issues.name, sequence_id: issues.sequence_id, project_id: issues.project_id })
    .from(issues)
    .where(inArray(issues.id, db.select({ id: issues.parent_id }).from(issues).where(eq(issues.id, issueId))));

export type ParentRows = Awaited<ReturnType<typeof parentOfQuery>>;

/** Reads the named parent issues; none read when there are none (a list page rarely has many). */
async function loadParents(db: Db, parentIds: Iterable<string>) {
  const parentList = [...new Set(parentIds)];
  if (parentList.length === 0) return [];
  // By primary key only: with the project in the WHERE clause SQLite walks the project's index
  // instead, reading every issue of the project for a page of 100 (seen in the bench).
  return db
    .select({ id: issues.id, name: issues.name, sequence_id: issues.sequence_id, project_id: issues.project_id })
    .from(issues)
    .where(inList(issues.id, parentList));
}

function projectLookupsOf(
  project: ProjectLookups["project"],
  workspace: ProjectLookups["workspace"],
  [stateRows, labelRows, memberRows]: LookupRows,
  parentRows: Awaited<ReturnType<typeof loadParents>>,
): ProjectLookups {
  return {
    project,
    workspace,
    states: new Map(stateRows.map((s) => [s.id, stateDetailOf(s)])),
    defaultStateId: stateRows.find((s) => s.default)?.id ?? null,
    labels: new Map(labelRows.map((l) => [l.id, l])),
    members: new Map(memberRows.map(({ user }) => [user.id, memberDetailOf(user)])),
    parents: parentsOf(project, parentRows),
  };
}

function parentsOf(project: ProjectLookups["project"], parentRows: Awaited<ReturnType<typeof loadParents>>): ProjectLookups["parents"] {
  return new Map(
    parentRows
      .filter((p) => p.project_id === project.id)
      .map(({ project_id: _project, ...p }) => [p.id, { ...p, project_detail: { id: project.id, identifier: project.identifier } }]),
  );
}

/** Reads the lookups an issue page or list needs: one D1 round trip, two when parents are named. */
export async function loadProjectLookups(
  db: Db,
  project: ProjectLookups["project"],
  workspace: ProjectLookups["workspace"],
  parentIds: Iterable<string> = [],
): Promise<ProjectLookups> {
  const [lookupRows, parentRows] = await Promise.all([lookupRowsOf(db, project), loadParents(db, parentIds)]);
  return projectLookupsOf(project, workspace, lookupRows, parentRows);
}

/** A select of `issueListColumns` (what `readIssueListRows` runs). */
export interface IssueListSelect {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * Runs a select of `issueListColumns` and maps its rows without drizzle's row mapper, which checks
 * every field's class on every row: on a board of 1,000 issues that, and D1 turning rows into
 * objects only for drizzle to turn them back into arrays, was a large part of the Worker's time. Here the
 * rows come back as arrays (`raw()`) and each column's decoder is looked up once.
 */
export async function readIssueListRows(db: Db, select: IssueListSelect): Promise<IssueListRecord[]> {
  const { sql, params } = select.toSQL();
  const rows = await db.$client.prepare(sql).bind(...params).raw();
  const out = new Array<IssueListRecord>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const record: Record<string, unknown> = {};
    for (let c = 0; c < ISSUE_LIST_DECODERS.length; c++) {
      const [key, column] = ISSUE_LIST_DECODERS[c];
      const value = row[c];
      record[key] = value === null ? null : column.mapFromDriverValue(value);
    }
    out[r] = record as IssueListRecord;
  }
  return out;
}

/**
 * A list row D1 answered as an object (a batch answers objects, not arrays): decoded column by
 * column as `readIssueListRows` does, so both give the same record.
 */
export function decodeIssueListObject(row: Record<string, unknown>): IssueListRecord {
  const record: Record<string, unknown> = {};
  for (let c = 0; c < ISSUE_LIST_DECODERS.length; c++) {
    const [key, column] = ISSUE_LIST_DECODERS[c];
    const value = row[column.name];
    record[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return record as IssueListRecord;
}

/**
 * Reads a list's rows alongside the project's lookups (two reads in flight at once), then the
 * parents its rows name that the list itself does not hold, if any. `trim` picks the rows that
 * will be shown (a page drops its look-ahead row) so only their parents are read. A caller that
 * already holds the project's lookups (the issue views page reads them for its frame) passes them
 * as `known`.
 */
export async function loadIssuesWithLookups(
  db: Db,
  project: ProjectLookups["project"],
  workspace: ProjectLookups["workspace"],
  listRows: Promise<IssueListRecord[]>,
  trim: (rows: IssueListRecord[]) => IssueListRecord[] = (rows) => rows,
  known?: ProjectLookups,
): Promise<{ rows: IssueListRecord[]; shown: IssueListRecord[]; lookups: ProjectLookups }> {
  const [rows, lookupRows] = await Promise.all([listRows, known ? null : lookupRowsOf(db, project)]);
  const shown = trim(rows);
  const parentRows = await parentsOfRows(db, rows, shown);
  const lookups = lookupRows
    ? projectLookupsOf(project, workspace, lookupRows, parentRows)
    : { ...(known as ProjectLookups), parents: parentsOf(project, parentRows) };
  return { rows, shown, lookups };
}

/**
 * The parents `shown` names: taken from `rows` when they are in it (a board holds most), or from
 * `known` (parent rows the caller read in the same transaction as `rows`), read otherwise.
 */
async function parentsOfRows(db: Db, rows: IssueListRecord[], shown: IssueListRecord[], known: ParentRows = []) {
  const parentIds = new Set(shown.flatMap((row) => row.parent_id ?? []));
  if (parentIds.size === 0) return [];
  const held: Awaited<ReturnType<typeof loadParents>> = [];
  for (const parent of known) if (parentIds.delete(parent.id)) held.push(parent);
  for (const row of rows) {
    if (!parentIds.delete(row.id)) continue;
    held.push({ id: row.id, name: row.name, sequence_id: row.sequence_id, project_id: row.project_id });
  }
  return [...held, ...(await loadParents(db, parentIds))];
}

/**
 * `lookups` with the parents that `rows` name as they are now, not as the lookups read them: a
 * write publishes rows read or returned after its commit, and a parent renamed between its lookups
 * and its commit must not be published under its old name (seen in the board fuzz).
 */
export async function withCurrentParents(
  db: Db,
  lookups: ProjectLookups,
  rows: IssueListRecord[],
  known: ParentRows = [],
): Promise<ProjectLookups> {
  return { ...lookups, parents: parentsOf(lookups.project, await parentsOfRows(db, rows, rows, known)) };
}

export type StateRow = typeof states.$inferSelect;
export { stateDetailOf };

/**
 * The issue columns a list row is built from: everything but the description, which list rows do
 * not carry and which is most of a row's bytes (a board of 1,000 issues read 1,000 of them), and
 * `row_version`, which only the triggers and board updates use (ADR 010).
 */
const {
  description: _description,
  description_html: _html,
  description_stripped: _stripped,
  row_version: _rowVersion,
  ...issueListColumnSet
} = getTableColumns(issues);
export const issueListColumns = issueListColumnSet;
/** In select order: drizzle lists a select's columns in the order of the object's keys. */
const ISSUE_LIST_DECODERS = Object.entries(issueListColumns);
export type IssueListRecord = Omit<Issue, "description" | "description_html" | "description_stripped" | "row_version">;

/** The list/board shape of an issue (no description: the detail has it). */
export function issueRowOf(issue: IssueListRecord, lookups: ProjectLookups) {
  const { project, workspace } = lookups;
  return {
    id: issue.id,
    name: issue.name,
    sequence_id: issue.sequence_id,
    priority: issue.priority,
    state: issue.state_id,
    state_detail: issue.state_id ? (lookups.states.get(issue.state_id) ?? null) : null,
    parent: issue.parent_id,
    parent_detail: issue.parent_id ? (lookups.parents.get(issue.parent_id) ?? null) : null,
    estimate_point: issue.estimate_point,
    start_date: issue.start_date,
    target_date: issue.target_date,
    completed_at: issue.completed_at,
    sort_order: issue.sort_order,
    project: issue.project_id,
    project_detail: { id: project.id, identifier: project.identifier, name: project.name },
    workspace: issue.workspace_id,
    workspace_detail: { id: workspace.id, slug: workspace.slug, name: workspace.name },
    assignees: issue.assignee_ids,
    assignee_details: issue.assignee_ids.flatMap((id) => lookups.members.get(id) ?? []),
    // label_ids is denormalised and deleting a label does not rewrite it: show live labels only.
    labels: issue.label_ids.filter((id) => lookups.labels.has(id)),
    label_details: issue.label_ids.flatMap((id) => lookups.labels.get(id) ?? []),
    sub_issues_count: issue.sub_issues_count,
    link_count: issue.link_count,
    attachment_count: issue.attachment_count,
    cycle: issue.cycle_id,
    module: issue.module_id,
    created_by: issue.created_by,
    updated_by: issue.updated_by,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
  };
}

export type IssueRow = ReturnType<typeof issueRowOf>;

/**
 * The reads an issue's detail (the row plus description, bridges and relations) adds to its list row. A write appends them to its own batch, so the
 * detail it answers is read in the same transaction and round trip (`issueDetailFrom`).
 */
export function issueDetailQueries(db: Db, issueId: string | SQLWrapper) {
  // No whole-table joins in a batch: D1 answers batched rows as objects keyed by column name, so
  // two tables' "id" (or "created_at") collapse into one and drizzle maps the wrong values. The
  // bridge row and its cycle (or module) are read in one statement, the bridge's id under its own name.
  return [
    db
      .select({
        bridge_id: sql<string>`${cycleIssues.id}`.as("bridge_id"),
        id: cycles.id,
        name: cycles.name,
        start_date: cycles.start_date,
        end_date: cycles.end_date,
      })
      .from(cycleIssues)
      .innerJoin(cycles, eq(cycles.id, cycleIssues.cycle_id))
      .where(eq(cycleIssues.issue_id, issueId)),
    db
      .select({ bridge_id: sql<string>`${moduleIssues.id}`.as("bridge_id"), id: modules.id, name: modules.name, status: modules.status })
      .from(moduleIssues)
      .innerJoin(modules, eq(modules.id, moduleIssues.module_id))
      .where(eq(moduleIssues.issue_id, issueId)),
    db
      .select({
        issue_id: issueBlockers.issue_id,
        blocked_by_id: issueBlockers.blocked_by_id,
        other: { id: issues.id, name: issues.name, sequence_id: issues.sequence_id, state_id: issues.state_id },
      })
      .from(issueBlockers)
      .innerJoin(
        issues,
        or(
          and(eq(issueBlockers.issue_id, issueId), eq(issues.id, issueBlockers.blocked_by_id)),
          and(eq(issueBlockers.blocked_by_id, issueId), eq(issues.id, issueBlockers.issue_id)),
        ),
      )
      .where(or(eq(issueBlockers.issue_id, issueId), eq(issueBlockers.blocked_by_id, issueId))),
    // Each link with its creator: of the two tables' columns only "id" is in both, so the link's
    // goes under its own name (link_id).
    db
      .select({
        link: {
          id: sql<string>`${issueLinks.id}`.as("link_id"),
          title: issueLinks.title,
          url: issueLinks.url,
          metadata: issueLinks.metadata,
          created_at: issueLinks.created_at,
          updated_at: issueLinks.updated_at,
          created_by: issueLinks.created_by,
        },
        creator: memberColumns,
      })
      .from(issueLinks)
      .leftJoin(users, eq(users.id, issueLinks.created_by))
      .where(eq(issueLinks.issue_id, issueId))
      .orderBy(issueLinks.created_at),
  ] as const;
}

/**
 * The detail reads a just-created issue can need: it has no links yet, and has cycle, module or
 * blocker rows only when its create named them. A create skips the rest (each statement of a
 * batch costs about 0.4 ms on local D1); `rowsOf` fills the skipped ones in as empty.
 */
export function newIssueDetailQueries(db: Db, issueId: string, named: { cycle: boolean; module: boolean; relations: boolean }) {
  const wanted = [named.cycle, named.module, named.relations, false];
  const statements = issueDetailQueries(db, issueId).filter((_, i) => wanted[i]);
  const rowsOf = (results: readonly unknown[]) => {
    let next = 0;
    return wanted.map((read) => (read ? results[next++] : [])) as unknown as IssueDetailRows;
  };
  return { statements, rowsOf };
}

type DetailQueries = ReturnType<typeof issueDetailQueries>;
type Rows<I extends number> = Awaited<DetailQueries[I]>;
export type IssueDetailRows = readonly [Rows<0>, Rows<1>, Rows<2>, Rows<3>];

export async function issueDetailOf(db: Db, issue: Issue, lookups: ProjectLookups) {
  return issueDetailFrom(issue, await db.batch(issueDetailQueries(db, issue.id)), lookups);
}

/**
 * One issue's detail in one D1 round trip: a single batch reads the issue (by id, in this
 * project), its parent (by the id the row names), its detail rows (by the issue's indexes) and,
 * only when this isolate does not hold them at the project's `lookups_version`, the project's
 * states, labels and members (kept for the next request). Nothing else of the project is read.
 * Answers null when the issue is not in this project.
 */
export async function loadIssueDetail(
  db: Db,
  project: ProjectLookups["project"],
  workspace: ProjectLookups["workspace"],
  issueId: string,
): Promise<IssueDetail | null> {
  const held = lookupRowsCache.get(project.id, String(project.lookups_version));
  const read = await runNamedBatch(db, {
    issue: db
      .select()
      .from(issues)
      .where(and(eq(issues.id, issueId), eq(issues.project_id, project.id)))
      .limit(1),
    parent: parentOfQuery({ db }, issueId),
    detail: issueDetailQueries(db, issueId),
    lookups: held ? undefined : projectLookupQueries(db, project.id),
  });
  const issue = read.issue[0];
  if (!issue) return null;
  const lookupRows = held ?? rememberLookupRows(project, read.lookups as LookupRows);
  return issueDetailFrom(issue, read.detail, projectLookupsOf(project, workspace, lookupRows, read.parent));
}

/** The detail from `issueDetailQueries`' results (in order). */
export function issueDetailFrom(issue: Issue, rows: IssueDetailRows, lookups: ProjectLookups) {
  const [cycleRows, moduleRows, blockerRows, linkRows] = rows;
  const relatedOf = (other: { id: string; name: string; sequence_id: number; state_id: string | null }) => ({
    id: other.id,
    name: other.name,
    sequence_id: other.sequence_id,
    state_detail: other.state_id ? (lookups.states.get(other.state_id) ?? null) : null,
    project_detail: { id: lookups.project.id, identifier: lookups.project.identifier },
  });
  const blockers = blockerRows.filter((row) => row.issue_id === issue.id).map((row) => relatedOf(row.other));
  const blocking = blockerRows.filter((row) => row.blocked_by_id === issue.id).map((row) => relatedOf(row.other));
  const [cycleRow] = cycleRows;
  const [moduleRow] = moduleRows;
  return {
    ...issueRowOf(issue, lookups),
    description: issue.description,
    description_html: issue.description_html,
    description_stripped: issue.description_stripped,
    blockers_list: blockers.map((b) => b.id),
    blocks_list: blocking.map((b) => b.id),
    blocker_issues: blockers,
    blocked_issues: blocking,
    issue_link: linkRows.map(({ link, creator }) => ({
      id: link.id,
      title: link.title,
      url: link.url,
      metadata: link.metadata ?? {},
      created_at: link.created_at,
      updated_at: link.updated_at,
      created_by: link.created_by,
      created_by_detail: link.created_by && creator ? memberDetailOf(creator) : null,
    })),
    issue_cycle: cycleRow
      ? {
          id: cycleRow.bridge_id,
          cycle: cycleRow.id,
          cycle_detail: { id: cycleRow.id, name: cycleRow.name, start_date: cycleRow.start_date, end_date: cycleRow.end_date },
        }
      : null,
    issue_module: moduleRow
      ? {
          id: moduleRow.bridge_id,
          module: moduleRow.id,
          module_detail: { id: moduleRow.id, name: moduleRow.name, status: moduleRow.status },
        }
      : null,
  };
}

export type IssueDetail = ReturnType<typeof issueDetailFrom>;
