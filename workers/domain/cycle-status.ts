// A cycle's status is never stored: it follows from its dates and today's date in the caller's
// time zone (the browser's; UTC for API clients), so a cycle ends at midnight where its team is.
// This is the one place that rule lives; lists filter by it, responses carry it, and both the lock
// on completed cycles and issue writes naming a cycle read it. Client-safe (no imports).

export const CYCLE_STATUSES = ["draft", "upcoming", "current", "completed"] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

/** Today as YYYY-MM-DD in UTC. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** Today as YYYY-MM-DD in an IANA time zone (UTC when absent). */
export function todayIn(timeZone: string | undefined, now: Date = new Date()) {
  if (!timeZone || timeZone === "UTC") return todayUtc(now);
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** Today for a request's caller (its context's time zone). */
export const todayFor = (ctx: { timeZone?: string }, now: Date = new Date()) => todayIn(ctx.timeZone, now);

/**
 * completed: end_date < today; draft: no dates; upcoming: start_date > today;
 * current: start_date <= today <= end_date. Dates are YYYY-MM-DD, so text order is date order.
 * A row with only one date (which the API refuses to write) counts as a draft unless it has ended.
 */
export function cycleStatus(cycle: { start_date: string | null; end_date: string | null }, today: string = todayUtc()): CycleStatus {
  const { start_date: start, end_date: end } = cycle;
  if (end !== null && end < today) return "completed";
  if (start === null || end === null) return "draft";
  if (start > today) return "upcoming";
  return "current";
}

/** The cycle_view values of the list: a status, every cycle, or every cycle not completed. */
export const CYCLE_VIEWS = ["all", "incomplete", ...CYCLE_STATUSES] as const;
export type CycleView = (typeof CYCLE_VIEWS)[number];

export function cycleInView(status: CycleStatus, view: CycleView) {
  if (view === "all") return true;
  if (view === "incomplete") return status !== "completed";
  return status === view;
}
