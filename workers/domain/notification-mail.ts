// A person's notification mail: what they chose (instant mail for mentions and assignments, a
// digest of the rest every few hours, or nothing), and the unsubscribe links every notification
// mail carries. A link is the person's id (and the issue's, for "unsubscribe from this issue")
// signed with a secret kept on their settings row, so it works without a session, names one
// person and one thing, and cannot be guessed; opening it shows a button, only a POST acts.
import { and, eq } from "drizzle-orm";
import { issueSubscribers, issues, notificationMailSettings, projects } from "../../drizzle/schema";
import { constantTimeEqual } from "../auth/crypto";
import type { Db } from "../db";
import { runNamedBatch } from "../lib/batch";
import { parseInput } from "../lib/validation";
import type { ActorContext, DomainContext } from "./context";
import { NotFound } from "./errors";
import { DEFAULT_NOTIFICATION_MAIL, type DigestHours, NotificationMailInput, type NotificationMailPreferences } from "./schemas/notification-mail";

export const UNSUBSCRIBE_LINK_INVALID = "This unsubscribe link is not valid. Choose what mail you get on your profile page instead.";

/** The statement reading a person's settings row (none until they choose or are first mailed). */
export const notificationMailQuery = (db: Db, userId: string) =>
  db
    .select({ instant: notificationMailSettings.instant, digest_hours: notificationMailSettings.digest_hours })
    .from(notificationMailSettings)
    .where(eq(notificationMailSettings.user_id, userId))
    .limit(1);

/** The preferences a settings row says, or the defaults without one. */
export const preferencesOf = (row: { instant: boolean; digest_hours: number } | undefined): NotificationMailPreferences =>
  row ? { instant: row.instant, digest_hours: row.digest_hours as DigestHours } : { ...DEFAULT_NOTIFICATION_MAIL };

/** The caller's notification mail preferences. */
export async function notificationMailOf(ctx: ActorContext): Promise<NotificationMailPreferences> {
  const [row] = await notificationMailQuery(ctx.db, ctx.actor.id);
  return preferencesOf(row);
}

/** Changes the caller's preferences (either field, or both); the other keeps its value. */
export async function updateNotificationMail(ctx: ActorContext, input: unknown): Promise<NotificationMailPreferences> {
  const change = parseInput(NotificationMailInput, input);
  const updated_at = new Date().toISOString();
  const [row] = await ctx.db
    .insert(notificationMailSettings)
    .values({ user_id: ctx.actor.id, ...DEFAULT_NOTIFICATION_MAIL, ...change, updated_at })
    .onConflictDoUpdate({ target: notificationMailSettings.user_id, set: { ...change, updated_at } })
    .returning({ instant: notificationMailSettings.instant, digest_hours: notificationMailSettings.digest_hours });
  return preferencesOf(row);
}

// ---------------------------------------------------------------- unsubscribe links

const encoder = new TextEncoder();

/** The signature of `scope` under the person's secret, base64url. */
async function signatureOf(secret: string, scope: string) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const bytes = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(scope)));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

const scopeOf = (issueId: string | null) => (issueId ? `issue:${issueId}` : "notification-mail");

/** The page an unsubscribe link opens. */
export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

/** The token of the person's link: all notification mail, or (with an issue) following that issue. */
export async function unsubscribeToken(person: { id: string; secret: string }, issueId: string | null = null) {
  const signature = await signatureOf(person.secret, scopeOf(issueId));
  return [person.id, issueId, signature].filter(Boolean).join(".");
}

const PART = /^[A-Za-z0-9_-]{1,64}$/;

/** A token's parts, or null when it cannot be one of ours. */
function partsOf(token: string) {
  const parts = token.split(".");
  if (parts.length < 2 || parts.length > 3 || !parts.every((part) => PART.test(part))) return null;
  const [userId, ...rest] = parts;
  const signature = rest.pop() as string;
  return { userId, issueId: rest[0] ?? null, signature };
}

/** What a link does, told from its shape alone (the page shows it before the button is pressed). */
export function unsubscribeScopeOf(token: string): "all" | "issue" | null {
  const parts = partsOf(token);
  return parts ? (parts.issueId ? "issue" : "all") : null;
}

/** What pressing the button did. */
export type UnsubscribeOutcome = { scope: "all" } | { scope: "issue"; issue: string | null };

/**
 * Uses an unsubscribe link: all notification mail off (instant and digest), or the person stops
 * following the issue. A link whose signature does not match its person and scope changes nothing.
 */
export async function unsubscribe(ctx: DomainContext, token: string): Promise<UnsubscribeOutcome> {
  const parts = partsOf(token);
  if (!parts) throw new NotFound(UNSUBSCRIBE_LINK_INVALID);
  const [settings] = await ctx.db
    .select({ secret: notificationMailSettings.unsubscribe_secret })
    .from(notificationMailSettings)
    .where(eq(notificationMailSettings.user_id, parts.userId))
    .limit(1);
  if (!settings || !constantTimeEqual(await signatureOf(settings.secret, scopeOf(parts.issueId)), parts.signature)) {
    throw new NotFound(UNSUBSCRIBE_LINK_INVALID);
  }
  const updated_at = new Date().toISOString();
  if (!parts.issueId) {
    await ctx.db
      .update(notificationMailSettings)
      .set({ instant: false, digest_hours: 0, updated_at })
      .where(eq(notificationMailSettings.user_id, parts.userId));
    return { scope: "all" };
  }
  const { issue } = await runNamedBatch(ctx.db, {
    left: ctx.db.delete(issueSubscribers).where(and(eq(issueSubscribers.issue_id, parts.issueId), eq(issueSubscribers.user_id, parts.userId))),
    issue: ctx.db
      .select({ identifier: projects.identifier, sequence_id: issues.sequence_id })
      .from(issues)
      .innerJoin(projects, eq(projects.id, issues.project_id))
      .where(eq(issues.id, parts.issueId))
      .limit(1),
  });
  return { scope: "issue", issue: issue[0] ? `${issue[0].identifier}-${issue[0].sequence_id}` : null };
}
