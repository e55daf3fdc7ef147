// Issues: create, read, list, update, delete, bulk delete and sub-issues, with the rules of
// design.md section 4 (sequence ids, sort order, state side effects, list fields replace sets,
// activity in the same batch) and a live-board change after every commit.
import { type SQL, and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  cycleIssues,
  cycles,
  issueAssignees,
  issueBlockers,
  issueLabels,
  issueSequences,
  issues,
  moduleIssues,
  modules,
  projects,
  type Issue,
} from "../../drizzle/schema";
import { allInOrder, chunks, runBatch } from "../lib/batch";
import { VersionedCache } from "../lib/versioned-cache";
import { isForeignKeyViolation } from "../lib/d1-errors";
import { sanitizeHtml } from "../lib/sanitize-html";
import { parseInput } from "../lib/validation";
import { ROLE, type ProjectAccess, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { Conflict, Invalid, NotFound } from "./errors";
import { type ActivityChange, activityInsert, setChanges } from "./issue-activity";
import {
  type IssueListQuery,
  cursorCondition,
  groupIssues,
  issueConditions,
  inList,
  listOrderComparator,
  nextCursorOf,
  ordering,
  parseIssueListQuery,
  relevantStateIds,
} from "./issue-query";
import {
  type IssueDetailRows,
  type IssueListRecord,
  type IssueListSelect,
  type ProjectLookups,
  issueDetailFrom,
  issueDetailOf,
  issueDetailQueries,
  issueListColumns,
  issueRowOf,
  loadIssuesWithLookups,
  listWithChangesSince,
  loadProjectLookups,
  newIssueDetailQueries,
  readIssueListRows,
  withCurrentParents,
} from "./issue-views";
import {
  AddSubIssuesInput,
  BulkDeleteIssuesInput,
  CreateIssueInput,
  FIRST_SORT_ORDER,
  type IssueWrite,
  SORT_STEP,
  UpdateIssueInput,
} from "./schemas/issues";

export const ISSUE_NOT_FOUND = "Issue not found.";
export const COMPLETED_CYCLE = "Completed cycles cannot receive issues.";
export const CHANGED_MEANWHILE = "The issue, or one it refers to, was deleted meanwhile. Reload and try again.";

/**
 * Runs an issue write whose references were checked before it: a row deleted between the check
 * and the commit (another user deleting the parent, or the issue itself) fails a foreign key, and
 * the caller gets a 409 instead of a 500. Found by the board fuzz test (tests/api/board-fuzz.test.ts).
 */
async function runIssueWrite(ctx: ActorContext, statements: BatchItem<"sqlite">[], gone = CHANGED_MEANWHILE) {
  try {
    return await runBatch(ctx.db, statements);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw gone === ISSUE_NOT_FOUND ? new NotFound(gone) : new Conflict(gone);
    throw error;
  }
}

const today = () => new Date().toISOString().slice(0, 10);

/** A cycle whose end date is before today is completed (design.md section 4). */
export function isCycleCompleted(cycle: { end_date: string | null }, day = today()) {
  return cycle.end_date !== null && cycle.end_date < day;
}

function unique(ids: readonly string[]) {
  return [...new Set(ids)];
}

const lookupsFor = (ctx: ActorContext, access: ProjectAccess, parentIds: Iterable<string> = []) =>
  loadProjectLookups(ctx.db, access.project, access.workspace, parentIds);

async function loadIssue(ctx: ActorContext, projectId: string, issueId: string): Promise<Issue> {
  const [issue] = await ctx.db
    .select()
    .from(issues)
    .where(and(eq(issues.id, issueId), eq(issues.project_id, projectId)))
    .limit(1);
  if (!issue) throw new NotFound(ISSUE_NOT_FOUND);
  return issue;
}

// ---------------------------------------------------------------- references

type StateRef = { id: string; name: string; group: string };

interface References {
  state?: StateRef;
  parent?: Pick<Issue, "id" | "name" | "sequence_id"> | null;
  labelNames: Map<string, string>;
  memberNames: Map<string, string>;
  relatedNames: Map<string, string>;
  cycle?: typeof cycles.$inferSelect | null;
  module?: typeof modules.$inferSelect | null;
}

/**
 * Checks every id the write names belongs to this project; answers 400 per field otherwise.
 * States, assignees and labels are checked against the project's lookups the caller already read;
 * the rest (parent, related issues, cycle, module) are read here, side by side.
 */
async function resolveReferences(
  ctx: ActorContext,
  access: ProjectAccess,
  data: IssueWrite,
  issueId: string | null,
  lookups: ProjectLookups,
): Promise<References> {
  const projectId = access.project.id;
  const identifier = access.project.identifier;
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => {
    errors[field] ??= [message];
  };
  const assignees = unique(data.assignees_list ?? []);
  const labelIds = unique(data.labels_list ?? []);
  const related = unique([...(data.blockers_list ?? []), ...(data.blocks_list ?? [])]);

  const stateId = data.state ?? (issueId === null ? lookups.defaultStateId : null);
  const state = stateId ? lookups.states.get(stateId) : undefined;
  const memberRows = assignees.flatMap((id) => {
    const member = lookups.members.get(id);
    return member ? [{ id, name: member.display_name || member.email }] : [];
  });
  const labelRows = labelIds.flatMap((id) => {
    const label = lookups.labels.get(id);
    return label ? [{ id, name: label.name }] : [];
  });
  const [parentRow, relatedRows, cycleRow, moduleRow] = await Promise.all([
    data.parent
      ? ctx.db
          .select({ id: issues.id, name: issues.name, sequence_id: issues.sequence_id })
          .from(issues)
          .where(and(eq(issues.id, data.parent), eq(issues.project_id, projectId)))
          .limit(1)
      : Promise.resolve([]),
    related.length
      ? ctx.db
          .select({ id: issues.id, sequence_id: issues.sequence_id })
          .from(issues)
          .where(and(eq(issues.project_id, projectId), inList(issues.id, related)))
      : Promise.resolve([]),
    data.cycle
      ? ctx.db.select().from(cycles).where(and(eq(cycles.id, data.cycle), eq(cycles.project_id, projectId))).limit(1)
      : Promise.resolve([]),
    data.module
      ? ctx.db.select().from(modules).where(and(eq(modules.id, data.module), eq(modules.project_id, projectId))).limit(1)
      : Promise.resolve([]),
  ]);

  if (data.state && !state) fail("state", "State not found in this project.");
  if (data.parent) {
    if (data.parent === issueId) fail("parent", "An issue cannot be its own parent.");
    else if (!parentRow[0]) fail("parent", "Parent issue not found in this project.");
    else if (issueId && (await isAncestor(ctx, issueId, data.parent))) {
      fail("parent", "An issue cannot have one of its sub-issues as its parent.");
    }
  }
  if (memberRows.length !== assignees.length) fail("assignees_list", "Every assignee must be a member of the project.");
  if (labelRows.length !== labelIds.length) fail("labels_list", "Label not found in this project.");
  if (relatedRows.length !== related.length) {
    const field = (data.blockers_list ?? []).some((id) => !relatedRows.find((r) => r.id === id)) ? "blockers_list" : "blocks_list";
    fail(field, "Issue not found in this project.");
  }
  if (issueId && data.blockers_list?.includes(issueId)) fail("blockers_list", "An issue cannot block itself.");
  if (issueId && data.blocks_list?.includes(issueId)) fail("blocks_list", "An issue cannot block itself.");
  if (data.cycle && !cycleRow[0]) fail("cycle", "Cycle not found in this project.");
  if (data.module && !moduleRow[0]) fail("module", "Module not found in this project.");
  if (Object.keys(errors).length) throw new Invalid(errors);
  if (cycleRow[0] && isCycleCompleted(cycleRow[0])) throw new Conflict(COMPLETED_CYCLE);

  return {
    state,
    parent: data.parent === undefined ? undefined : (parentRow[0] ?? null),
    memberNames: new Map(memberRows.map((m) => [m.id, m.name])),
    labelNames: new Map(labelRows.map((l) => [l.id, l.name])),
    relatedNames: new Map(relatedRows.map((r) => [r.id, `${identifier}-${r.sequence_id}`])),
    cycle: data.cycle === undefined ? undefined : (cycleRow[0] ?? null),
    module: data.module === undefined ? undefined : (moduleRow[0] ?? null),
  };
}

/** Whether `candidateParent` is below `issueId` (so making it the parent would close a loop). */
async function isAncestor(ctx: ActorContext, issueId: string, candidateParent: string): Promise<boolean> {
  // Walk up from the proposed parent; meeting the issue means the parent is one of its descendants.
  const rows = await ctx.db.all<{ found: number }>(sql`
    WITH RECURSIVE chain(id, depth) AS (
      SELECT parent_id, 1 FROM issues WHERE id = ${candidateParent}
      UNION ALL
      SELECT i.parent_id, c.depth + 1 FROM issues i JOIN chain c ON i.id = c.id WHERE c.id IS NOT NULL AND c.depth < 1000
    )
    SELECT 1 AS found FROM chain WHERE id = ${issueId} LIMIT 1`);
  return rows.length > 0;
}

/** Start/completion dates that follow a state change (design.md section 4). */
function stateSideEffects(
  newState: StateRef,
  oldGroup: string | null,
  startDate: string | null,
): Partial<Pick<Issue, "start_date" | "completed_at">> {
  const effects: Partial<Pick<Issue, "start_date" | "completed_at">> = {};
  if (newState.group === "started" && !startDate) effects.start_date = today();
  if (newState.group === "completed" && oldGroup !== "completed") effects.completed_at = new Date().toISOString();
  if (newState.group !== "completed" && oldGroup === "completed") effects.completed_at = null;
  return effects;
}

async function sanitizedDescription(html: string | undefined) {
  if (html === undefined) return {};
  const clean = await sanitizeHtml(html);
  return { description_html: clean.html || "<p></p>", description_stripped: clean.text };
}

function bridgeBase(access: ProjectAccess, issueId: string, actorId: string) {
  return { workspace_id: access.workspace.id, project_id: access.project.id, issue_id: issueId, created_by: actorId };
}

/** Moves the issue into a cycle (or out of every cycle when null): one cycle per issue. */
function cycleMove(ctx: ActorContext, access: ProjectAccess, issueId: string, cycleId: string | null): BatchItem<"sqlite">[] {
  if (cycleId === null) return [ctx.db.delete(cycleIssues).where(eq(cycleIssues.issue_id, issueId))];
  return [
    ctx.db
      .insert(cycleIssues)
      .values({ ...bridgeBase(access, issueId, ctx.actor.id), cycle_id: cycleId })
      .onConflictDoUpdate({ target: cycleIssues.issue_id, set: { cycle_id: cycleId, created_by: ctx.actor.id } }),
  ];
}

function moduleMove(ctx: ActorContext, access: ProjectAccess, issueId: string, moduleId: string | null): BatchItem<"sqlite">[] {
  if (moduleId === null) return [ctx.db.delete(moduleIssues).where(eq(moduleIssues.issue_id, issueId))];
  return [
    ctx.db
      .insert(moduleIssues)
      .values({ ...bridgeBase(access, issueId, ctx.actor.id), module_id: moduleId })
      .onConflictDoUpdate({ target: moduleIssues.issue_id, set: { module_id: moduleId, created_by: ctx.actor.id } }),
  ];
}

/** A bridge row binds 7 values and D1 allows 100 per statement: multi-row inserts go in parts. */
const BRIDGE_ROWS_PER_INSERT = 12;

function bridgeInserts(ids: string[], insert: (part: string[]) => BatchItem<"sqlite">): BatchItem<"sqlite">[] {
  return chunks(ids, BRIDGE_ROWS_PER_INSERT).map(insert);
}

const bumpSubIssues = (ctx: ActorContext, parentId: string, delta: number) =>
  ctx.db
    .update(issues)
    .set({ sub_issues_count: sql`MAX(0, ${issues.sub_issues_count} + ${delta})` })
    .where(eq(issues.id, parentId));

/**
 * Publishes the given issues' current rows to the project's board. `known` are rows the caller
 * already holds as committed (a write's RETURNING), which need not be read again. Answers the
 * lookups the rows were shaped with (their parents as of after the commit), for a write to shape
 * its own answer with.
 */
export async function publishIssues(
  ctx: ActorContext,
  access: ProjectAccess,
  ids: string[],
  lookups: ProjectLookups,
  known?: KnownRows,
): Promise<ProjectLookups>;
export async function publishIssues(ctx: ActorContext, access: ProjectAccess, ids: string[]): Promise<ProjectLookups | null>;
export async function publishIssues(
  ctx: ActorContext,
  access: ProjectAccess,
  ids: string[],
  lookups?: ProjectLookups,
  known: KnownRows = { rows: [], version: 0 },
): Promise<ProjectLookups | null> {
  const wanted = unique(ids);
  if (wanted.length === 0) return lookups ?? null;
  const held = known.rows.filter((row) => wanted.includes(row.id));
  const missing = wanted.filter((id) => !held.some((row) => row.id === id));
  const read = missing.length > 0
    ? await ctx.db.batch([ctx.db.select().from(issues).where(inList(issues.id, missing)), issuesVersionQuery(ctx, access.project.id)])
    : null;
  const rows = read ? [...held, ...read[0]] : held;
  const readVersion = read ? versionFrom(read[1]) : 0;
  // Every row here was returned by the write or read after it; their parents are read now too.
  const resolved = await withCurrentParents(ctx.db, lookups ?? (await lookupsFor(ctx, access)), rows);
  for (const row of rows) {
    const version = held.includes(row) ? known.version : readVersion;
    ctx.effects.publish(access.project.id, { kind: "issue", op: "upsert", id: row.id, row: issueRowOf(row, resolved), version });
  }
  return resolved;
}

/** Rows a write's batch returned, with the project's issues_version read in that batch. */
type KnownRows = { rows: Issue[]; version: number };

/**
 * The project's issues_version, to read in the same batch (one transaction) as the issue rows a
 * write publishes: the board keeps, per issue, the change with the highest version, so publishes
 * that reach it out of commit order cannot put an older row back (ADR 005, ADR 010).
 */
function issuesVersionQuery(ctx: ActorContext, projectId: string) {
  return ctx.db.select({ version: projects.issues_version }).from(projects).where(eq(projects.id, projectId));
}

const versionFrom = (result: unknown) => (result as { version: number }[])[0]?.version ?? 0;

// ---------------------------------------------------------------- create

export async function createIssue(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(CreateIssueInput, input);
  // No parents here: resolveReferences reads the one named, and the answer is shaped with the
  // parent as read after the commit (publishIssues).
  const lookups = await lookupsFor(ctx, access);
  const refs = await resolveReferences(ctx, access, data, null, lookups);
  const issueId = crypto.randomUUID();
  const project = access.project;
  const assignees = unique(data.assignees_list ?? []);
  const labelIds = unique(data.labels_list ?? []);
  const startDate = data.start_date ?? null;
  const effects = refs.state ? stateSideEffects(refs.state, null, startDate) : {};
  const base = bridgeBase(access, issueId, ctx.actor.id);
  const target = { issueId, projectId: project.id, workspaceId: access.workspace.id };

  const statements: BatchItem<"sqlite">[] = [
    // The counter row serialises numbering: D1 runs a batch as one transaction.
    ctx.db
      .insert(issueSequences)
      .values({ project_id: project.id, last_sequence_id: 1 })
      .onConflictDoUpdate({
        target: issueSequences.project_id,
        set: { last_sequence_id: sql`${issueSequences.last_sequence_id} + 1` },
      }),
    ctx.db
      .insert(issues)
      .values({
        id: issueId,
        workspace_id: access.workspace.id,
        project_id: project.id,
        name: data.name,
        description: (data.description ?? null) as Issue["description"],
        ...(await sanitizedDescription(data.description_html)),
        priority: data.priority ?? "none",
        state_id: refs.state?.id ?? null,
        parent_id: refs.parent?.id ?? null,
        estimate_point: data.estimate_point ?? null,
        start_date: startDate,
        target_date: data.target_date ?? null,
        ...effects,
        sequence_id: sql`(SELECT ${issueSequences.last_sequence_id} FROM ${issueSequences} WHERE ${issueSequences.project_id} = ${project.id})`,
        sort_order:
          data.sort_order ??
          sql`(SELECT COALESCE(MAX(${issues.sort_order}) + ${SORT_STEP}, ${FIRST_SORT_ORDER}) FROM ${issues} WHERE ${issues.project_id} = ${project.id})`,
        assignee_ids: assignees,
        label_ids: labelIds,
        cycle_id: refs.cycle?.id ?? null,
        module_id: refs.module?.id ?? null,
        created_by: ctx.actor.id,
        updated_by: ctx.actor.id,
      })
      .returning(),
    activityInsert(ctx, target, { field: "issue", verb: "created", new_value: data.name, comment: "created the issue" }),
  ];
  statements.push(
    ...bridgeInserts(assignees, (part) => ctx.db.insert(issueAssignees).values(part.map((assignee_id) => ({ ...base, assignee_id })))),
    ...bridgeInserts(labelIds, (part) => ctx.db.insert(issueLabels).values(part.map((label_id) => ({ ...base, label_id })))),
  );
  const blockers = unique(data.blockers_list ?? []);
  const blocks = unique(data.blocks_list ?? []);
  statements.push(
    ...bridgeInserts(blockers, (part) => ctx.db.insert(issueBlockers).values(part.map((blocked_by_id) => ({ ...base, blocked_by_id })))),
    ...bridgeInserts(blocks, (part) =>
      ctx.db.insert(issueBlockers).values(part.map((other) => ({ ...base, issue_id: other, blocked_by_id: issueId }))),
    ),
  );
  if (refs.parent) statements.push(bumpSubIssues(ctx, refs.parent.id, 1));
  if (refs.cycle) statements.push(...cycleMove(ctx, access, issueId, refs.cycle.id));
  if (refs.module) statements.push(...moduleMove(ctx, access, issueId, refs.module.id));

  // The detail is read at the end of the write's own batch: same transaction, no extra round trip.
  const detailReads = newIssueDetailQueries(ctx.db, issueId, {
    cycle: Boolean(refs.cycle),
    module: Boolean(refs.module),
    relations: blockers.length + blocks.length > 0,
  });
  const results = await runIssueWrite(ctx, [...statements, issuesVersionQuery(ctx, project.id), ...detailReads.statements]);
  const created = (results[1] as Issue[])[0];
  const published = { rows: [created], version: versionFrom(results[statements.length]) };
  const shapedWith = await publishIssues(ctx, access, [issueId, ...(refs.parent ? [refs.parent.id] : []), ...blockers, ...blocks], lookups, published);
  return issueDetailFrom(created, detailReads.rowsOf(results.slice(statements.length + 1)), shapedWith);
}

// ---------------------------------------------------------------- read

export async function getIssue(ctx: ActorContext, slug: string, projectId: string, issueId: string) {
  const access = await projectAccess(ctx, slug, projectId);
  const issue = await loadIssue(ctx, projectId, issueId);
  return issueDetailOf(ctx.db, issue, await lookupsFor(ctx, access, issue.parent_id ? [issue.parent_id] : []));
}

export type IssueListScope = { cycleId?: string; moduleId?: string };

/**
 * The list behind every issue view. Without `per_page` it answers every matching issue (an array,
 * or an object keyed by group); with it, `{results, next_cursor}` one keyset page at a time.
 */
export async function listIssuesWithAccess(
  ctx: ActorContext,
  access: ProjectAccess,
  query: IssueListQuery,
  scope: IssueListScope = {},
  knownLookups?: ProjectLookups,
) {
  const conditions: SQL[] = issueConditions(access.project.id, query);
  if (scope.cycleId) conditions.push(eq(issues.cycle_id, scope.cycleId));
  if (scope.moduleId) conditions.push(eq(issues.module_id, scope.moduleId));
  const after = cursorCondition(query);
  if (after) conditions.push(after);
  const select = ctx.db
    .select(issueListColumns)
    .from(issues)
    .where(and(...conditions))
    .orderBy(...ordering(query.order_by).orderBy);
  const perPage = query.per_page;
  if (perPage === undefined) return wholeList(ctx, access, query, scope, conditions, select, knownLookups);
  const { rows, shown: page, lookups } = await loadIssuesWithLookups(
    ctx.db,
    access.project,
    access.workspace,
    readIssueListRows(ctx.db, select.limit(perPage + 1)),
    (all) => (all.length > perPage ? all.slice(0, perPage) : all),
    knownLookups,
  );
  const hasMore = rows.length > perPage;
  return { results: shapeList(page, lookups, query), next_cursor: hasMore ? nextCursorOf(query, page[page.length - 1]) : null };
}

function shapeList(rows: IssueListRecord[], lookups: ProjectLookups, query: IssueListQuery) {
  const shaped = rows.map((row) => issueRowOf(row, lookups));
  return query.group_by
    ? groupIssues(shaped, query.group_by, query.group_by === "state" ? relevantStateIds(lookups.states.values(), query) : [])
    : shaped;
}

interface WholeList {
  /** What the rows were shaped with besides themselves (`shapeStamp`). */
  stamp: string;
  /** Every matching row, in list order. */
  rows: IssueListRecord[];
  results: ReturnType<typeof shapeList>;
}

/**
 * Whole lists (boards: no `per_page`) this isolate answered last, by project, scope and query, at
 * the project's issues_version (ADR 010). A board of 1,000 issues costs tens of milliseconds to read
 * and shape and is read far more often than it changes: an unchanged one is answered from here, and
 * after writes only the rows written since are read. Bounded by rows (about 2 KB each with their
 * shaped copy): a list over 5,000 rows is not kept. Callers treat the results as read-only.
 */
const wholeListCache = new VersionedCache<WholeList>(6_000, 5_000);

/**
 * What a list's rows are shaped with besides themselves, as the access row read it: the project's
 * lookups version and the project's and workspace's names and slug, which every row shows. When it
 * differs the list is read afresh, not patched: a state's group or a deleted label can change which
 * issues match without writing them.
 */
function shapeStamp({ project, workspace }: ProjectAccess) {
  return JSON.stringify([project.lookups_version, project.identifier, project.name, workspace.slug, workspace.name]);
}

/**
 * A whole list: from the cache when the project's issues have not changed since it was stored;
 * brought up to date from the rows written since when they have (`listWithChangesSince`); read in
 * full otherwise. The versions come from the access row, read before any of these rows.
 */
async function wholeList(
  ctx: ActorContext,
  access: ProjectAccess,
  query: IssueListQuery,
  scope: IssueListScope,
  conditions: SQL[],
  select: IssueListSelect,
  knownLookups?: ProjectLookups,
) {
  const { project, workspace } = access;
  const key = JSON.stringify([project.id, scope, query]);
  const stamp = shapeStamp(access);
  const held = wholeListCache.peek(key);
  const since = held && held.value.stamp === stamp ? Number(held.version) : null;
  if (held && since === project.issues_version) return held.value.results;
  const source =
    held && since !== null && since < project.issues_version
      ? listWithChangesSince(ctx.db, project.id, conditions, held.value.rows, since, listOrderComparator(query.order_by))
      : readIssueListRows(ctx.db, select);
  const { rows, lookups } = await loadIssuesWithLookups(ctx.db, project, workspace, source, undefined, knownLookups);
  const results = shapeList(rows, lookups, query);
  wholeListCache.set(key, String(project.issues_version), { stamp, rows, results }, rows.length + 1);
  return results;
}

export async function listIssues(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  params: Record<string, string | undefined>,
) {
  const access = await projectAccess(ctx, slug, projectId);
  // Awaited here: a bad cursor rejects before listIssuesWithAccess's first await, and a returned
  // (not awaited) rejected promise is reported by workerd as an unhandled rejection.
  return await listIssuesWithAccess(ctx, access, parseIssueListQuery(params));
}

// ---------------------------------------------------------------- update

export async function updateIssue(ctx: ActorContext, slug: string, projectId: string, issueId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(UpdateIssueInput, input);
  const [issue, lookups] = await allInOrder([loadIssue(ctx, projectId, issueId), lookupsFor(ctx, access)] as const);
  const refs = await resolveReferences(ctx, access, data, issueId, lookups);
  const target = { issueId, projectId, workspaceId: access.workspace.id };
  const base = bridgeBase(access, issueId, ctx.actor.id);
  const patch: Partial<Issue> = {};
  const changes: ActivityChange[] = [];
  const statements: BatchItem<"sqlite">[] = [];
  const touched = new Set<string>([issueId]);
  const stateName = (id: string | null) => (id ? (lookups.states.get(id)?.name ?? null) : null);
  const scalar = <K extends "name" | "priority" | "estimate_point" | "start_date" | "target_date">(key: K, field = key) => {
    const value = data[key];
    if (value === undefined || value === issue[key]) return;
    (patch as Record<string, unknown>)[key] = value;
    changes.push({ field: field as ActivityChange["field"], old_value: issue[key]?.toString() ?? null, new_value: value?.toString() ?? null });
  };

  scalar("name");
  scalar("priority");
  scalar("estimate_point");
  scalar("start_date");
  scalar("target_date");
  if (data.sort_order !== undefined && data.sort_order !== issue.sort_order) patch.sort_order = data.sort_order;
  // One "description" activity whether the rich JSON, the HTML or both changed; an unchanged one is no write.
  let descriptionChanged = false;
  if (data.description !== undefined && JSON.stringify(data.description) !== JSON.stringify(issue.description)) {
    patch.description = data.description as Issue["description"];
    descriptionChanged = true;
  }
  if (data.description_html !== undefined) {
    const clean = await sanitizedDescription(data.description_html);
    if (clean.description_html !== issue.description_html) {
      Object.assign(patch, clean);
      descriptionChanged = true;
    }
  }
  if (descriptionChanged) changes.push({ field: "description", comment: "updated the description" });

  if (refs.state && refs.state.id !== issue.state_id) {
    const oldGroup = issue.state_id ? (lookups.states.get(issue.state_id)?.group ?? null) : null;
    patch.state_id = refs.state.id;
    Object.assign(patch, stateSideEffects(refs.state, oldGroup, patch.start_date ?? issue.start_date));
    changes.push({
      field: "state",
      old_value: stateName(issue.state_id),
      new_value: refs.state.name,
      old_identifier: issue.state_id,
      new_identifier: refs.state.id,
    });
  }

  if (refs.parent !== undefined && (refs.parent?.id ?? null) !== issue.parent_id) {
    const newParent = refs.parent?.id ?? null;
    patch.parent_id = newParent;
    if (issue.parent_id) {
      statements.push(bumpSubIssues(ctx, issue.parent_id, -1));
      touched.add(issue.parent_id);
    }
    if (newParent) {
      statements.push(bumpSubIssues(ctx, newParent, 1));
      touched.add(newParent);
    }
    const oldParent = issue.parent_id ? await loadIssue(ctx, projectId, issue.parent_id).catch(() => null) : null;
    const identifier = access.project.identifier;
    changes.push({
      field: "parent",
      old_value: oldParent ? `${identifier}-${oldParent.sequence_id}` : null,
      new_value: refs.parent ? `${identifier}-${refs.parent.sequence_id}` : null,
      old_identifier: issue.parent_id,
      new_identifier: newParent,
    });
  }

  if (data.assignees_list !== undefined) {
    const next = unique(data.assignees_list);
    const removed = issue.assignee_ids.filter((id) => !next.includes(id));
    const added = next.filter((id) => !issue.assignee_ids.includes(id));
    if (removed.length || added.length || next.join() !== issue.assignee_ids.join()) patch.assignee_ids = next;
    if (removed.length) {
      statements.push(
        ctx.db.delete(issueAssignees).where(and(eq(issueAssignees.issue_id, issueId), inList(issueAssignees.assignee_id, removed))),
      );
    }
    statements.push(
      ...bridgeInserts(added, (part) => ctx.db.insert(issueAssignees).values(part.map((assignee_id) => ({ ...base, assignee_id })))),
    );
    const nameOf = (id: string) => refs.memberNames.get(id) ?? lookups.members.get(id)?.display_name ?? id;
    changes.push(...setChanges("assignees", issue.assignee_ids, next, nameOf));
  }

  if (data.labels_list !== undefined) {
    const next = unique(data.labels_list);
    const removed = issue.label_ids.filter((id) => !next.includes(id));
    const added = next.filter((id) => !issue.label_ids.includes(id));
    if (removed.length || added.length || next.join() !== issue.label_ids.join()) patch.label_ids = next;
    if (removed.length) {
      statements.push(ctx.db.delete(issueLabels).where(and(eq(issueLabels.issue_id, issueId), inList(issueLabels.label_id, removed))));
    }
    statements.push(...bridgeInserts(added, (part) => ctx.db.insert(issueLabels).values(part.map((label_id) => ({ ...base, label_id })))));
    const nameOf = (id: string) => refs.labelNames.get(id) ?? lookups.labels.get(id)?.name ?? id;
    changes.push(...setChanges("labels", issue.label_ids, next, nameOf));
  }

  if (data.blockers_list !== undefined || data.blocks_list !== undefined) {
    const current = await ctx.db
      .select({ issue_id: issueBlockers.issue_id, blocked_by_id: issueBlockers.blocked_by_id, sequence_id: issues.sequence_id })
      .from(issueBlockers)
      .innerJoin(
        issues,
        sql`${issues.id} = CASE WHEN ${issueBlockers.issue_id} = ${issueId} THEN ${issueBlockers.blocked_by_id} ELSE ${issueBlockers.issue_id} END`,
      )
      .where(sql`${issueBlockers.issue_id} = ${issueId} OR ${issueBlockers.blocked_by_id} = ${issueId}`);
    const identifierOf = (id: string) =>
      refs.relatedNames.get(id) ??
      `${access.project.identifier}-${current.find((row) => row.issue_id === id || row.blocked_by_id === id)?.sequence_id ?? "?"}`;
    if (data.blockers_list !== undefined) {
      const before = current.filter((row) => row.issue_id === issueId).map((row) => row.blocked_by_id);
      const next = unique(data.blockers_list);
      const removed = before.filter((id) => !next.includes(id));
      const added = next.filter((id) => !before.includes(id));
      if (removed.length) {
        statements.push(
          ctx.db.delete(issueBlockers).where(and(eq(issueBlockers.issue_id, issueId), inList(issueBlockers.blocked_by_id, removed))),
        );
      }
      statements.push(
        ...bridgeInserts(added, (part) =>
          ctx.db
            .insert(issueBlockers)
            .values(part.map((blocked_by_id) => ({ ...base, blocked_by_id })))
            .onConflictDoNothing(),
        ),
      );
      for (const id of [...removed, ...added]) touched.add(id);
      changes.push(...setChanges("blocking", before, next, identifierOf));
    }
    if (data.blocks_list !== undefined) {
      const before = current.filter((row) => row.blocked_by_id === issueId).map((row) => row.issue_id);
      const next = unique(data.blocks_list);
      const removed = before.filter((id) => !next.includes(id));
      const added = next.filter((id) => !before.includes(id));
      if (removed.length) {
        statements.push(
          ctx.db.delete(issueBlockers).where(and(eq(issueBlockers.blocked_by_id, issueId), inList(issueBlockers.issue_id, removed))),
        );
      }
      statements.push(
        ...bridgeInserts(added, (part) =>
          ctx.db
            .insert(issueBlockers)
            .values(part.map((other) => ({ ...base, issue_id: other, blocked_by_id: issueId })))
            .onConflictDoNothing(),
        ),
      );
      for (const id of [...removed, ...added]) touched.add(id);
      changes.push(...setChanges("blocks", before, next, identifierOf));
    }
  }

  if (refs.cycle !== undefined && (refs.cycle?.id ?? null) !== issue.cycle_id) {
    patch.cycle_id = refs.cycle?.id ?? null;
    statements.push(...cycleMove(ctx, access, issueId, patch.cycle_id));
    changes.push({ field: "cycles", old_identifier: issue.cycle_id, new_identifier: patch.cycle_id, new_value: refs.cycle?.name ?? null });
  }
  if (refs.module !== undefined && (refs.module?.id ?? null) !== issue.module_id) {
    patch.module_id = refs.module?.id ?? null;
    statements.push(...moduleMove(ctx, access, issueId, patch.module_id));
    changes.push({ field: "modules", old_identifier: issue.module_id, new_identifier: patch.module_id, new_value: refs.module?.name ?? null });
  }

  if (Object.keys(patch).length === 0 && statements.length === 0) {
    return issueDetailOf(ctx.db, issue, await lookupsFor(ctx, access, issue.parent_id ? [issue.parent_id] : []));
  }
  patch.updated_by = ctx.actor.id;
  const now = new Date().toISOString();
  const writes: BatchItem<"sqlite">[] = [
    ctx.db.update(issues).set({ ...patch, updated_at: now }).where(eq(issues.id, issueId)).returning(),
    ...statements,
    ...changes.map((change) => activityInsert(ctx, target, change, now)),
  ];
  // Read in the write's own batch (same transaction, no extra round trip): the detail, and when
  // the name changed the sub-issues, whose rows show their parent's name (parent_detail).
  const detailQueries = issueDetailQueries(ctx.db, issueId);
  const childrenQuery = ctx.db.select({ id: issues.id }).from(issues).where(eq(issues.parent_id, issueId));
  const renamed = patch.name !== undefined;
  const versionQuery = issuesVersionQuery(ctx, projectId);
  const results = await runIssueWrite(ctx, [...writes, versionQuery, ...detailQueries, ...(renamed ? [childrenQuery] : [])]);
  const updated = (results[0] as Issue[])[0];
  // Deleted by someone else after we loaded it, and nothing in the batch referred to it.
  if (!updated) throw new NotFound(ISSUE_NOT_FOUND);
  const detailStart = writes.length + 1;
  const detailRows = results.slice(detailStart, detailStart + detailQueries.length) as unknown as IssueDetailRows;
  if (renamed) {
    for (const child of results[detailStart + detailQueries.length] as { id: string }[]) touched.add(child.id);
  }
  // The answer is shaped as the board's row is: states, labels and members as read before the
  // write, the parent as read after it.
  const published = { rows: [updated], version: versionFrom(results[writes.length]) };
  const shapedWith = await publishIssues(ctx, access, [...touched], lookups, published);
  return issueDetailFrom(updated, detailRows, shapedWith);
}

// ---------------------------------------------------------------- delete

/** Frees the issue's sub-issues (returning their ids), then deletes it; index 1 is the freeing. */
function deleteStatements(ctx: ActorContext, access: ProjectAccess, issue: Issue): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [
    activityInsert(
      ctx,
      { issueId: issue.id, projectId: access.project.id, workspaceId: access.workspace.id },
      { field: "issue", verb: "deleted", old_value: `${access.project.identifier}-${issue.sequence_id}`, comment: "deleted the issue" },
    ),
    // Sub-issues survive their parent, as top-level issues. Returned from the same transaction so
    // one created a moment before the delete is republished too.
    ctx.db.update(issues).set({ parent_id: null }).where(eq(issues.parent_id, issue.id)).returning({ id: issues.id }),
    ctx.db.delete(issues).where(eq(issues.id, issue.id)),
  ];
  if (issue.parent_id) statements.push(bumpSubIssues(ctx, issue.parent_id, -1));
  return statements;
}

