// The shared date module (workers/domain/schemas/dates.ts): the texts the server renders and the
// browser hydrates, on UTC days whatever the machine's time zone.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  dateOfDay,
  firstDayOfMonth,
  formatDate,
  formatMonth,
  formatMonthDay,
  monthGridDays,
  timeAgo,
  weekdayOf,
} from "../../workers/domain/schemas/dates";
import { calendarDueSpan } from "../../workers/domain/schemas/issue-windows";

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

describe("dates", () => {
  it("formats any moment as Intl does on its UTC day, however many days were formatted before", () => {
    const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...options });
    const full = intl({ month: "short", day: "numeric", year: "numeric" });
    const monthYear = intl({ month: "long", year: "numeric" });
    const monthDay = intl({ month: "short", day: "numeric" });
    // Past the formats' memory of days, so the answers after it starts again are checked too.
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) }), (ms) => {
        const day = Math.floor(ms / DAY_MS);
        expect(formatDate(new Date(ms).toISOString())).toBe(full.format(ms));
        expect(formatMonth(day)).toBe(monthYear.format(ms));
        expect(formatMonthDay(day)).toBe(monthDay.format(ms));
      }),
      { numRuns: 5000 },
    );
  });

  it("formats a date, a timestamp late in its UTC day, and nothing", () => {
    expect(formatDate("2025-03-04")).toBe("Mar 4, 2025");
    expect(formatDate("2025-03-04T23:59:59.000Z")).toBe("Mar 4, 2025");
    expect(formatDate("2031-11-03")).toBe("Nov 3, 2031");
    expect(formatDate(null)).toBe("");
    expect(formatDate("not a date")).toBe("");
  });

  it("names months and days for the calendar and Gantt headers", () => {
    expect(formatMonth(firstDayOfMonth(2025, 2))).toBe("March 2025");
    // Months past December and before January roll into the next or previous year.
    expect(firstDayOfMonth(2025, 12)).toBe(dayOf("2026-01-01"));
    expect(formatMonth(firstDayOfMonth(2025, -1))).toBe("December 2024");
    expect(formatMonthDay(dayOf("2025-03-04"))).toBe("Mar 4");
    expect(formatMonthDay(dayOf("2024-12-31"))).toBe("Dec 31");
  });

  it("says how long ago, then the date after 30 days", () => {
    const now = Date.parse("2025-03-04T12:00:00Z");
    const ago = (ms: number) => timeAgo(new Date(now - ms).toISOString(), now);
    expect(ago(30_000)).toBe("just now");
    expect(ago(60_000)).toBe("1 minute ago");
    expect(ago(5 * 60_000)).toBe("5 minutes ago");
    expect(ago(2 * 3_600_000)).toBe("2 hours ago");
    expect(ago(DAY_MS)).toBe("1 day ago");
    expect(ago(3 * DAY_MS)).toBe("3 days ago");
    expect(ago(40 * DAY_MS)).toBe("Jan 23, 2025");
  });

  it("spans a month's calendar in whole weeks, Monday to Sunday, around the first and the last day", () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const november = monthGridDays("2026-11-18");
    expect([dateOfDay(november.first), dateOfDay(november.last)]).toEqual(["2026-10-26", "2026-12-06"]);
    expect([weekdayOf(november.first), weekdayOf(november.last)]).toEqual([0, 6]);
    // February 2027 starts on a Monday and ends on a Sunday: exactly its own four weeks.
    expect(calendarDueSpan("2027-02-01")).toEqual({ from: "2027-02-01", to: "2027-02-28" });
    // Any week holding a day of the month is inside the month's span.
    for (let day = dayOf("2026-12-01"); day <= dayOf("2026-12-31"); day++) {
      const { first, last } = monthGridDays(dateOfDay(day));
      const monday = day - weekdayOf(day);
      expect(monday >= first && monday + 6 <= last).toBe(true);
    }
  });
});
