// Who hears about a change to an issue, written in the change's own batch. Each change is told to
// its audience: an assignment to the person assigned, a mention to the person mentioned, a new
// state, priority or comment to the issue's subscribers. Never to the actor, and never to anyone
// who is not a member of the issue's project (checked by the statement itself, as it runs).
// Changes one actor makes to one issue within a few minutes join the recipient's open (unread)
// notification instead of making another, so a burst of edits is one line in the inbox; a joining
// change replaces an earlier one of its kind (the latest state, the latest comment), so a
// notification holds at most one change per kind however long the burst.
import { type SQL, and, eq, inArray, sql } from "drizzle-orm";
import { type NotificationChange, projectMembers } from "../../drizzle/schema";
import { rawStatement, sqlUuid } from "../lib/batch";
import type { ActorContext } from "./context";
import { Invalid } from "./errors";
import type { ActivityChange, ActivityTarget } from "./issue-activity";
import { isClosedGroup } from "./schemas/constants";

/** How long an unread notification keeps taking the same actor's further changes to the issue. */
export const NOTIFICATION_COALESCE_MS = 5 * 60_000;

export const MENTION_OUTSIDE_PROJECT = "You can only mention members of this project.";

/** Who a change is told to: the issue's subscribers, or the people named. */
export type Audience = { subscribers: true } | { people: string[] };

/** Something to tell: the changes, to whom, and whether those people now follow the issue. */
export interface NotificationEvent {
  audience: Audience;
  changes: NotificationChange[];
  /** The people named become subscribers (assigned, mentioned). */
  subscribe?: boolean;
  mentioned?: boolean;
  /** Another issue of the same project the event is about, when not the one written. */
  about?: string;
}

/** The people a change is about who may hear of it: members of the project, never the actor. */
function audienceOf(ctx: ActorContext, target: ActivityTarget, audience: Audience): SQL {
  if ("subscribers" in audience) {
    return sql`SELECT s.user_id AS user_id FROM issue_subscribers s
      JOIN project_members pm ON pm.project_id = s.project_id AND pm.member_id = s.user_id
      WHERE s.issue_id = ${target.issueId} AND s.user_id <> ${ctx.actor.id}`;
  }
  return sql`SELECT pm.member_id AS user_id FROM project_members pm
    WHERE pm.project_id = ${target.projectId} AND pm.member_id <> ${ctx.actor.id}
      AND pm.member_id IN (SELECT value FROM json_each(${JSON.stringify(audience.people)}))`;
}

/** The statements that make `userIds` (members of the project) subscribers of the issue. */
export function subscribeStatement(ctx: ActorContext, target: ActivityTarget, userIds: string[], now: string) {
  return rawStatement(
    ctx.db,
    sql`INSERT INTO issue_subscribers (id, workspace_id, project_id, issue_id, user_id, created_at)
      SELECT ${sqlUuid}, ${target.workspaceId}, ${target.projectId}, ${target.issueId}, pm.member_id, ${now}
      FROM project_members pm
      WHERE pm.project_id = ${target.projectId} AND pm.member_id IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))
      ON CONFLICT (issue_id, user_id) DO NOTHING`,
  );
}

/**
 * The statements telling `events` about the issue, for the write's batch: per event, one that adds
 * its changes to each recipient's open notification from this actor, and one that opens a
 * notification for the recipients who have none. Each answers the recipients it wrote for; hand
 * the batch's results for them to `announceNotified`.
 */
export function notificationStatements(ctx: ActorContext, target: ActivityTarget, events: NotificationEvent[], now: string) {
  const openSince = new Date(Date.parse(now) - NOTIFICATION_COALESCE_MS).toISOString();
  const statements = [];
  for (const event of events) {
    if ("people" in event.audience && event.audience.people.length === 0) continue;
    if (event.changes.length === 0) continue;
    const on = event.about ? { ...target, issueId: event.about } : target;
    if (event.subscribe && "people" in event.audience) statements.push(subscribeStatement(ctx, on, event.audience.people, now));
    const recipients = audienceOf(ctx, on, event.audience);
    const changes = JSON.stringify(event.changes);
    const mentioned = event.mentioned ? 1 : 0;
    const open = (alias: string) =>
      sql`${sql.raw(alias)}.issue_id = ${on.issueId} AND ${sql.raw(alias)}.actor_id = ${ctx.actor.id} AND ${sql.raw(alias)}.read_at IS NULL
        AND ${sql.raw(alias)}.archived_at IS NULL AND ${sql.raw(alias)}.created_at > ${openSince}`;
    statements.push(
      rawStatement(
        ctx.db,
        sql`UPDATE notifications AS n SET
            changes = (SELECT json_group_array(json(value)) FROM (
              SELECT value FROM json_each(n.changes)
                WHERE value ->> 'kind' NOT IN (SELECT value ->> 'kind' FROM json_each(${changes}))
              UNION ALL SELECT value FROM json_each(${changes}))),
            -- The mailed changes stay a prefix: those of them the new ones replace are not counted.
            mailed_changes = (SELECT count(*) FROM json_each(n.changes)
              WHERE key < n.mailed_changes AND value ->> 'kind' NOT IN (SELECT value ->> 'kind' FROM json_each(${changes}))),
            mentioned = n.mentioned OR ${mentioned}, updated_at = ${now}
          WHERE n.recipient_id IN (${recipients}) AND ${open("n")}
          RETURNING recipient_id`,
      ),
      rawStatement(
        ctx.db,
        sql`INSERT INTO notifications (id, workspace_id, project_id, issue_id, recipient_id, actor_id, changes, mentioned, created_at, updated_at)
          SELECT ${sqlUuid}, ${on.workspaceId}, ${on.projectId}, ${on.issueId}, r.user_id, ${ctx.actor.id}, json(${changes}), ${mentioned}, ${now}, ${now}
          FROM (${recipients}) AS r
          WHERE NOT EXISTS (SELECT 1 FROM notifications AS o WHERE o.recipient_id = r.user_id AND ${open("o")})
          RETURNING recipient_id`,
      ),
    );
  }
  return statements;
}