/**
 * Runs the delete statements of several issues in one transaction; answers the freed sub-issues
 * and the project's issues_version after the deletes.
 */
async function runDeletes(ctx: ActorContext, access: ProjectAccess, found: Issue[], gone: string) {
  const perIssue = found.map((issue) => deleteStatements(ctx, access, issue));
  const results = await runIssueWrite(ctx, [...perIssue.flat(), issuesVersionQuery(ctx, access.project.id)], gone);
  const freed: string[] = [];
  let offset = 0;
  for (const statements of perIssue) {
    freed.push(...(results[offset + 1] as { id: string }[]).map((row) => row.id));
    offset += statements.length;
  }
  return { freed, version: versionFrom(results[offset]) };
}

export async function deleteIssue(ctx: ActorContext, slug: string, projectId: string, issueId: string) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const issue = await loadIssue(ctx, projectId, issueId);
  // The activity row refers to the issue: deleted by someone else meanwhile, it fails the batch.
  const { freed: children, version } = await runDeletes(ctx, access, [issue], ISSUE_NOT_FOUND);
  ctx.effects.publish(projectId, { kind: "issue", op: "delete", id: issueId, version });
  await publishIssues(ctx, access, [...children, ...(issue.parent_id ? [issue.parent_id] : [])]);
}

