// Writes one page of an import into its project: states and labels (reused by name), modules,
// issues with their sequence ids, assignees, labels, module, the link back to the source and a
// "created" activity, comments, and parent links; plus what each source record became
// (import_records) and the importer's new cursor, all in one D1 batch. A page replayed after a
// crash finds its records and writes nothing twice; a page that fails writes nothing at all.
import { and, eq, sql } from "drizzle-orm";
import {
  type Json,
  type StateGroup,
  importRecords,
  importers,
  issueSequences,
  issues,
  labels,
  type modules,
  projectMembers,
  states,
  users,
  workspaceMembers,
} from "../../drizzle/schema";
import type { ProjectAccess } from "../domain/access";
import type { ActorContext } from "../domain/context";
import { publishIssues } from "../domain/issues/publish";
import { labelOf } from "../domain/labels";
import { FIRST_SORT_ORDER, SORT_STEP } from "../domain/schemas/issues";
import type { ImportUserInput } from "../domain/schemas/importers";
import { stateOf } from "../domain/states";
import { rawStatement, runNamedBatch, sqlUuid } from "../lib/batch";
import { sanitizeHtml } from "../lib/sanitize-html";
import { type ImportProgress, type ImporterRow, type RejectedRecord, metadataWithoutSecrets } from "../domain/importer-row";
import type { ImportPage, SourceIssue, SourcePage } from "./source";

type RecordKind = (typeof importRecords.$inferSelect)["kind"];

/** Everything a run writes with: the initiator as actor, the project, and how keys are scoped. */
export interface ImportTarget {
  ctx: ActorContext;
  access: ProjectAccess;
  importer: ImporterRow;
  /** Prefix of every source key of this source ("github:1296269"), so two sources never collide. */
  scope: string;
  /** Shown in the activity ("imported the issue from GitHub"). */
  sourceName: string;
}

const GROUP_COLORS: Record<StateGroup, string> = {
  backlog: "#3f76ff",
  unstarted: "#ff9e9e",
  started: "#d687ff",
  completed: "#096e8d",
  cancelled: "#ff5353",
};
const GROUP_NAMES: Record<StateGroup, string> = {
  backlog: "Backlog",
  unstarted: "Todo",
  started: "In Progress",
  completed: "Done",
  cancelled: "Cancelled",
};
const LABEL_COLORS = ["#ef4444", "#f97316", "#eab308", "#22c55e", "#14b8a6", "#3b82f6", "#8b5cf6", "#ec4899"];
const STATE_STEP = 15_000;
/** Parent links waiting for an issue of a later page; past this many the rest are reported. */
const MAX_PENDING_PARENTS = 20_000;
const REJECTED_KEPT = 200;
const EMPTY_DOC = { type: "doc", content: [] } as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const lower = (value: string) => value.trim().toLowerCase();
const json = (value: unknown) => JSON.stringify(value);
const validDate = (value: string | null | undefined) =>
  value && ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null;
const validTime = (value: string | null | undefined) => {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

function labelColor(name: string) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return LABEL_COLORS[Math.abs(hash) % LABEL_COLORS.length];
}

interface PendingParent {
  child: string;
  parent: string;
}

/** The progress fields only the writer keeps (parent links whose issues have not landed yet). */
type WriterProgress = ImportProgress & { pending_parents?: PendingParent[] };

/**
 * The people of the source mapped to members, by the source's user name: those the person chose to
 * map (by the email they gave), or for a source that names people by email, each such member.
 */
async function mappedUsers(target: ImportTarget, page: ImportPage): Promise<Map<string, string>> {
  const data = target.importer.data as { users?: ImportUserInput[]; map_by_email?: boolean };
  const people = data.map_by_email
    ? [...new Set((page.issues ?? []).flatMap((issue) => issue.assignees))].map((email) => ({ username: email, email }))
    : (data.users ?? []).filter((user) => user.import === "map" && user.email);
  if (people.length === 0) return new Map();
  const emails = [...new Set(people.map((user) => lower(user.email)))];
  const rows = await target.ctx.db
    .select({ id: users.id, email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.member_id))
    .where(and(eq(workspaceMembers.workspace_id, target.access.workspace.id), sql`lower(${users.email}) IN (SELECT value FROM json_each(${json(emails)}))`));
  const byEmail = new Map(rows.map((row) => [lower(row.email), row.id]));
  const mapped = new Map<string, string>();
  for (const user of people) {
    const id = byEmail.get(lower(user.email));
    if (id) mapped.set(user.username, id);
  }
  return mapped;
}

