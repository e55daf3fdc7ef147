// The burndown of a cycle or a module: for each day of its span, how many of its issues were still
// open at the end of that day ("Current"), beside the straight line from its whole scope down to
// zero on the last day ("Ideal"), as Plane draws it. Computed on the server from each issue's
// history, so it is right about the past:
//   - an issue counts from the day it joined the scope (an issue added mid-cycle raises the line
//     that day, not before);
//   - an issue counts as done on the days it was completed, and open again from the day it was
//     reopened (its completion periods, not only its last completed_at);
//   - days are the team's calendar days in `timeZone` (an issue completed at 23:30 UTC is done
//     that day in New York and the next day in Tokyo).
// Days after today have no Current value: the line stops at today.

import type { Burndown } from "../schemas/issue-group-responses";

/** One issue of the scope, with when it joined and the periods it was completed. */
export interface BurndownIssue {
  /** When it joined the scope (ISO timestamp or YYYY-MM-DD); before the span counts from its first day. */
  added: string;
  /** Each completion: from when it was completed until it was reopened (null: still completed). */
  completions: { from: string; to: string | null }[];
}

export type { Burndown };

/** The calendar day of a timestamp in a time zone, as YYYY-MM-DD (a bare date is that day). */
export function dayIn(value: string, timeZone: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(value));
}

/** Every day from `start` to `end` inclusive (YYYY-MM-DD), across months and years. */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = Date.parse(`${start}T00:00:00Z`); day <= Date.parse(`${end}T00:00:00Z`); day += 86_400_000) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}

export function burndownOf(input: {
  start: string;
  end: string;
  /** Today, YYYY-MM-DD, in the same time zone. */
  today: string;
  issues: BurndownIssue[];
  timeZone?: string;
}): Burndown {
  const { start, end, today, issues, timeZone = "UTC" } = input;
  const days = daysBetween(start, end);
  // Each issue as days: joined on, and the [from, to) day ranges it was done.
  const byDay = issues.map((issue) => ({
    added: dayIn(issue.added, timeZone),
    done: issue.completions.map(({ from, to }) => ({ from: dayIn(from, timeZone), to: to === null ? null : dayIn(to, timeZone) })),
  }));
  // Done at the end of `day`: completed on or before it, and not reopened on or before it.
  const doneAt = (done: { from: string; to: string | null }[], day: string) =>
    done.some(({ from, to }) => from <= day && (to === null || to > day));
  const openAt = (day: string) => byDay.filter((issue) => issue.added <= day && !doneAt(issue.done, day)).length;

  const scope = issues.length;
  const last = days.length - 1;
  const ideal = days.map((_, index) => (last === 0 ? 0 : Math.round((scope * (last - index) * 100) / last) / 100));
  const current = days.map((day) => (day <= today ? openAt(day) : null));
  // At the end of today, or of the last day once the span has ended (dates sort as text).
  const pending = openAt([today, end].sort()[0]);
  return { days, ideal, current, pending, scope };
}

/**
 * An issue's completion periods from its state changes (oldest first): entering a state of the
 * completed group starts one, leaving it ends it. An issue created already completed has no
 * change to say so: its `completed_at` starts the period. The issue's present wins over a history
 * that disagrees with it: an open period is dropped when the issue is not completed now.
 */
export function completionPeriodsOf(
  stateChanges: { at: string; to: string | null }[],
  completedAt: string | null,
  isCompletedState: (stateId: string | null) => boolean,
): BurndownIssue["completions"] {
  const periods: BurndownIssue["completions"] = [];
  let open: { from: string; to: string | null } | null = null;
  for (const change of stateChanges) {
    const completed = isCompletedState(change.to);
    if (completed && open === null) {
      open = { from: change.at, to: null };
      periods.push(open);
    } else if (!completed && open !== null) {
      open.to = change.at;
      open = null;
    }
  }
  if (completedAt === null && open !== null) periods.pop();
  if (completedAt !== null && open === null) periods.push({ from: completedAt, to: null });
  return periods;
}