/** Deletes the listed issues of this project (ids of other projects are left alone). */
export async function bulkDeleteIssues(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { issue_ids } = parseInput(BulkDeleteIssuesInput, input);
  const ids = unique(issue_ids);
  const found: Issue[] = [];
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    found.push(...(await ctx.db.select().from(issues).where(and(eq(issues.project_id, projectId), inArray(issues.id, chunk)))));
  }
  if (found.length === 0) throw new NotFound("No issues of this project match these ids.");
  const deletedIds = new Set(found.map((issue) => issue.id));
  const { freed: children, version } = await runDeletes(ctx, access, found, CHANGED_MEANWHILE);
  for (const id of deletedIds) ctx.effects.publish(projectId, { kind: "issue", op: "delete", id, version });
  const parents = found.flatMap((issue) => (issue.parent_id && !deletedIds.has(issue.parent_id) ? [issue.parent_id] : []));
  const orphans = children.filter((id) => !deletedIds.has(id));
  await publishIssues(ctx, access, [...parents, ...orphans]);
  return { message: `${found.length} issue${found.length === 1 ? "" : "s"} deleted successfully` };
}

// ---------------------------------------------------------------- sub-issues

export async function listSubIssues(ctx: ActorContext, slug: string, projectId: string, issueId: string) {
  const access = await projectAccess(ctx, slug, projectId);
  await loadIssue(ctx, projectId, issueId);
  const children = await ctx.db
    .select()
    .from(issues)
    .where(and(eq(issues.project_id, projectId), eq(issues.parent_id, issueId)))
    .orderBy(issues.sequence_id);
  const lookups = await lookupsFor(ctx, access, [issueId]);
  const state_distribution: Record<string, number> = { backlog: 0, unstarted: 0, started: 0, completed: 0, cancelled: 0 };
  for (const child of children) {
    const group = child.state_id ? lookups.states.get(child.state_id)?.group : undefined;
    if (group) state_distribution[group] += 1;
  }
  return { sub_issues: children.map((child) => issueRowOf(child, lookups)), state_distribution };
}