/** Keys a page refers to, by kind, scoped (for the records lookup). */
function keysOf(target: ImportTarget, page: ImportPage, pending: PendingParent[]) {
  const scoped = (key: string) => `${target.scope}:${key}`;
  const issueKeys = new Set<string>();
  for (const issue of page.issues ?? []) {
    issueKeys.add(scoped(issue.key));
    if (issue.parent_key) issueKeys.add(scoped(issue.parent_key));
  }
  for (const comment of page.comments ?? []) issueKeys.add(scoped(comment.issue_key));
  for (const link of page.parents ?? []) {
    issueKeys.add(scoped(link.child_key));
    issueKeys.add(scoped(link.parent_key));
  }
  for (const link of pending) {
    issueKeys.add(link.child);
    issueKeys.add(link.parent);
  }
  const labelKeys = new Set<string>([...(page.labels ?? []).map((label) => scoped(label.key))]);
  for (const issue of page.issues ?? []) for (const label of issue.labels) labelKeys.add(scoped(label));
  const stateKeys = new Set<string>((page.states ?? []).map((state) => scoped(state.key)));
  for (const issue of page.issues ?? []) if (issue.state.key) stateKeys.add(scoped(issue.state.key));
  const moduleKeys = new Set<string>((page.modules ?? []).map((module) => scoped(module.key)));
  for (const issue of page.issues ?? []) if (issue.module_key) moduleKeys.add(scoped(issue.module_key));
  const commentKeys = new Set<string>((page.comments ?? []).map((comment) => scoped(comment.key)));
  return { issue: issueKeys, label: labelKeys, state: stateKeys, module: moduleKeys, comment: commentKeys };
}

export interface PageWritten {
  progress: ImportProgress;
  createdIssueIds: string[];
  /** False when the importer was deleted meanwhile: the run stops. */
  stillRecorded: boolean;
}

/** What the project already holds that the page may reuse, and who the source's people are. */
type Known = Awaited<ReturnType<typeof readKnown>>["known"];
type People = Map<string, string>;

/** Source keys already imported, by kind, and the records this page adds. */
class Ledger {
  readonly ids: Record<RecordKind, Map<string, string>>;
  readonly newRecords: { kind: RecordKind; source_key: string; target_id: string }[] = [];

  constructor(known: Known) {
    const recordOf = (rows: { key: string; id: string }[]) => new Map(rows.map((row) => [row.key, row.id]));
    this.ids = {
      issue: recordOf(known.issueRecords),
      label: recordOf(known.labelRecords),
      state: recordOf(known.stateRecords),
      module: recordOf(known.moduleRecords),
      comment: recordOf(known.commentRecords),
    };
  }

  remember(kind: RecordKind, key: string, id: string) {
    this.ids[kind].set(key, id);
    this.newRecords.push({ kind, source_key: key, target_id: id });
  }
}

/** One page being written: the target, the page, the records and one clock. */
interface PageStep {
  target: ImportTarget;
  page: ImportPage;
  ledger: Ledger;
  rejected: RejectedRecord[];
  scoped: (key: string) => string;
  now: string;
}

/**
 * Writes `read` (the page at the importer's cursor) and moves the cursor past it, in one batch.
 * Answers the importer's progress after the page.
 */
