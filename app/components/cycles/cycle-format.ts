// How a cycle reads on screen: its status colour, the days it has left, what its progress says, and
// the colours of the five issue groups. Client-safe (no server imports beyond the schemas).
import { DAY_MS, formatDate } from "../../../workers/domain/schemas/dates";
import { todayIn } from "../../../workers/domain/schemas/cycles";
import type { CycleResponse } from "~/lib/cycles-page-contract";

/** Names are cut at 70 characters in lists and on the dashboard, at 15 on board cards. */
export const CYCLE_NAME_MAX_LIST = 70;
export const CYCLE_NAME_MAX_CARD = 15;
/** High priority issue titles on the dashboard are cut at 30 characters. */
export const ISSUE_NAME_MAX_DASHBOARD = 30;
/** At most this many assignee avatars, then "+N". */
export const ASSIGNEE_STACK_MAX = 4;

type Status = CycleResponse["status"];

/** Current green, upcoming orange, completed blue, draft grey: the badge and the accent. */
export const STATUS_STYLE: Record<Status, { label: string; badge: string; dot: string }> = {
  current: {
    label: "In Progress",
    badge: "bg-green-50 text-green-700 ring-green-600/20 dark:bg-green-950/50 dark:text-green-300",
    dot: "bg-green-600",
  },
  upcoming: {
    label: "Yet to Start",
    badge: "bg-orange-50 text-orange-700 ring-orange-600/20 dark:bg-orange-950/50 dark:text-orange-300",
    dot: "bg-orange-500",
  },
  completed: {
    label: "Completed",
    badge: "bg-blue-50 text-blue-700 ring-blue-600/20 dark:bg-blue-950/50 dark:text-blue-300",
    dot: "bg-blue-600",
  },
  draft: {
    label: "Draft",
    badge: "bg-neutral-100 text-neutral-700 ring-neutral-500/20",
    dot: "bg-neutral-400",
  },
};

/** The five issue groups in the order they are shown, with their display colours. */
export const ISSUE_GROUPS = [
  { key: "backlog", label: "Backlog", color: "#dee2e6" },
  { key: "unstarted", label: "Unstarted", color: "#26b5ce" },
  { key: "started", label: "Started", color: "#f7ae59" },
  { key: "cancelled", label: "Cancelled", color: "#d687ff" },
  { key: "completed", label: "Completed", color: "#09a953" },
] as const;

export type IssueGroupKey = (typeof ISSUE_GROUPS)[number]["key"];

export const groupCount = (cycle: CycleResponse, group: IssueGroupKey) => cycle[`${group}_issues`];

/** Today in this browser's time zone (the one the server counts the caller's day in). */
export const localToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** Whole days from `today` to `date`; never below 0. */
export function daysUntil(date: string, today: string): number {
  return Math.max(0, Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS));
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * What a cycle's time reads: days left until its end (current) or its start (upcoming),
 * "Completed" with how many of its issues are still open, nothing for a draft.
 */
export function cycleTimeLeft(cycle: CycleResponse, today: string): { text: string; pending?: string } | null {
  switch (cycle.status) {
    case "current":
      return cycle.end_date ? { text: `${plural(daysUntil(cycle.end_date, today), "day")} left` } : null;
    case "upcoming":
      return cycle.start_date ? { text: `${plural(daysUntil(cycle.start_date, today), "day")} left` } : null;
    case "completed": {
      const open = cycle.total_issues - cycle.completed_issues;
      return { text: "Completed", pending: open > 0 ? `${open} more pending issue(s)` : undefined };
    }
    default:
      return null;
  }
}

/** "Mar 4, 2025 - Mar 18, 2025", or null for a draft. */
export function cycleDates(cycle: CycleResponse): string | null {
  if (!cycle.start_date || !cycle.end_date) return null;
  return `${formatDate(cycle.start_date)} - ${formatDate(cycle.end_date)}`;
}

/** Completed issues as a whole percentage of all of them (0 without issues). */
export function progressPercent(cycle: Pick<CycleResponse, "completed_issues" | "total_issues">): number {
  return cycle.total_issues ? Math.round((cycle.completed_issues / cycle.total_issues) * 100) : 0;
}

/** The name a person goes by: display name, else first and last, else email. */
export function personName(person: { display_name?: string; first_name?: string; last_name?: string; email?: string }): string {
  const full = [person.first_name, person.last_name].filter(Boolean).join(" ");
  return person.display_name || full || person.email || "";
}
