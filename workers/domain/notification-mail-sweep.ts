// Mailing notifications, run by the every-minute cron. A notification counts the changes already
// dealt with (`mailed_changes`); the ones after it are pending. Each minute, a pending mention or
// assignment of someone who wants instant mail is mailed on its own (with whatever else joined
// it). At the top of each hour, everyone whose digest falls due (every N hours, counted on the UTC
// clock) gets one mail holding all their pending notifications, one section per issue; the pending
// changes of people who want no digest are passed over. Only what is unread, unarchived and not
// snoozed is mailed, and the mail row is written only if every notification it tells is still
// unread and not mailed meanwhile (the same statement batch marks them), so nothing read in the
// app and nothing mailed once is mailed.
import { type SQL, and, asc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { type NotificationChange, issues, notificationMailSettings, notifications, projects, users, workspaces } from "../../drizzle/schema";
import { rawStatement, runBatch } from "../lib/batch";
import type { DomainContext } from "./context";
import { type MailDraft, queueMailWhen } from "./mail";
import { type MailSection, sectionsMail } from "./mail-content";
import { unsubscribePath, unsubscribeToken } from "./notification-mail";
import { changePhrase, changesSummary } from "./schemas/inbox";
import { DEFAULT_NOTIFICATION_MAIL, DIGEST_HOURS, DIGEST_LABEL } from "./schemas/notification-mail";
import { personLabelOf } from "./serializers";

/** The changes that are mailed at once to a person who wants instant mail. */
const INSTANT_KINDS = new Set<NotificationChange["kind"]>(["mentioned", "assigned"]);
/** How far back the minute's pass looks for a mention or assignment not yet mailed. */
export const INSTANT_LOOKBACK_MS = 15 * 60_000;
/** Most notifications one pass reads; the rest wait for the next pass. */
const PASS_LIMIT = 1000;
/** Where a person changes their notification mail. */
export const NOTIFICATION_MAIL_SETTINGS_PATH = "/profile#notification-mail";

const actor = alias(users, "actor");
const recipient = alias(users, "recipient");

/** The person's choices, their defaults where they have not chosen. */
const instantOf = sql<number>`coalesce(${notificationMailSettings.instant}, ${DEFAULT_NOTIFICATION_MAIL.instant ? 1 : 0})`;
const digestHoursOf = sql<number>`coalesce(${notificationMailSettings.digest_hours}, ${DEFAULT_NOTIFICATION_MAIL.digest_hours})`;

/** Unread, unarchived, with changes not yet mailed: the partial index's own condition. */
const pending = sql`${notifications.read_at} IS NULL AND ${notifications.archived_at} IS NULL AND ${notifications.mailed_changes} < json_array_length(${notifications.changes})`;

type PendingRow = Awaited<ReturnType<typeof pendingQuery>>[number];

/** Pending notifications not snoozed at `now` (and matching `where`), with what a mail about them says. */
function pendingQuery(ctx: DomainContext, now: string, where: SQL | undefined) {
  return ctx.db
    .select({
      id: notifications.id,
      recipient_id: notifications.recipient_id,
      workspace_id: notifications.workspace_id,
      issue_id: notifications.issue_id,
      changes: notifications.changes,
      mailed_changes: notifications.mailed_changes,
      updated_at: notifications.updated_at,
      email: recipient.email,
      actor: { email: actor.email, first_name: actor.first_name, last_name: actor.last_name, display_name: actor.display_name },
      issue_name: issues.name,
      sequence_id: issues.sequence_id,
      identifier: projects.identifier,
      slug: workspaces.slug,
      digest_hours: digestHoursOf,
      secret: notificationMailSettings.unsubscribe_secret,
      // Whether the person still belongs to the project: nothing about it is mailed otherwise.
      member: sql<number>`EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = ${notifications.project_id} AND pm.member_id = ${notifications.recipient_id})`,
    })
    .from(notifications)
    .innerJoin(recipient, eq(recipient.id, notifications.recipient_id))
    // No actor when the clock told it (due tomorrow, a cycle started or ended).
    .leftJoin(actor, eq(actor.id, notifications.actor_id))
    .innerJoin(issues, eq(issues.id, notifications.issue_id))
    .innerJoin(projects, eq(projects.id, notifications.project_id))
    .innerJoin(workspaces, eq(workspaces.id, notifications.workspace_id))
    .leftJoin(notificationMailSettings, eq(notificationMailSettings.user_id, notifications.recipient_id))
    // The range on updated_at keeps the read on the pending rows' partial index (ordering by the
    // recipient would walk every unread notification instead); rows are grouped per person below.
    .where(and(pending, lte(notifications.updated_at, now), or(isNull(notifications.snoozed_until), lte(notifications.snoozed_until, now)), where))
    .orderBy(asc(notifications.updated_at))
    .limit(PASS_LIMIT);
}

const unmailed = (row: PendingRow) => row.changes.slice(row.mailed_changes);

/**
 * The statement marking `rows` dealt with up to the changes read, only where nobody read or mailed
 * them meanwhile; and the condition under which a mail about them is still right.
 */
function settle(ctx: DomainContext, rows: PendingRow[]) {
  // A change joining a notification may replace one of its kind (the list need not grow), so a
  // notification counts as unchanged only while its updated_at is the one read.
  const seen = JSON.stringify(rows.map((row) => [row.id, row.mailed_changes, row.changes.length, row.updated_at]));
  const unchanged = sql`FROM notifications n JOIN json_each(${seen}) j ON n.id = j.value ->> 0 AND n.mailed_changes = j.value ->> 1
      AND n.updated_at = j.value ->> 3
    WHERE n.read_at IS NULL AND n.archived_at IS NULL`;
  return {
    stillPending: sql`(SELECT count(*) ${unchanged}) = ${rows.length}`,
    mark: rawStatement(
      ctx.db,
      sql`UPDATE notifications SET mailed_changes = (SELECT j.value ->> 2 FROM json_each(${seen}) j WHERE j.value ->> 0 = notifications.id)
        WHERE id IN (SELECT n.id ${unchanged})`,
    ),
  };
}

/** Mails `rows` to their recipient as `draft` says, and marks them mailed, in one batch. */
async function mailAndSettle(ctx: DomainContext, rows: PendingRow[], draft: MailDraft | null) {
  const { stillPending, mark } = settle(ctx, rows);
  await runBatch(ctx.db, draft ? [queueMailWhen(ctx, draft, stillPending), mark] : [mark]);
}

/** The person's secret for their links, making their settings row (with the defaults) if they have none. */
async function secretOf(ctx: DomainContext, row: PendingRow) {
  if (row.secret) return row.secret;
  const [made] = await ctx.db
    .insert(notificationMailSettings)
    .values({ user_id: row.recipient_id, ...DEFAULT_NOTIFICATION_MAIL, updated_at: new Date().toISOString() })
    // A row made meanwhile is kept; answering it needs a write, so the update is a no-op one.
    .onConflictDoUpdate({ target: notificationMailSettings.user_id, set: { user_id: sql`excluded.user_id` } })
    .returning({ secret: notificationMailSettings.unsubscribe_secret });
  return made.secret;
}

/** What happened, after who did it (nobody, when the clock told it). */
const said = (actor: PendingRow["actor"], what: string) => (actor ? `${personLabelOf(actor)} ${what}` : what);

const issueKeyOf = (row: PendingRow) => `${row.identifier}-${row.sequence_id}`;
const issueUrlOf = (ctx: DomainContext, row: PendingRow) => `${ctx.config.publicBaseUrl}/${row.slug}/browse/${issueKeyOf(row)}`;

/** The mail's sections, one per issue in the order first met, each with its changes by actor. */
async function sectionsOf(ctx: DomainContext, person: { id: string; secret: string }, rows: PendingRow[]) {
  const byIssue = new Map<string, PendingRow[]>();
  for (const row of rows) byIssue.set(row.issue_id, [...(byIssue.get(row.issue_id) ?? []), row]);
  const sections: MailSection[] = [];
  for (const [issueId, about] of byIssue) {
    const first = about[0];
    const token = await unsubscribeToken(person, issueId);
    sections.push({
      title: `${issueKeyOf(first)} ${first.issue_name}`,
      url: issueUrlOf(ctx, first),
      lines: about.flatMap((row) => unmailed(row).map((change) => said(row.actor, changePhrase(change)))),
      links: [{ label: "Unsubscribe from this issue", url: `${ctx.config.publicBaseUrl}${unsubscribePath(token)}` }],
    });
  }
  return sections;
}

/** The mail for `rows` (all the same recipient's), with its one-click unsubscribe headers. */
async function draftOf(ctx: DomainContext, rows: PendingRow[], kind: "notification" | "notification-digest"): Promise<MailDraft> {
  const first = rows[0];
  const person = { id: first.recipient_id, secret: await secretOf(ctx, first) };
  const unsubscribeAll = `${ctx.config.publicBaseUrl}${unsubscribePath(await unsubscribeToken(person))}`;
  const sections = await sectionsOf(ctx, person, rows);
  const issueCount = sections.length;
  const subject =
    kind === "notification"
      ? `${said(first.actor, changesSummary(unmailed(first).filter((change) => INSTANT_KINDS.has(change.kind))))} on ${issueKeyOf(first)}: ${first.issue_name}`
      : `What changed on ${issueCount} ${issueCount === 1 ? "issue" : "issues"} you follow`;
  const intro =
    kind === "notification"
      ? `${said(first.actor, changesSummary(unmailed(first)))} on ${issueKeyOf(first)}.`
      : `Here is what you have not read yet, ${DIGEST_LABEL[first.digest_hours as keyof typeof DIGEST_LABEL].toLowerCase()} as you asked.`;
  const content = sectionsMail({
    subject,
    intro,
    sections,
    footer: [
      { text: "You get this mail because of your notification mail settings.", link: { label: "Change them", url: `${ctx.config.publicBaseUrl}${NOTIFICATION_MAIL_SETTINGS_PATH}` } },
      { text: "Want no notification mail at all?", link: { label: "Unsubscribe", url: unsubscribeAll } },
    ],
  });
  const workspaces = new Set(rows.map((row) => row.workspace_id));
  return {
    kind,
    to: first.email,
    ...content,
    headers: { "List-Unsubscribe": `<${unsubscribeAll}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    workspaceId: workspaces.size === 1 ? first.workspace_id : null,
  };
}

/**
 * The minute's pass: each pending mention or assignment of the last few minutes, to someone who
 * wants instant mail, is mailed on its own. Answers how many mails were queued.
 */
export async function mailInstantNotifications(ctx: DomainContext, now = new Date()) {
  const since = new Date(now.getTime() - INSTANT_LOOKBACK_MS).toISOString();
  const rows = await pendingQuery(ctx, now.toISOString(), and(gte(notifications.updated_at, since), sql`${instantOf} = 1`));
  let mailed = 0;
  for (const row of rows) {
    if (!row.member || !unmailed(row).some((change) => INSTANT_KINDS.has(change.kind))) continue;
    await mailAndSettle(ctx, [row], await draftOf(ctx, [row], "notification"));
    mailed += 1;
  }
  return mailed;
}

/**
 * The hour's pass: everyone whose digest falls due at this hour (every N hours on the UTC clock)
 * gets one mail of their pending notifications; pending changes of people who want no digest are
 * passed over, so turning it on later does not mail the past. Answers how many mails were queued.
 */
export async function mailNotificationDigests(ctx: DomainContext, now = new Date()) {
  const due = DIGEST_HOURS.filter((hours) => hours === 0 || now.getUTCHours() % hours === 0);
  const rows = await pendingQuery(ctx, now.toISOString(), sql`${digestHoursOf} IN (SELECT value FROM json_each(${JSON.stringify(due)}))`);
  const byRecipient = new Map<string, PendingRow[]>();
  for (const row of rows) byRecipient.set(row.recipient_id, [...(byRecipient.get(row.recipient_id) ?? []), row]);
  let mailed = 0;
  for (const mine of byRecipient.values()) {
    // About projects the person has left, and for people who want no digest, nothing is mailed.
    const told = mine[0].digest_hours === 0 ? [] : mine.filter((row) => row.member);
    const passedOver = mine.filter((row) => !told.includes(row));
    if (passedOver.length > 0) await mailAndSettle(ctx, passedOver, null);
    if (told.length === 0) continue;
    await mailAndSettle(ctx, told, await draftOf(ctx, told, "notification-digest"));
    mailed += 1;
  }
  return mailed;
}

/** What the cron runs each minute: the instant pass, and at the top of the hour the digests. */
export async function mailNotifications(ctx: DomainContext, now = new Date()) {
  await mailInstantNotifications(ctx, now);
  if (now.getUTCMinutes() === 0) await mailNotificationDigests(ctx, now);
}