export async function writeImportPage(target: ImportTarget, read: SourcePage, before: ImportProgress): Promise<PageWritten> {
  const page = read.page;
  const previous = before as WriterProgress;
  const pending = previous.pending_parents ?? [];
  const { known, people } = await readKnown(target, page, pending);
  const step: PageStep = {
    target,
    page,
    ledger: new Ledger(known),
    rejected: [...(page.rejected ?? [])],
    scoped: (key: string) => `${target.scope}:${key}`,
    now: new Date().toISOString(),
  };
  const stateMap = mapStates(step, known.states);
  const labelMap = mapLabels(step, known.labels);
  const newModules = mapModules(step);
  const fresh = freshIssues(step);
  const { issueRows, newMembers } = await mapIssues(step, fresh, { people, stateMap, labelMap, inProject: known.projectMembers });
  const commentRows = await mapComments(step, people);
  const { parentLinks, parentIds, keptPending } = linkParents(step, pending, read.next === null);
  const progress = nextProgress(step, read, previous, { issues: fresh.length, comments: commentRows.length, pending: keptPending });
  const rows: PageRows = {
    newStates: stateMap.newStates,
    newLabels: labelMap.newLabels,
    newModules,
    newMembers,
    issueRows,
    commentRows,
    parentLinks,
    parentIds,
    nextSort: known.sort[0]?.next ?? FIRST_SORT_ORDER,
  };
  const written = await writeBatch(step, rows, progress);
  await publishWritten(step, rows);
  return { progress, createdIssueIds: issueRows.map((row) => row.id), stillRecorded: written.importer.length > 0 };
}

/** Reads in one batch what the page may reuse (states, labels, records, the sort tail, members). */
async function readKnown(target: ImportTarget, page: ImportPage, pending: PendingParent[]) {
  const db = target.ctx.db;
  const projectId = target.access.project.id;
  const keys = keysOf(target, page, pending);
  const recordQuery = (kind: RecordKind, wanted: Set<string>) =>
    db
      .select({ key: importRecords.source_key, id: importRecords.target_id })
      .from(importRecords)
      .where(
        and(
          eq(importRecords.project_id, projectId),
          eq(importRecords.kind, kind),
          sql`${importRecords.source_key} IN (SELECT value FROM json_each(${json([...wanted])}))`,
        ),
      );
  const [known, people] = await Promise.all([
    runNamedBatch(db, {
      states: db.select().from(states).where(eq(states.project_id, projectId)),
      labels: db.select().from(labels).where(eq(labels.project_id, projectId)),
      issueRecords: recordQuery("issue", keys.issue),
      labelRecords: recordQuery("label", keys.label),
      stateRecords: recordQuery("state", keys.state),
      moduleRecords: recordQuery("module", keys.module),
      commentRecords: recordQuery("comment", keys.comment),
      sort: db
        .select({ next: sql<number>`COALESCE(MAX(${issues.sort_order}) + ${SORT_STEP}, ${FIRST_SORT_ORDER})` })
        .from(issues)
        .where(eq(issues.project_id, projectId)),
      projectMembers: db.select({ id: projectMembers.member_id }).from(projectMembers).where(eq(projectMembers.project_id, projectId)),
    }),
    mappedUsers(target, page),
  ]);
  return { known, people };
}

type StateMap = ReturnType<typeof mapStates>;

/** A source state becomes the project's state of the same name, or a new one. */
function mapStates(step: PageStep, existingRows: (typeof states.$inferSelect)[]) {
  const { target, ledger } = step;
  const stateRows = [...existingRows];
  const stateByName = new Map(stateRows.map((row) => [lower(row.name), row]));
  let nextStateSequence = Math.max(0, ...stateRows.map((row) => row.sequence)) + STATE_STEP;
  const newStates: (typeof states.$inferInsert)[] = [];
  const addState = (name: string, group: StateGroup, color?: string) => {
    const row = {
      id: crypto.randomUUID(),
      workspace_id: target.access.workspace.id,
      project_id: target.access.project.id,
      name: name.slice(0, 255),
      color: color ?? GROUP_COLORS[group],
      group,
      default: false,
      sequence: nextStateSequence,
      created_by: target.ctx.actor.id,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      description: "",
      external_source: target.importer.service,
      external_id: null,
    } satisfies typeof states.$inferSelect;
    nextStateSequence += STATE_STEP;
    newStates.push(row);
    stateRows.push(row);
    stateByName.set(lower(row.name), row);
    return row;
  };
  for (const state of step.page.states ?? []) {
    const key = step.scoped(state.key);
    if (ledger.ids.state.has(key)) continue;
    const existing = stateByName.get(lower(state.name));
    ledger.remember("state", key, existing?.id ?? addState(state.name, state.group, state.color).id);
  }
  const stateOfGroup = (group: StateGroup) => {
    const defaultState = stateRows.find((row) => row.default);
    if (defaultState?.group === group) return defaultState;
    const inGroup = stateRows.filter((row) => row.group === group).sort((a, b) => a.sequence - b.sequence);
    return inGroup[0] ?? stateByName.get(lower(GROUP_NAMES[group])) ?? addState(GROUP_NAMES[group], group);
  };
  const stateById = (id: string) => stateRows.find((row) => row.id === id);
  return { newStates, stateOfGroup, stateById };
}