/**
 * Once the write's batch has committed: tells the open tabs of each person its notification
 * statements wrote for (their `RETURNING` rows) that their inbox changed.
 */
export function announceNotified(ctx: ActorContext, workspaceId: string, results: readonly unknown[]) {
  for (const result of results) {
    const rows = (result as { results?: { recipient_id?: unknown }[] } | undefined)?.results ?? [];
    for (const row of rows) {
      if (typeof row.recipient_id === "string") ctx.effects.inboxChanged(workspaceId, row.recipient_id);
    }
  }
}

/** The events an issue update's changes make: assignments to the people, state and priority to the subscribers. */
export function issueUpdateEvents(changes: ActivityChange[]): NotificationEvent[] {
  const events: NotificationEvent[] = [];
  const forSubscribers: NotificationChange[] = [];
  for (const change of changes) {
    if (change.field === "assignees" && change.new_identifier) {
      events.push({ audience: { people: [change.new_identifier] }, changes: [{ kind: "assigned" }], subscribe: true });
    } else if (change.field === "assignees" && change.old_identifier) {
      events.push({ audience: { people: [change.old_identifier] }, changes: [{ kind: "unassigned" }] });
    } else if (change.field === "state" || change.field === "priority") {
      forSubscribers.push({ kind: change.field, old_value: change.old_value ?? null, new_value: change.new_value ?? null });
    }
  }
  // The people the update names are told first, so the subscribers' changes join their notification.
  if (forSubscribers.length > 0) events.push({ audience: { subscribers: true }, changes: forSubscribers });
  return events;
}

/**
 * Whether a move from a state of `oldGroup` to one of `newGroup` closes the issue (to completed or
 * cancelled from anything else): the issues it blocks hear of it.
 */
export const closesIssue = (oldGroup: string | null, newGroup: string) => isClosedGroup(newGroup) && !isClosedGroup(oldGroup);

/** The events of closing the issue `key`: the subscribers of each issue it blocked are told. */
export function blockerClosedEvents(key: string, blockedIds: string[]): NotificationEvent[] {
  return blockedIds.map((about) => ({ about, audience: { subscribers: true }, changes: [{ kind: "blocker_closed", new_value: key }] }));
}

/** The ids of the people a sanitized rich text mentions (the editor's `@` chips), in order, once each. */
export function mentionedIn(html: string | null | undefined): string[] {
  if (!html) return [];
  const ids = new Set<string>();
  for (const tag of html.matchAll(/<span\b[^>]*>/g)) {
    if (!/\bdata-type="mention"/.test(tag[0])) continue;
    const id = /\bdata-id="([^"]+)"/.exec(tag[0])?.[1];
    if (id) ids.add(id);
  }
  return [...ids];
}

/**
 * The people newly mentioned by a text that replaces `before` (none on a first write), refused
 * with a field message when one of them is not a member of the project.
 */
export function newMentions(after: string | null | undefined, before: string | null | undefined, isMember: (id: string) => boolean, field: string) {
  const earlier = new Set(mentionedIn(before));
  const mentioned = mentionedIn(after).filter((id) => !earlier.has(id));
  if (mentioned.some((id) => !isMember(id))) throw Invalid.field(field, MENTION_OUTSIDE_PROJECT);
  return mentioned;
}

/** `newMentions` for a caller without the project's member list at hand: reads the members it names. */
export async function newMentionsInProject(ctx: ActorContext, projectId: string, after: string | null | undefined, before: string | null | undefined, field: string) {
  const named = mentionedIn(after);
  if (named.length === 0) return [];
  const members = await ctx.db
    .select({ id: projectMembers.member_id })
    .from(projectMembers)
    .where(and(eq(projectMembers.project_id, projectId), inArray(projectMembers.member_id, named)));
  const found = new Set(members.map((member) => member.id));
  return newMentions(after, before, (id) => found.has(id), field);
}

/** The event of a mention: the people are told and follow the issue from now on. */
export function mentionEvent(people: string[], commentId: string | null = null): NotificationEvent {
  return { audience: { people }, changes: [{ kind: "mentioned", comment_id: commentId }], subscribe: true, mentioned: true };
}
