// How cycles and their progress look wherever they are shown: status colours and labels, the
// days-left text, and the progress colours of the issue groups (module progress uses them too).
// Client-safe.
import type { CycleStatus } from "../../workers/domain/schemas/issue-group-responses";

export const CYCLE_STATUS_LABEL: Record<CycleStatus, string> = {
  current: "In progress",
  upcoming: "Upcoming",
  completed: "Completed",
  draft: "Draft",
};

/** A cycle's status colour (its Gantt block): current green, upcoming orange, completed blue, draft grey. */
export const CYCLE_STATUS_COLORS: Record<CycleStatus, string> = {
  current: "#09a953",
  upcoming: "#f7ae59",
  completed: "#3f76ff",
  draft: "#858e96",
};

/** Badge classes per status: current green, upcoming orange, completed blue, draft grey. */
export const CYCLE_STATUS_BADGE: Record<CycleStatus, string> = {
  current: "bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300",
  upcoming: "bg-orange-100 text-orange-800 dark:bg-orange-500/15 dark:text-orange-300",
  completed: "bg-blue-100 text-blue-800 dark:bg-blue-500/15 dark:text-blue-300",
  draft: "bg-neutral-100 text-neutral-700",
};

/** The issue groups as progress bars show them, in order, with their display colours. */
export const PROGRESS_GROUPS = [
  { group: "backlog", label: "Backlog", color: "#dee2e6" },
  { group: "unstarted", label: "Unstarted", color: "#26b5ce" },
  { group: "started", label: "Started", color: "#f7ae59" },
  { group: "cancelled", label: "Cancelled", color: "#d687ff" },
  { group: "completed", label: "Completed", color: "#09a953" },
] as const;

const DAY_MS = 86_400_000;

/** Whole days from `today` to `day` (both YYYY-MM-DD); never below 0. */
export function daysUntil(day: string, today: string) {
  return Math.max(0, Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS));
}

/** "3 days left" until the end (current) or the start (upcoming); "Completed"; nothing for drafts. */
export function daysLeftText(cycle: { status: CycleStatus; start_date: string | null; end_date: string | null }, today: string) {
  if (cycle.status === "completed") return "Completed";
  const until = cycle.status === "current" ? cycle.end_date : cycle.status === "upcoming" ? cycle.start_date : null;
  if (!until) return "";
  const days = daysUntil(until, today);
  return `${days} ${days === 1 ? "day" : "days"} left`;
}

/** Completed of total as a whole percent, at most 100. */
export const percentDone = (completed: number, total: number) => (total > 0 ? Math.min(100, Math.round((completed / total) * 100)) : 0);