type LabelMap = ReturnType<typeof mapLabels>;

/** A source label becomes its recorded label, else the project's label of the same name, else a new one. */
function mapLabels(step: PageStep, existingRows: (typeof labels.$inferSelect)[]) {
  const { target, ledger, page } = step;
  const labelRows = [...existingRows];
  const labelByName = new Map(labelRows.map((row) => [lower(row.name), row]));
  const newLabels: (typeof labels.$inferSelect)[] = [];
  const labelNamed = (name: string, color?: string) => {
    const existing = labelByName.get(lower(name));
    if (existing) return existing.id;
    const now = new Date().toISOString();
    const row = {
      id: crypto.randomUUID(),
      workspace_id: target.access.workspace.id,
      project_id: target.access.project.id,
      name: name.trim().slice(0, 255),
      description: "",
      color: color ?? labelColor(name),
      parent: null,
      sort_order: FIRST_SORT_ORDER + (labelRows.length + 1) * SORT_STEP,
      external_source: target.importer.service,
      external_id: null,
      created_by: target.ctx.actor.id,
      created_at: now,
      updated_at: now,
    } satisfies typeof labels.$inferSelect;
    newLabels.push(row);
    labelRows.push(row);
    labelByName.set(lower(row.name), row);
    return row.id;
  };
  const pageLabels = new Map((page.labels ?? []).map((label) => [label.key, label]));
  for (const label of page.labels ?? []) {
    const key = step.scoped(label.key);
    if (!ledger.ids.label.has(key)) ledger.remember("label", key, labelNamed(label.name, label.color));
  }
  const labelIdOf = (ref: string) => {
    const key = step.scoped(ref);
    const id = ledger.ids.label.get(key);
    if (id) return id;
    // A label the page names without declaring it (a CSV names labels only by name).
    const declared = pageLabels.get(ref);
    const created = labelNamed(declared?.name ?? ref, declared?.color);
    ledger.remember("label", key, created);
    return created;
  };
  return { newLabels, labelIdOf };
}

/** The page's modules (Jira epics when asked) not imported before. */
function mapModules(step: PageStep) {
  const { target, ledger } = step;
  const newModules: (typeof modules.$inferInsert)[] = [];
  for (const module of step.page.modules ?? []) {
    const key = step.scoped(module.key);
    if (ledger.ids.module.has(key)) continue;
    const id = crypto.randomUUID();
    newModules.push({
      id,
      workspace_id: target.access.workspace.id,
      project_id: target.access.project.id,
      name: module.name.slice(0, 255) || "Untitled module",
      description: module.description ?? "",
      start_date: validDate(module.start_date),
      target_date: validDate(module.target_date),
      external_source: target.importer.service,
      external_id: module.key,
      created_by: target.ctx.actor.id,
    });
    ledger.remember("module", key, id);
  }
  return newModules;
}

/** The page's issues new to this project, once each; an issue without a title is rejected. */
function freshIssues(step: PageStep) {
  const fresh: { issue: SourceIssue; id: string }[] = [];
  const seenInPage = new Set<string>();
  for (const issue of step.page.issues ?? []) {
    const key = step.scoped(issue.key);
    if (step.ledger.ids.issue.has(key) || seenInPage.has(key)) continue;
    seenInPage.add(key);
    if (!issue.title.trim()) {
      step.rejected.push({ key: issue.key, message: "The issue has no title" });
      continue;
    }
    const id = crypto.randomUUID();
    step.ledger.remember("issue", key, id);
    fresh.push({ issue, id });
  }
  return fresh;
}

