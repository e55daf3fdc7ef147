// Activity rows: one per field change, written in the same D1 batch as the change itself, and the
// history feed that merges them with comments by time.
import { type SQL, type SQLWrapper, eq, inArray, or, sql } from "drizzle-orm";
import { type Json, issueActivities, issueComments, users } from "../../drizzle/schema";
import { inList } from "../lib/batch";
import type { Db } from "../db";
import type { ActorContext } from "./context";
import { type OrderKey, type PageRequest, mapPage, orderOf, readPage } from "./list-page";
import { memberColumns, memberDetailOf } from "./serializers";

export type ActivityField =
  | "issue"
  | "name"
  | "description"
  | "state"
  | "priority"
  | "assignees"
  | "labels"
  | "parent"
  | "sub_issue"
  | "estimate_point"
  | "start_date"
  | "target_date"
  | "blocks"
  | "blocking"
  | "cycles"
  | "modules"
  | "link"
  | "attachment"
  | "comment";

export interface ActivityChange {
  field: ActivityField;
  verb?: "created" | "updated" | "deleted";
  old_value?: string | null;
  new_value?: string | null;
  old_identifier?: string | null;
  new_identifier?: string | null;
  comment?: string;
}

export interface ActivityTarget {
  issueId: string;
  projectId: string;
  workspaceId: string;
}

/** A change as written: its new value may be a SQL expression the same batch decides (a new issue's number). */
export type ActivityWrite = Omit<ActivityChange, "new_value"> & { new_value?: string | SQL<string> | null };

/** An insert statement for the change, to be run inside the caller's batch. */
export function activityInsert(ctx: ActorContext, target: ActivityTarget, change: ActivityWrite, createdAt?: string) {
  return ctx.db.insert(issueActivities).values({
    issue_id: target.issueId,
    project_id: target.projectId,
    workspace_id: target.workspaceId,
    actor_id: ctx.actor.id,
    verb: change.verb ?? "updated",
    field: change.field,
    old_value: change.old_value ?? null,
    new_value: change.new_value ?? null,
    old_identifier: change.old_identifier ?? null,
    new_identifier: change.new_identifier ?? null,
    comment: change.comment ?? "",
    ...(createdAt ? { created_at: createdAt } : {}),
  });
}

/** Adds and removals of a set-valued field, one activity each, named through `nameOf`. */
export function setChanges(
  field: ActivityField,
  before: readonly string[],
  after: readonly string[],
  nameOf: (id: string) => string,
): ActivityChange[] {
  const old = new Set(before);
  const next = new Set(after);
  const changes: ActivityChange[] = [];
  for (const id of after) {
    if (!old.has(id)) changes.push({ field, new_value: nameOf(id), new_identifier: id, comment: `added ${field}` });
  }
  for (const id of before) {
    if (!next.has(id)) changes.push({ field, old_value: nameOf(id), old_identifier: id, comment: `removed ${field}` });
  }
  return changes;
}

/**
 * An issue's activities and comments as one row set (UNION ALL), so a page of the merged feed is
 * one ordered, limited read. Each side fills the other's columns with NULL; a comment's JSON is
 * carried as its stored text and parsed when shaped.
 */
function mergedHistory(db: Db, issueId: string | SQLWrapper) {
  const none = <T>(name: string) => sql<T | null>`NULL`.as(name);
  const activities = db
    .select({
      kind: sql<"activity" | "comment">`'activity'`.as("kind"),
      id: issueActivities.id,
      created_at: issueActivities.created_at,
      actor_id: issueActivities.actor_id,
      issue_id: issueActivities.issue_id,
      project_id: issueActivities.project_id,
      field: issueActivities.field,
      verb: sql<string | null>`${issueActivities.verb}`.as("verb"),
      old_value: issueActivities.old_value,
      new_value: issueActivities.new_value,
      old_identifier: issueActivities.old_identifier,
      new_identifier: issueActivities.new_identifier,
      comment: sql<string | null>`${issueActivities.comment}`.as("comment"),
      comment_json: none<string>("comment_json"),
      comment_html: none<string>("comment_html"),
      comment_stripped: none<string>("comment_stripped"),
      updated_at: none<string>("updated_at"),
    })
    .from(issueActivities)
    .where(eq(issueActivities.issue_id, issueId));
  const comments = db
    .select({
      kind: sql<"activity" | "comment">`'comment'`.as("kind"),
      id: issueComments.id,
      created_at: issueComments.created_at,
      actor_id: issueComments.actor_id,
      issue_id: issueComments.issue_id,
      project_id: issueComments.project_id,
      field: none<string>("field"),
      verb: none<string>("verb"),
      old_value: none<string>("old_value"),
      new_value: none<string>("new_value"),
      old_identifier: none<string>("old_identifier"),
      new_identifier: none<string>("new_identifier"),
      comment: none<string>("comment"),
      comment_json: sql<string | null>`${issueComments.comment_json}`.as("comment_json"),
      comment_html: sql<string | null>`${issueComments.comment_html}`.as("comment_html"),
      comment_stripped: sql<string | null>`${issueComments.comment_stripped}`.as("comment_stripped"),
      updated_at: sql<string | null>`${issueComments.updated_at}`.as("updated_at"),
    })
    .from(issueComments)
    .where(eq(issueComments.issue_id, issueId));
  return activities.unionAll(comments).as("history");
}

