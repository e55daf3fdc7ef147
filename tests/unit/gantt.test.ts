// The month Gantt's arithmetic (app/lib/gantt.ts) and its row window (app/hooks/use-windowed-rows.ts):
// the first eight months, growing at either end, keeping the reader's place when months come in
// on the left, where a block without both dates goes, and which rows are drawn.
import { describe, expect, it } from "vitest";
import { rowWindow } from "../../app/hooks/use-windowed-rows";
import { blockBox, blockSpan, daysIn, daysInSight, edgeNear, extendRange, initialRange, monthsOf, openingScroll } from "../../app/lib/gantt";
import { GANTT_DAY_WIDTH, dateOfDay, dayNumber } from "../../app/lib/issue-display";

const day = (date: string) => dayNumber(date);
const dates = (range: { start: number; end: number }) => [dateOfDay(range.start), dateOfDay(range.end)];

describe("initialRange", () => {
  it("loads eight whole months, today's month the fourth", () => {
    const range = initialRange(day("2026-11-25"));
    expect(dates(range)).toEqual(["2026-08-01", "2027-03-31"]);
    expect(monthsOf(range).map((month) => month.label)).toEqual([
      "August 2026",
      "September 2026",
      "October 2026",
      "November 2026",
      "December 2026",
      "January 2027",
      "February 2027",
      "March 2027",
    ]);
    expect(monthsOf(range).map((month) => month.days)).toEqual([31, 30, 31, 30, 31, 31, 28, 31]);
    expect(daysIn(range)).toBe(243);
  });

  it("crosses the year backwards in January", () => {
    expect(dates(initialRange(day("2027-01-01")))).toEqual(["2026-10-01", "2027-05-31"]);
  });
});

describe("extendRange", () => {
  const range = initialRange(day("2026-11-25"));

  it("adds four months on the right and leaves the scroll position alone", () => {
    const grown = extendRange(range, "right");
    expect(dates(grown.range)).toEqual(["2026-08-01", "2027-07-31"]);
    expect(grown.addedDays).toBe(0);
  });

  it("adds four months on the left and says how many days came in front", () => {
    const grown = extendRange(range, "left");
    expect(dates(grown.range)).toEqual(["2026-04-01", "2027-03-31"]);
    // April to July 2026: 30 + 31 + 30 + 31 days, so the view moves right by 122 days (9760 px).
    expect(grown.addedDays).toBe(122);
    // A block keeps its place on screen: its left edge moves by exactly the added width.
    const block = { start: day("2026-11-25"), end: day("2026-11-27") };
    expect(blockBox(grown.range, block)!.left - blockBox(range, block)!.left).toBe(122 * 80);
  });

  it("crosses a leap February", () => {
    const grown = extendRange({ start: day("2028-01-01"), end: day("2028-01-31") }, "right", 1);
    expect(dates(grown.range)).toEqual(["2028-01-01", "2028-02-29"]);
  });
});

describe("edgeNear", () => {
  it("is the left end within 1000 px of it", () => {
    expect(edgeNear({ left: 999, width: 20_000, viewport: 1000 })).toBe("left");
    expect(edgeNear({ left: 1000, width: 20_000, viewport: 1000 })).toBeNull();
  });

  it("is the right end when less than 1000 px are left to scroll", () => {
    expect(edgeNear({ left: 18_001, width: 20_000, viewport: 1000 })).toBe("right");
    expect(edgeNear({ left: 18_000, width: 20_000, viewport: 1000 })).toBeNull();
  });
});

describe("blockSpan", () => {
  const times = { created_at: "2026-11-02T09:00:00.000Z", updated_at: "2026-11-20T17:30:00.000Z" };

  it("spans both dates when the item has them", () => {
    expect(blockSpan({ start: "2026-11-10", end: "2026-11-14", ...times })).toEqual({ start: day("2026-11-10"), end: day("2026-11-14"), noDueDate: false });
  });

  it("falls back to created..updated without both dates, and says so", () => {
    const fallback = { start: day("2026-11-02"), end: day("2026-11-20"), noDueDate: true };
    expect(blockSpan({ start: null, end: null, ...times })).toEqual(fallback);
    expect(blockSpan({ start: "2026-11-10", end: null, ...times })).toEqual(fallback);
    expect(blockSpan({ start: null, end: "2026-11-14", ...times })).toEqual(fallback);
  });

  it("draws an end before its start as one day", () => {
    expect(blockSpan({ start: "2026-11-14", end: "2026-11-10", ...times })).toMatchObject({ start: day("2026-11-14"), end: day("2026-11-14") });
  });

  it("measures a block at 80 px per day, both ends included", () => {
    const range = initialRange(day("2026-11-25"));
    expect(blockBox(range, { start: day("2026-08-03"), end: day("2026-08-05") })).toEqual({ left: 160, width: 240 });
  });

  it("cuts a block to the loaded months, and draws none wholly outside them", () => {
    const range = initialRange(day("2026-11-25"));
    expect(blockBox(range, { start: day("2026-07-30"), end: day("2026-08-02") })).toEqual({ left: 0, width: 160 });
    expect(blockBox(range, { start: day("2027-03-30"), end: day("2027-06-01") })).toEqual({ left: 241 * 80, width: 160 });
    expect(blockBox(range, { start: day("2025-01-01"), end: day("2025-02-01") })).toBeNull();
    expect(blockBox(range, { start: day("2028-01-01"), end: day("2028-02-01") })).toBeNull();
  });
});

describe("rowWindow", () => {
  it("draws the rows in sight and a few either side", () => {
    expect(rowWindow(1000, 40, { top: 0, height: 800 }, 8)).toEqual({ first: 0, last: 28 });
    expect(rowWindow(1000, 40, { top: 20_000, height: 800 }, 8)).toEqual({ first: 492, last: 528 });
    expect(rowWindow(1000, 40, { top: 39_600, height: 800 }, 8)).toEqual({ first: 982, last: 1000 });
  });

  it("draws nothing for an empty list", () => {
    expect(rowWindow(0, 40, { top: 0, height: 800 }, 8)).toEqual({ first: 0, last: 0 });
  });
});

describe("daysInSight", () => {
  const range = { start: 1000, end: 1242 };
  it("draws the days in sight and a margin either side, within the range", () => {
    // Scrolled 10 days in, 15 days of box in sight, 2 days of margin.
    expect(daysInSight(range, 10 * GANTT_DAY_WIDTH, 15 * GANTT_DAY_WIDTH, 2)).toEqual({ start: 1008, end: 1027 });
    expect(daysInSight(range, 0, 15 * GANTT_DAY_WIDTH, 2)).toEqual({ start: 1000, end: 1017 });
    expect(daysInSight(range, 240 * GANTT_DAY_WIDTH, 15 * GANTT_DAY_WIDTH, 2)).toEqual({ start: 1238, end: 1242 });
  });

  it("opens on today a little in from the left edge", () => {
    expect(openingScroll(range, 1100)).toBe(97 * GANTT_DAY_WIDTH);
    expect(openingScroll(range, 1001)).toBe(0);
  });
});