type IssueRow = Awaited<ReturnType<typeof mapIssues>>["issueRows"][number];

/** The new issues' rows, and the assignees who must join the project. */
async function mapIssues(
  step: PageStep,
  fresh: { issue: SourceIssue; id: string }[],
  maps: { people: People; stateMap: StateMap; labelMap: LabelMap; inProject: { id: string }[] },
) {
  const { target, ledger, now } = step;
  const { people, stateMap, labelMap } = maps;
  const assigneeOf = (refs: string[]) => [...new Set(refs.map((ref) => people.get(ref)).filter((id): id is string => Boolean(id)))];
  const newMembers = new Set<string>();
  const inProject = new Set(maps.inProject.map((row) => row.id));
  const issueRows = await Promise.all(
    fresh.map(async ({ issue, id }, index) => {
      const clean = await sanitizeHtml(issue.description_html || "");
      const state = issue.state.key ? stateMap.stateById(ledger.ids.state.get(step.scoped(issue.state.key)) ?? "") : undefined;
      const chosen = state ?? stateMap.stateOfGroup(issue.state.group);
      const assignees = assigneeOf(issue.assignees);
      for (const member of assignees) if (!inProject.has(member)) newMembers.add(member);
      const author = issue.author ? people.get(issue.author) : undefined;
      const moduleId = issue.module_key ? (ledger.ids.module.get(step.scoped(issue.module_key)) ?? null) : null;
      const createdAt = validTime(issue.created_at) ?? now;
      return {
        id,
        n: index + 1,
        name: issue.title.trim().slice(0, 255),
        description_html: clean.html || "<p></p>",
        description_stripped: clean.text,
        priority: issue.priority,
        state_id: chosen.id,
        start_date: validDate(issue.start_date) ?? (chosen.group === "started" ? createdAt.slice(0, 10) : null),
        target_date: validDate(issue.target_date),
        completed_at: chosen.group === "completed" ? (validTime(issue.completed_at) ?? now) : null,
        assignee_ids: assignees,
        label_ids: [...new Set(issue.labels.map(labelMap.labelIdOf))],
        module_id: moduleId,
        external_id: issue.key,
        link_count: issue.url ? 1 : 0,
        created_by: author ?? target.ctx.actor.id,
        created_at: createdAt,
        url: issue.url ?? null,
        link_title: issue.link_title ?? `Open in ${target.sourceName}`,
      };
    }),
  );
  return { issueRows, newMembers };
}

type CommentRow = { id: string; issue_id: string; actor_id: string; html: string; text: string; created_at: string };

/** Comments whose issue is known (a pull request's comments have none, and are skipped). */
async function mapComments(step: PageStep, people: People) {
  const { target, ledger, now } = step;
  const commentRows: CommentRow[] = [];
  for (const comment of step.page.comments ?? []) {
    const key = step.scoped(comment.key);
    if (ledger.ids.comment.has(key)) continue;
    const issueId = ledger.ids.issue.get(step.scoped(comment.issue_key));
    if (!issueId) continue;
    const author = comment.author ? people.get(comment.author) : undefined;
    const byline = !author && comment.author ? `<p><em>${escapeHtml(comment.author)} wrote on ${escapeHtml(target.sourceName)}:</em></p>` : "";
    const clean = await sanitizeHtml(byline + comment.html);
    if (!clean.text.trim() && !clean.html.includes("<img")) continue;
    const id = crypto.randomUUID();
    ledger.remember("comment", key, id);
    commentRows.push({ id, issue_id: issueId, actor_id: author ?? target.ctx.actor.id, html: clean.html, text: clean.text, created_at: validTime(comment.created_at) ?? now });
  }
  return commentRows;
}