type MergedHistory = ReturnType<typeof mergedHistory>;
/** One row of the merged feed: an activity or a comment. */
type HistoryRow = Awaited<ReturnType<typeof historyRowsQuery>>[number];

/** The feed's order: oldest first; at the same instant activities before comments, then by id. */
const historyOrder = (history: MergedHistory): OrderKey<HistoryRow>[] => [
  { by: history.created_at, dir: "asc", of: (row) => row.created_at },
  { by: sql`${history.kind}`, dir: "asc", of: (row) => row.kind },
  { by: history.id, dir: "asc", of: (row) => row.id },
];

/** The rows of the merged history after `afterCursor` in `orderBy`, at most `limit`. */
function historyRowsQuery(db: Db, history: MergedHistory, afterCursor: SQL | undefined, orderBy: SQL[], limit: number) {
  return db
    .select()
    .from(history)
    .where(afterCursor)
    .orderBy(...orderBy)
    .limit(limit);
}

/** One page of an issue's activities and comments, oldest first. */
export async function issueHistory(db: Db, issueId: string, workspaceSlug: string, page: PageRequest) {
  const history = mergedHistory(db, issueId);
  const read = await readPage(page, historyOrder(history), (afterCursor, orderBy, limit) => historyRowsQuery(db, history, afterCursor, orderBy, limit));
  const actorIds = [...new Set(read.rows.flatMap((row) => row.actor_id ?? []))];
  const actors = actorIds.length === 0 ? [] : await db.select(memberColumns).from(users).where(inList(users.id, actorIds));
  return mapPage(read, (rows) => issueHistoryFrom([rows, actors], workspaceSlug));
}

/**
 * The statements reading the newest `limit` entries of an issue's history (newest first) and
 * their actors, to batch with other reads; `latestIssueHistoryFrom` shows them oldest first.
 */
export function latestIssueHistoryQueries(db: Db, issueId: string | SQLWrapper, limit: number) {
  const history = mergedHistory(db, issueId);
  const newestFirst = historyOrder(history).map((key) => ({ ...key, dir: key.dir === "asc" ? ("desc" as const) : ("asc" as const) }));
  // Actors are read by a second query rather than joined: D1 answers batched rows as objects keyed
  // by column name, so a join's two "id" and "created_at" columns collapse and drizzle maps the
  // wrong values (it once put the password hash in actor_detail.avatar).
  return [
    historyRowsQuery(db, history, undefined, orderOf(newestFirst), limit),
    db
      .select(memberColumns)
      .from(users)
      .where(
        or(
          inArray(users.id, db.select({ id: issueActivities.actor_id }).from(issueActivities).where(eq(issueActivities.issue_id, issueId))),
          inArray(users.id, db.select({ id: issueComments.actor_id }).from(issueComments).where(eq(issueComments.issue_id, issueId))),
        ),
      ),
  ] as const;
}

type HistoryQueries = ReturnType<typeof latestIssueHistoryQueries>;
type ActorRows = Awaited<HistoryQueries[1]>;

/** The history entries of merged rows (in their order), with their actors' details. */
export function issueHistoryFrom([rows, actorRows]: readonly [readonly HistoryRow[], ActorRows], workspaceSlug: string) {
  const actors = new Map(actorRows.map((actor) => [actor.id, memberDetailOf(actor)]));
  const actorDetailOf = (actorId: string | null) => (actorId ? (actors.get(actorId) ?? null) : null);
  return rows.map((row) => {
    // What an activity and a comment both say: who, on which issue, when.
    const about = {
      actor: row.actor_id,
      actor_detail: actorDetailOf(row.actor_id),
      issue: row.issue_id,
      project: row.project_id,
      workspace_detail: { slug: workspaceSlug },
      created_at: row.created_at,
    };
    return row.kind === "activity"
      ? {
          id: row.id,
          type: "activity" as const,
          field: row.field,
          verb: row.verb ?? "updated",
          old_value: row.old_value,
          new_value: row.new_value,
          old_identifier: row.old_identifier,
          new_identifier: row.new_identifier,
          comment: row.comment ?? "",
          ...about,
        }
      : {
          id: row.id,
          type: "comment" as const,
          comment_json: JSON.parse(row.comment_json ?? "null") as Json,
          comment_html: row.comment_html ?? "",
          comment_stripped: row.comment_stripped ?? "",
          ...about,
          updated_at: row.updated_at ?? row.created_at,
        };
  });
}

/** The entries `latestIssueHistoryQueries` read, oldest first as the feed shows them. */
export function latestIssueHistoryFrom([newestFirst, actorRows]: readonly [readonly HistoryRow[], ActorRows], workspaceSlug: string) {
  return issueHistoryFrom([[...newestFirst].reverse(), actorRows], workspaceSlug);
}
