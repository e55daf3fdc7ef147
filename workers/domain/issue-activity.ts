// Activity rows: one per field change, written in the same D1 batch as the change itself, and the
// history feed that merges them with comments by time.
import { asc, eq, inArray, or } from "drizzle-orm";
import { issueActivities, issueComments, users } from "../../drizzle/schema";
import type { Db } from "../db";
import type { ActorContext } from "./context";
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

/** An insert statement for the change, to be run inside the caller's batch. */
export function activityInsert(ctx: ActorContext, target: ActivityTarget, change: ActivityChange, createdAt?: string) {
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

/** Activities and comments of one issue, oldest first. */
export async function issueHistory(db: Db, issueId: string, workspaceSlug: string) {
  return issueHistoryFrom(await db.batch(issueHistoryQueries(db, issueId)), workspaceSlug);
}

/** The statements reading an issue's history, to batch with other reads. */
export function issueHistoryQueries(db: Db, issueId: string) {
  // Actors are read by a third query rather than joined: D1 answers batched rows as objects keyed
  // by column name, so a join's two "id" and "created_at" columns collapse and drizzle maps the
  // wrong values (it once put the password hash in actor_detail.avatar).
  return [
    db.select().from(issueActivities).where(eq(issueActivities.issue_id, issueId)).orderBy(asc(issueActivities.created_at)),
    db.select().from(issueComments).where(eq(issueComments.issue_id, issueId)).orderBy(asc(issueComments.created_at)),
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

type HistoryQueries = ReturnType<typeof issueHistoryQueries>;
type HistoryRows = readonly [Awaited<HistoryQueries[0]>, Awaited<HistoryQueries[1]>, Awaited<HistoryQueries[2]>];

/** The history from `issueHistoryQueries`' results (in order). */
export function issueHistoryFrom([activityRows, commentRows, actorRows]: HistoryRows, workspaceSlug: string) {
  const actors = new Map(actorRows.map((actor) => [actor.id, memberDetailOf(actor)]));
  const actorDetailOf = (actorId: string | null) => (actorId ? (actors.get(actorId) ?? null) : null);
  const entries = [
    ...activityRows.map((activity) => ({
      id: activity.id,
      type: "activity" as const,
      field: activity.field,
      verb: activity.verb,
      old_value: activity.old_value,
      new_value: activity.new_value,
      old_identifier: activity.old_identifier,
      new_identifier: activity.new_identifier,
      comment: activity.comment,
      actor: activity.actor_id,
      actor_detail: actorDetailOf(activity.actor_id),
      issue: activity.issue_id,
      project: activity.project_id,
      workspace_detail: { slug: workspaceSlug },
      created_at: activity.created_at,
    })),
    ...commentRows.map((comment) => ({
      id: comment.id,
      type: "comment" as const,
      comment_json: comment.comment_json,
      comment_html: comment.comment_html,
      comment_stripped: comment.comment_stripped,
      actor: comment.actor_id,
      actor_detail: actorDetailOf(comment.actor_id),
      issue: comment.issue_id,
      project: comment.project_id,
      workspace_detail: { slug: workspaceSlug },
      created_at: comment.created_at,
      updated_at: comment.updated_at,
    })),
  ];
  entries.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  return entries;
}