/** Parent links whose two issues are known now are written; the rest wait for later pages. */
function linkParents(step: PageStep, pending: PendingParent[], lastPage: boolean) {
  const { page, scoped, ledger, target } = step;
  const wanted: PendingParent[] = [
    ...pending,
    ...(page.issues ?? []).filter((issue) => issue.parent_key).map((issue) => ({ child: scoped(issue.key), parent: scoped(issue.parent_key as string) })),
    ...(page.parents ?? []).map((link) => ({ child: scoped(link.child_key), parent: scoped(link.parent_key) })),
  ];
  const parentLinks: { child: string; parent: string }[] = [];
  const stillPending: PendingParent[] = [];
  for (const link of wanted) {
    const child = ledger.ids.issue.get(link.child);
    const parent = ledger.ids.issue.get(link.parent);
    if (child && parent) {
      if (child !== parent) parentLinks.push({ child, parent });
    } else stillPending.push(link);
  }
  if (lastPage) for (const link of stillPending) step.rejected.push({ key: link.child.slice(target.scope.length + 1), message: "Its parent was not found in the source" });
  const keptPending = lastPage ? [] : stillPending.slice(0, MAX_PENDING_PARENTS);
  const parentIds = [...new Set(parentLinks.map((link) => link.parent))];
  return { parentLinks, parentIds, keptPending };
}

/** The importer's progress once the page is written. */
function nextProgress(step: PageStep, read: SourcePage, previous: WriterProgress, added: { issues: number; comments: number; pending: PendingParent[] }) {
  const progress: WriterProgress = {
    ...previous,
    cursor: read.next,
    done: read.next === null,
    imported_issues: previous.imported_issues + added.issues,
    total_issues: read.total_issues ?? previous.total_issues,
    imported_comments: previous.imported_comments + added.comments,
    attempts: 0,
    rejected: [...previous.rejected, ...step.rejected].slice(0, REJECTED_KEPT),
    pending_parents: added.pending,
  };
  if (progress.total_issues !== null && progress.total_issues < progress.imported_issues) progress.total_issues = progress.imported_issues;
  return progress;
}

/** Everything the page adds, ready for the batch. */
interface PageRows {
  newStates: (typeof states.$inferInsert)[];
  newLabels: (typeof labels.$inferSelect)[];
  newModules: (typeof modules.$inferInsert)[];
  newMembers: Set<string>;
  issueRows: IssueRow[];
  commentRows: CommentRow[];
  parentLinks: { child: string; parent: string }[];
  parentIds: string[];
  nextSort: number;
}

