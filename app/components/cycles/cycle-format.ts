// What the cycle list and the dashboard add to how cycles look everywhere (~/lib/cycle-display):
// where names are cut, the time left with the open issues of a completed cycle, the date range,
// and a person's name. Client-safe (no server imports beyond the schemas).
import { formatDate } from "../../../workers/domain/schemas/dates";
import { todayIn } from "../../../workers/domain/schemas/cycles";
import { type PROGRESS_GROUPS, daysLeftText } from "~/lib/cycle-display";
import type { CycleResponse } from "~/lib/cycles-page-contract";

/** Names are cut at 70 characters in lists and on the dashboard, at 15 on board cards. */
export const CYCLE_NAME_MAX_LIST = 70;
export const CYCLE_NAME_MAX_CARD = 15;
/** High priority issue titles on the dashboard are cut at 30 characters. */
export const ISSUE_NAME_MAX_DASHBOARD = 30;
/** At most this many assignee avatars, then "+N". */
export const ASSIGNEE_STACK_MAX = 4;

export type ProgressGroup = (typeof PROGRESS_GROUPS)[number]["group"];

export const groupCount = (cycle: CycleResponse, group: ProgressGroup) => cycle[`${group}_issues`];

/** Today in this browser's time zone (the one the server counts the caller's day in). */
export const localToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * What a cycle's time reads: days left until its end (current) or its start (upcoming),
 * "Completed" with how many of its issues are still open, nothing for a draft.
 */
export function cycleTimeLeft(cycle: CycleResponse, today: string): { text: string; pending?: string } | null {
  const text = daysLeftText(cycle, today);
  if (!text) return null;
  if (cycle.status !== "completed") return { text };
  const open = cycle.total_issues - cycle.completed_issues;
  return { text, pending: open > 0 ? `${open} more pending issue(s)` : undefined };
}

/** "Mar 4, 2025 - Mar 18, 2025", or null for a draft. */
export function cycleDates(cycle: CycleResponse): string | null {
  if (!cycle.start_date || !cycle.end_date) return null;
  return `${formatDate(cycle.start_date)} - ${formatDate(cycle.end_date)}`;
}

/** The name a person goes by: display name, else first and last, else email. */
export function personName(person: { display_name?: string; first_name?: string; last_name?: string; email?: string }): string {
  const full = [person.first_name, person.last_name].filter(Boolean).join(" ");
  return person.display_name || full || person.email || "";
}