/** Makes the listed issues sub-issues of this one (moving them from any previous parent). */
export async function addSubIssues(ctx: ActorContext, slug: string, projectId: string, issueId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { sub_issue_ids } = parseInput(AddSubIssuesInput, input);
  const parent = await loadIssue(ctx, projectId, issueId);
  const ids = unique(sub_issue_ids);
  if (ids.includes(issueId)) throw Invalid.field("sub_issue_ids", "An issue cannot be its own sub-issue.");
  const children = await ctx.db.select().from(issues).where(and(eq(issues.project_id, projectId), inList(issues.id, ids)));
  if (children.length !== ids.length) throw Invalid.field("sub_issue_ids", "Issue not found in this project.");
  for (const child of children) {
    if (await isAncestor(ctx, child.id, issueId)) {
      throw Invalid.field("sub_issue_ids", "An issue cannot become a sub-issue of its own sub-issue.");
    }
  }
  const moving = children.filter((child) => child.parent_id !== issueId);
  const identifier = access.project.identifier;
  const now = new Date().toISOString();
  const statements: BatchItem<"sqlite">[] = [];
  for (const child of moving) {
    statements.push(ctx.db.update(issues).set({ parent_id: issueId, updated_at: now, updated_by: ctx.actor.id }).where(eq(issues.id, child.id)));
    if (child.parent_id) statements.push(bumpSubIssues(ctx, child.parent_id, -1));
    statements.push(
      activityInsert(
        ctx,
        { issueId: child.id, projectId, workspaceId: access.workspace.id },
        {
          field: "parent",
          old_identifier: child.parent_id,
          new_identifier: issueId,
          new_value: `${identifier}-${parent.sequence_id}`,
        },
        now,
      ),
    );
  }
  if (moving.length) statements.push(bumpSubIssues(ctx, issueId, moving.length));
  await runIssueWrite(ctx, statements);
  await publishIssues(ctx, access, [issueId, ...moving.map((c) => c.id), ...moving.flatMap((c) => c.parent_id ?? [])]);
  return listSubIssues(ctx, slug, projectId, issueId);
}

export { loadIssue };