/** Writes the page's rows, its records and the importer's progress in one D1 batch. */
function writeBatch(step: PageStep, rows: PageRows, progress: WriterProgress) {
  const { target, now } = step;
  const db = target.ctx.db;
  const { newStates, newLabels, newModules, newMembers, issueRows, commentRows, parentLinks, parentIds } = rows;
  const projectId = target.access.project.id;
  const workspaceId = target.access.workspace.id;
  const actorId = target.ctx.actor.id;
  const newRecords = step.ledger.newRecords;
  const count = issueRows.length;
  return runNamedBatch(db, {
    states: newStates.length > 0 ? db.insert(states).values(newStates) : undefined,
    labels: newLabels.length > 0 ? rawStatement(db, insertLabels(newLabels)) : undefined,
    modules: newModules.length > 0 ? rawStatement(db, sql`INSERT INTO modules (id, workspace_id, project_id, name, description, start_date, target_date, external_source, external_id, created_by, created_at, updated_at, status, sort_order)
      SELECT json_extract(value, '$.id'), json_extract(value, '$.workspace_id'), json_extract(value, '$.project_id'), json_extract(value, '$.name'),
        json_extract(value, '$.description'), json_extract(value, '$.start_date'), json_extract(value, '$.target_date'), json_extract(value, '$.external_source'),
        json_extract(value, '$.external_id'), json_extract(value, '$.created_by'), ${now}, ${now}, 'backlog', ${FIRST_SORT_ORDER}
      FROM json_each(${json(newModules)})`) : undefined,
    members:
      newMembers.size > 0
        ? rawStatement(db, sql`INSERT INTO project_members (id, workspace_id, project_id, member_id, role, created_at, updated_at)
            SELECT ${sqlUuid}, ${workspaceId}, ${projectId}, wm.member_id, MIN(wm.role, 15), ${now}, ${now}
            FROM workspace_members wm WHERE wm.workspace_id = ${workspaceId} AND wm.member_id IN (SELECT value FROM json_each(${json([...newMembers])}))
            ON CONFLICT (project_id, member_id) DO NOTHING`)
        : undefined,
    sequence:
      count > 0
        ? db
            .insert(issueSequences)
            .values({ project_id: projectId, last_sequence_id: count })
            .onConflictDoUpdate({ target: issueSequences.project_id, set: { last_sequence_id: sql`${issueSequences.last_sequence_id} + ${count}` } })
        : undefined,
    issues:
      count > 0
        ? rawStatement(db, sql`INSERT INTO issues (id, workspace_id, project_id, name, description, description_html, description_stripped, priority, state_id,
              start_date, target_date, completed_at, sequence_id, sort_order, assignee_ids, label_ids, module_id, link_count,
              external_source, external_id, created_by, updated_by, created_at, updated_at)
            SELECT json_extract(value, '$.id'), ${workspaceId}, ${projectId}, json_extract(value, '$.name'), NULL, json_extract(value, '$.description_html'),
              json_extract(value, '$.description_stripped'), json_extract(value, '$.priority'), json_extract(value, '$.state_id'),
              json_extract(value, '$.start_date'), json_extract(value, '$.target_date'), json_extract(value, '$.completed_at'),
              (SELECT last_sequence_id FROM issue_sequences WHERE project_id = ${projectId}) - ${count} + json_extract(value, '$.n'),
              ${rows.nextSort} + (json_extract(value, '$.n') - 1) * ${SORT_STEP},
              json(json_extract(value, '$.assignee_ids')), json(json_extract(value, '$.label_ids')), json_extract(value, '$.module_id'),
              json_extract(value, '$.link_count'), ${target.importer.service}, json_extract(value, '$.external_id'),
              json_extract(value, '$.created_by'), json_extract(value, '$.created_by'), json_extract(value, '$.created_at'), ${now}
            FROM json_each(${json(issueRows)})`)
        : undefined,
    issueLabels: bridgeInsert(target, "issue_labels", "label_id", issueRows.flatMap((row) => row.label_ids.map((other) => [row.id, other] as const)), now),
    issueAssignees: bridgeInsert(target, "issue_assignees", "assignee_id", issueRows.flatMap((row) => row.assignee_ids.map((other) => [row.id, other] as const)), now),
    moduleIssues: bridgeInsert(target, "module_issues", "module_id", issueRows.filter((row) => row.module_id).map((row) => [row.id, row.module_id as string] as const), now),
    links: issueRows.some((row) => row.url)
      ? rawStatement(db, sql`INSERT INTO issue_links (id, workspace_id, project_id, issue_id, title, url, metadata, created_by, created_at, updated_at)
          SELECT ${sqlUuid}, ${workspaceId}, ${projectId}, json_extract(value, '$.id'), json_extract(value, '$.link_title'), json_extract(value, '$.url'), '{}', ${actorId}, ${now}, ${now}
          FROM json_each(${json(issueRows.filter((row) => row.url).map(({ id, url, link_title }) => ({ id, url, link_title })))})`)
      : undefined,
    activities:
      count > 0
        ? rawStatement(db, sql`INSERT INTO issue_activities (id, workspace_id, project_id, issue_id, actor_id, verb, field, new_value, comment, created_at)
            SELECT ${sqlUuid}, ${workspaceId}, ${projectId}, json_extract(value, '$.id'), ${actorId}, 'created', 'issue', json_extract(value, '$.name'),
              ${`imported the issue from ${target.sourceName}`}, json_extract(value, '$.created_at')
            FROM json_each(${json(issueRows.map(({ id, name, created_at }) => ({ id, name, created_at })))})`)
        : undefined,
    comments:
      commentRows.length > 0
        ? rawStatement(db, sql`INSERT INTO issue_comments (id, workspace_id, project_id, issue_id, actor_id, comment_json, comment_html, comment_stripped, created_at, updated_at)
            SELECT json_extract(value, '$.id'), ${workspaceId}, ${projectId}, json_extract(value, '$.issue_id'), json_extract(value, '$.actor_id'), ${json(EMPTY_DOC)},
              json_extract(value, '$.html'), json_extract(value, '$.text'), json_extract(value, '$.created_at'), ${now}
            FROM json_each(${json(commentRows)})`)
        : undefined,
    parents:
      parentLinks.length > 0
        ? rawStatement(db, sql`UPDATE issues SET parent_id = (SELECT json_extract(value, '$.parent') FROM json_each(${json(parentLinks)}) WHERE json_extract(value, '$.child') = issues.id)
            WHERE id IN (SELECT json_extract(value, '$.child') FROM json_each(${json(parentLinks)}))`)
        : undefined,
    parentCounts:
      parentIds.length > 0
        ? rawStatement(db, sql`UPDATE issues SET sub_issues_count = (SELECT COUNT(*) FROM issues AS child WHERE child.parent_id = issues.id)
            WHERE id IN (SELECT value FROM json_each(${json(parentIds)}))`)
        : undefined,
    records:
      newRecords.length > 0
        ? rawStatement(db, sql`INSERT INTO import_records (project_id, kind, source_key, target_id, created_at)
            SELECT ${projectId}, json_extract(value, '$.kind'), json_extract(value, '$.source_key'), json_extract(value, '$.target_id'), ${now}
            FROM json_each(${json(newRecords)})`)
        : undefined,
    importer: db
      .update(importers)
      .set({
        progress: progress as unknown as Record<string, Json>,
        progressed_at: now,
        // A finished import keeps no credential of its source.
        ...(progress.done ? { status: "completed" as const, lease_until: null, error: null, metadata: metadataWithoutSecrets() } : {}),
      })
      .where(eq(importers.id, target.importer.id))
      .returning({ id: importers.id }),
  });
}

