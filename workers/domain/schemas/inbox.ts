// The inbox's inputs: which notifications to list and what a person does with one. Client-safe.
import { z } from "zod";
import type { NotificationChange } from "../../../drizzle/schema";
import { entityId } from "./common";

/** The inbox's tabs: everything, or what mentions me, is assigned to me, was created by me, or I follow. */
export const INBOX_TABS = ["all", "mentions", "assigned", "created", "subscribed"] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

/** The inbox proper, or what was archived, or what is snoozed for later. */
export const INBOX_SHOWS = ["inbox", "archived", "snoozed"] as const;

export const InboxQuery = z.object({
  tab: z.enum(INBOX_TABS, { error: `tab must be one of ${INBOX_TABS.join(", ")}` }).default("all"),
  show: z.enum(INBOX_SHOWS, { error: `show must be one of ${INBOX_SHOWS.join(", ")}` }).default("inbox"),
  project: entityId.optional(),
});
export type InboxFilter = z.output<typeof InboxQuery>;

/** How many notifications the inbox page shows at once; older ones are a link away. */
export const INBOX_PAGE_SIZE = 50;

export const SNOOZE_IN_PAST = "Snooze until a time in the future.";

/** What a person changes on one notification: read or not, archived or not, snoozed until when. */
export const UpdateNotificationInput = z
  .object({
    read: z.boolean({ error: "read must be true or false" }),
    archived: z.boolean({ error: "archived must be true or false" }),
    snoozed_until: z.iso.datetime({ offset: true, error: "Enter a time like 2026-12-01T09:00:00Z" }).nullable(),
  })
  .partial();

/** A notification as the inbox shows it. */
export interface InboxNotification {
  id: string;
  issue: { id: string; key: string; name: string; state: string | null; priority: string };
  project: { id: string; identifier: string; name: string };
  /** Who did it; null when the clock told it (due tomorrow, a cycle started or ended). */
  actor: { id: string; email: string; first_name: string; last_name: string; display_name: string; avatar: string } | null;
  changes: NotificationChange[];
  mentioned: boolean;
  created_at: string;
  updated_at: string;
  read_at: string | null;
  archived_at: string | null;
  snoozed_until: string | null;
}

export const MarkAllReadInput = z.object({ project: entityId.optional() });

/**
 * One change as a phrase after the actor's name ("changed the state to Done"), in the inbox and in
 * mail; the clock's changes (no actor) read on their own ("Due tomorrow").
 */
export function changePhrase(change: NotificationChange) {
  switch (change.kind) {
    case "assigned":
      return "assigned you";
    case "unassigned":
      return "unassigned you";
    case "mentioned":
      return "mentioned you";
    case "state":
      return `changed the state to ${change.new_value ?? "none"}`;
    case "priority":
      return `set the priority to ${change.new_value ?? "none"}`;
    case "commented":
      return change.new_value ? `commented: “${change.new_value}”` : "commented";
    case "blocker_closed":
      return `closed ${change.new_value ?? "an issue"}, which was blocking this`;
    case "due_soon":
      return "Due tomorrow";
    case "cycle_started":
      return `Cycle ${change.new_value ?? ""} started`;
    case "cycle_ended":
      return `Cycle ${change.new_value ?? ""} ended and this is not done`;
  }
}

/** What a list of changes says, in order, each kind once (its latest): "changed the state to Done, commented". */
export function changesSummary(changes: NotificationChange[]) {
  const seen = new Set<string>();
  const phrases: string[] = [];
  for (const change of [...changes].reverse()) {
    if (seen.has(change.kind)) continue;
    seen.add(change.kind);
    phrases.unshift(changePhrase(change));
  }
  return phrases.join(", ");
}
