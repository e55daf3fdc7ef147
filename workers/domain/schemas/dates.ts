// Dates as the app counts and shows them, written once for the Worker and the browser (client-safe:
// it imports nothing). Days are UTC days and shown dates are formatted in UTC, en-US, so the
// server's render and the browser's hydration print the same text wherever either runs.

/** The length of a day in milliseconds. */
export const DAY_MS = 86_400_000;

/** The UTC day number (days since 1970-01-01) of the first of a month; months past 11 roll over. */
export function firstDayOfMonth(year: number, month: number): number {
  return Math.floor(Date.UTC(year, month, 1) / DAY_MS);
}

/** Today's date in UTC, YYYY-MM-DD. */
export function todayUtc(now = new Date()) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);
}

/** The UTC day number of a YYYY-MM-DD date (or of an ISO timestamp's date). */
export function dayNumber(date: string) {
  return Math.floor(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS);
}

/** The YYYY-MM-DD date of a UTC day number. */
export function dateOfDay(day: number) {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Monday = 0 ... Sunday = 6 (day 0 of the epoch was a Thursday). */
export const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;

/**
 * The days a month's calendar shows around `date`: whole weeks from the Monday on or before the
 * month's first day to the Sunday on or after its last (day numbers, both included). Every week
 * that holds a day of the month lies inside it.
 */
export function monthGridDays(date: string): { first: number; last: number } {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1;
  const first = firstDayOfMonth(year, month);
  const last = firstDayOfMonth(year, month + 1) - 1;
  return { first: first - weekdayOf(first), last: last + 6 - weekdayOf(last) };
}

/**
 * A formatter made at its first use: the first Intl formatter of an isolate loads the locale data
 * (about 10 ms of CPU), which a Worker's startup and the many requests that show no date skip.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/** How many formatted days each format keeps before it starts again. */
const FORMATTED_DAYS_KEPT = 2000;

/**
 * A UTC day number in one format, each day formatted once: a page shows the same few dates many
 * times (an activity feed, a board's due dates), and each Intl format call costs microseconds.
 */
function utcDayFormat(options: Intl.DateTimeFormatOptions): (day: number) => string {
  const format = onFirstUse(() => new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...options }));
  const formatted = new Map<number, string>();
  return (day) => {
    let text = formatted.get(day);
    if (text === undefined) {
      if (formatted.size >= FORMATTED_DAYS_KEPT) formatted.clear();
      text = format().format(day * DAY_MS);
      formatted.set(day, text);
    }
    return text;
  };
}
const DATE = utcDayFormat({ month: "short", day: "numeric", year: "numeric" });
const MONTH_YEAR = utcDayFormat({ month: "long", year: "numeric" });
const MONTH_DAY = utcDayFormat({ month: "short", day: "numeric" });
const RELATIVE = onFirstUse(() => new Intl.RelativeTimeFormat("en-US", { numeric: "always" }));

/** A Date from an ISO timestamp or a YYYY-MM-DD date (midnight UTC); null when unreadable. */
function dateOf(value: string): Date | null {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Mar 4, 2025" from an ISO timestamp or a YYYY-MM-DD date; "" for none or an unreadable one. */
export function formatDate(value: string | null | undefined): string {
  const date = value ? dateOf(value) : null;
  return date ? DATE(Math.floor(date.getTime() / DAY_MS)) : "";
}

/** "March 2025": the month holding UTC day number `day`. */
export function formatMonth(day: number): string {
  return MONTH_YEAR(day);
}

/** "Mar 4": UTC day number `day` without its year. */
export function formatMonthDay(day: number): string {
  return MONTH_DAY(day);
}

/**
 * How long ago `iso` was: "just now" under 45 seconds, then "3 minutes ago", "2 hours ago",
 * "5 days ago", and the date itself from 30 days on.
 */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return RELATIVE().format(-minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 24) return RELATIVE().format(-hours, "hour");
  const days = Math.round(hours / 24);
  if (days < 30) return RELATIVE().format(-days, "day");
  return formatDate(iso);
}
