// A person's inbox in a workspace: their notifications newest first, by tab (all, mentions,
// assigned to me, created by me, followed), hiding the archived and the snoozed (a snoozed one
// comes back by itself when its time passes, since the list compares with the clock), only for
// projects they are still a member of. Each person changes only their own notifications.
import { type SQL, type SQLWrapper, and, eq, gt, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { issueAssignees, issueSubscribers, issues, notifications, projectMembers, projects, users } from "../../drizzle/schema";
import type { Db } from "../db";
import { preparedRead } from "../lib/prepared-reads";
import { parseInput } from "../lib/validation";
import { workspaceAccess } from "./access";
import type { ActorContext } from "./context";
import { Invalid, NotFound } from "./errors";
import { type OrderKey, type PageRequest, mapPage, readPage } from "./list-page";
import { type InboxFilter, type InboxNotification, InboxQuery, MarkAllReadInput, SNOOZE_IN_PAST, UpdateNotificationInput } from "./schemas/inbox";
import { memberColumns, memberDetailOf } from "./serializers";

export const NOTIFICATION_NOT_FOUND = "Notification not found.";

type InboxRow = Awaited<ReturnType<typeof inboxQuery>>[number];

const INBOX_ORDER: OrderKey<InboxRow>[] = [
  { by: notifications.updated_at, dir: "desc", of: (row) => row.notification.updated_at },
  { by: notifications.id, dir: "desc", of: (row) => row.notification.id },
];

const mine = (ctx: ActorContext, workspaceId: string) => and(eq(notifications.recipient_id, ctx.actor.id), eq(notifications.workspace_id, workspaceId));

/** Still a member of the notification's project: a person removed from it hears nothing more of it. */
const stillMember = (ctx: ActorContext) =>
  sql`EXISTS (SELECT 1 FROM ${projectMembers} WHERE ${projectMembers.project_id} = ${notifications.project_id} AND ${projectMembers.member_id} = ${ctx.actor.id})`;

function tabCondition(ctx: ActorContext, tab: InboxFilter["tab"]): SQL | undefined {
  const assigned = sql`EXISTS (SELECT 1 FROM ${issueAssignees} WHERE ${issueAssignees.issue_id} = ${notifications.issue_id} AND ${issueAssignees.assignee_id} = ${ctx.actor.id})`;
  const created = eq(issues.created_by, ctx.actor.id);
  switch (tab) {
    case "all":
      return undefined;
    case "mentions":
      return eq(notifications.mentioned, true);
    case "assigned":
      return assigned;
    case "created":
      return created;
    case "subscribed":
      return and(
        sql`EXISTS (SELECT 1 FROM ${issueSubscribers} WHERE ${issueSubscribers.issue_id} = ${notifications.issue_id} AND ${issueSubscribers.user_id} = ${ctx.actor.id})`,
        sql`NOT ${assigned}`,
        sql`NOT (${created})`,
      );
  }
}

function showCondition(show: InboxFilter["show"], now: string): SQL | undefined {
  const awake = or(isNull(notifications.snoozed_until), lte(notifications.snoozed_until, now));
  if (show === "archived") return isNotNull(notifications.archived_at);
  if (show === "snoozed") return and(isNull(notifications.archived_at), gt(notifications.snoozed_until, now));
  return and(isNull(notifications.archived_at), awake);
}

/** The conditions of the person's notifications that `filter` shows, at `now`. */
function filtered(ctx: ActorContext, workspaceId: string, filter: InboxFilter, now: string) {
  return and(
    mine(ctx, workspaceId),
    stillMember(ctx),
    showCondition(filter.show, now),
    tabCondition(ctx, filter.tab),
    filter.project ? eq(notifications.project_id, filter.project) : undefined,
  );
}

/** The notifications matching `where`, with their issue, project and actor. */
function inboxQuery(ctx: ActorContext, where: SQL | undefined) {
  return ctx.db
    .select({
      notification: notifications,
      issue: { id: issues.id, name: issues.name, sequence_id: issues.sequence_id, state_id: issues.state_id, priority: issues.priority },
      project: { id: projects.id, identifier: projects.identifier, name: projects.name },
      actor: memberColumns,
    })
    .from(notifications)
    .innerJoin(issues, eq(issues.id, notifications.issue_id))
    .innerJoin(projects, eq(projects.id, notifications.project_id))
    // No actor when the clock told it (a due date near, a cycle starting or ending).
    .leftJoin(users, eq(users.id, notifications.actor_id))
    .where(where);
}

/** A notification as the inbox shows it. */
function notificationOf(row: InboxRow): InboxNotification {
  const { notification, issue, project, actor } = row;
  return {
    id: notification.id,
    issue: { id: issue.id, key: `${project.identifier}-${issue.sequence_id}`, name: issue.name, state: issue.state_id, priority: issue.priority },
    project: { id: project.id, identifier: project.identifier, name: project.name },
    actor: actor ? memberDetailOf({ ...actor, is_bot: false }) : null,
    changes: notification.changes,
    mentioned: notification.mentioned,
    created_at: notification.created_at,
    updated_at: notification.updated_at,
    read_at: notification.read_at,
    archived_at: notification.archived_at,
    snoozed_until: notification.snoozed_until,
  };
}


/** Refuses anyone who is not a member of the workspace, before their request is read. */
export async function assertInboxAccess(ctx: ActorContext, slug: string) {
  await workspaceAccess(ctx, slug);
}

/** One page of the person's notifications in the workspace, newest change first. */
export async function listNotifications(ctx: ActorContext, slug: string, query: unknown, page: PageRequest) {
  const { workspace } = await workspaceAccess(ctx, slug);
  const filter = parseInput(InboxQuery, query);
  const now = new Date().toISOString();
  const rows = await readPage(page, INBOX_ORDER, (after, orderBy, limit) =>
    inboxQuery(ctx, and(filtered(ctx, workspace.id, filter, now), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return mapPage(rows, (shown) => shown.map(notificationOf));
}

/** How many unread notifications the person has in the workspace (the sidebar's count). */
export async function unreadCount(ctx: ActorContext, slug: string) {
  const { workspace } = await workspaceAccess(ctx, slug);
  return { unread: await unreadCountIn(ctx, workspace.id) };
}

/**
 * The unread count, answered from the unread index alone: the person's projects are read once and
 * each is a range of that index (no row of the table is read). Every page's shell shows it, so the
 * statement is built once per isolate.
 */
export async function unreadCountIn(ctx: Pick<ActorContext, "db" | "actor">, workspaceId: string) {
  const [row] = await unreadCountRead(ctx.db, { recipientId: ctx.actor.id, workspaceId, now: new Date().toISOString() });
  return row?.count ?? 0;
}

/** The statement of the unread count at `now` (values or placeholders). */
function unreadCountSelect(db: Db, recipientId: string | SQLWrapper, workspaceId: string | SQLWrapper, now: string | SQLWrapper) {
  return db
    .select({ count: sql<number>`count(*)` })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipient_id, recipientId),
        eq(notifications.workspace_id, workspaceId),
        isNull(notifications.read_at),
        isNull(notifications.archived_at),
        or(isNull(notifications.snoozed_until), lte(notifications.snoozed_until, now)),
        sql`${notifications.project_id} IN (SELECT ${projectMembers.project_id} FROM ${projectMembers} WHERE ${projectMembers.member_id} = ${recipientId})`,
      ),
    );
}

const unreadCountRead = preparedRead((db) =>
  unreadCountSelect(db, sql.placeholder("recipientId"), sql.placeholder("workspaceId"), sql.placeholder("now")).prepare(),
);

/** The statement of the person's unread count at `now`, as `unreadCountIn` runs it. */
export function unreadCountQuery(ctx: Pick<ActorContext, "db" | "actor">, workspaceId: string, now: string) {
  return unreadCountSelect(ctx.db, ctx.actor.id, workspaceId, now);
}

/** Marks one of the person's notifications read or unread, archived or not, snoozed or awake. */
export async function updateNotification(ctx: ActorContext, slug: string, notificationId: string, input: unknown) {
  const { workspace } = await workspaceAccess(ctx, slug);
  const data = parseInput(UpdateNotificationInput, input);
  const now = new Date().toISOString();
  if (data.snoozed_until && Date.parse(data.snoozed_until) <= Date.parse(now)) throw Invalid.field("snoozed_until", SNOOZE_IN_PAST);
  const patch: Partial<typeof notifications.$inferInsert> = {};
  if (data.read !== undefined) patch.read_at = data.read ? now : null;
  if (data.archived !== undefined) patch.archived_at = data.archived ? now : null;
  if (data.snoozed_until !== undefined) patch.snoozed_until = data.snoozed_until ? new Date(data.snoozed_until).toISOString() : null;
  const where = and(eq(notifications.id, notificationId), mine(ctx, workspace.id));
  const [row] =
    Object.keys(patch).length > 0
      ? await ctx.db.update(notifications).set(patch).where(where).returning({ id: notifications.id })
      : await ctx.db.select({ id: notifications.id }).from(notifications).where(where).limit(1);
  if (!row) throw new NotFound(NOTIFICATION_NOT_FOUND);
  // The person's other tabs show the change; a snoozed one is told again when it comes back.
  ctx.effects.inboxChanged(workspace.id, ctx.actor.id);
  if (patch.snoozed_until) ctx.effects.wakeInboxAt(workspace.id, ctx.actor.id, patch.snoozed_until);
  const [shown] = await inboxQuery(ctx, and(eq(notifications.id, row.id), mine(ctx, workspace.id), stillMember(ctx))).limit(1);
  if (!shown) throw new NotFound(NOTIFICATION_NOT_FOUND);
  return notificationOf(shown);
}

/** Marks every unread notification of the person in the workspace (or one project of it) read. */
export async function markAllRead(ctx: ActorContext, slug: string, input: unknown) {
  const { workspace } = await workspaceAccess(ctx, slug);
  const { project } = parseInput(MarkAllReadInput, input ?? {});
  const now = new Date().toISOString();
  const marked = await ctx.db
    .update(notifications)
    .set({ read_at: now })
    .where(and(mine(ctx, workspace.id), isNull(notifications.read_at), project ? eq(notifications.project_id, project) : undefined))
    .returning({ id: notifications.id });
  if (marked.length > 0) ctx.effects.inboxChanged(workspace.id, ctx.actor.id);
  return { marked: marked.length };
}