/** Tells the live board about the new states and labels, and the issues the page touched. */
async function publishWritten(step: PageStep, rows: PageRows) {
  const { ctx, access } = step.target;
  const projectId = access.project.id;
  for (const row of rows.newStates) ctx.effects.publish(projectId, { kind: "state", op: "upsert", id: row.id as string, row: stateOf(row as typeof states.$inferSelect) });
  for (const row of rows.newLabels) ctx.effects.publish(projectId, { kind: "label", op: "upsert", id: row.id, row: labelOf(row, access) });
  const touched = [...rows.issueRows.map((row) => row.id), ...rows.parentLinks.map((link) => link.child), ...rows.parentIds];
  if (touched.length > 0) await publishIssues(ctx, access, touched);
}

function insertLabels(rows: (typeof labels.$inferSelect)[]) {
  return sql`INSERT INTO labels (id, workspace_id, project_id, name, description, color, parent, sort_order, external_source, created_by, created_at, updated_at)
    SELECT json_extract(value, '$.id'), json_extract(value, '$.workspace_id'), json_extract(value, '$.project_id'), json_extract(value, '$.name'), '',
      json_extract(value, '$.color'), NULL, json_extract(value, '$.sort_order'), json_extract(value, '$.external_source'), json_extract(value, '$.created_by'),
      json_extract(value, '$.created_at'), json_extract(value, '$.updated_at')
    FROM json_each(${json(rows)})`;
}

/** Bridge rows (issue, other) of one table, inserted from one JSON parameter. */
function bridgeInsert(target: ImportTarget, table: "issue_labels" | "issue_assignees" | "module_issues", column: string, pairs: (readonly [string, string])[], now: string) {
  if (pairs.length === 0) return undefined;
  return rawStatement(target.ctx.db, sql`INSERT INTO ${sql.identifier(table)} (id, workspace_id, project_id, issue_id, ${sql.identifier(column)}, created_by, created_at)
    SELECT ${sqlUuid}, ${target.access.workspace.id}, ${target.access.project.id}, json_extract(value, '$[0]'), json_extract(value, '$[1]'), ${target.ctx.actor.id}, ${now}
    FROM json_each(${json(pairs)})`);
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
