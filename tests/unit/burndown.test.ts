// The burndown, on a hand-worked example: a six-day cycle across a month end (Jan 29 - Feb 3),
// today Feb 2, five issues:
//   A  in scope from the start, completed Jan 30 10:00 UTC
//   B  in scope from the start, completed Jan 31 23:30 UTC (Feb 1 08:30 in Tokyo)
//   C  in scope from the start, completed Jan 30 12:00 UTC, reopened Feb 1 09:00 UTC
//   D  added mid-cycle Feb 1 15:00 UTC (Feb 2 00:00 in Tokyo), open
//   E  in scope from the start, never completed
// Open at the end of each day, in UTC:
//   Jan 29: A B C E open                      -> 4
//   Jan 30: A and C done                      -> 2 (B, E)
//   Jan 31: B done too                        -> 1 (E)
//   Feb 1:  C reopened, D added               -> 3 (C, D, E)
//   Feb 2:  (today) nothing changes           -> 3
//   Feb 3:  after today                       -> no value
import { describe, expect, it } from "vitest";
import { type BurndownIssue, burndownOf, completionPeriodsOf, dayIn, daysBetween } from "../../workers/domain/issue-groups/burndown";

const A: BurndownIssue = { added: "2026-01-28T09:00:00Z", completions: [{ from: "2026-01-30T10:00:00Z", to: null }] };
const B: BurndownIssue = { added: "2026-01-28T09:00:00Z", completions: [{ from: "2026-01-31T23:30:00Z", to: null }] };
const C: BurndownIssue = {
  added: "2026-01-28T09:00:00Z",
  completions: [{ from: "2026-01-30T12:00:00Z", to: "2026-02-01T09:00:00Z" }],
};
const D: BurndownIssue = { added: "2026-02-01T15:00:00Z", completions: [] };
const E: BurndownIssue = { added: "2026-01-29", completions: [] };
const cycle = { start: "2026-01-29", end: "2026-02-03", today: "2026-02-02", issues: [A, B, C, D, E] };

describe("burndown", () => {
  it("counts open issues per day across a month end: completions, a reopen and scope added mid-cycle", () => {
    const burndown = burndownOf(cycle);
    expect(burndown.days).toEqual(["2026-01-29", "2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02", "2026-02-03"]);
    expect(burndown.current).toEqual([4, 2, 1, 3, 3, null]);
    expect(burndown.pending).toBe(3);
    expect(burndown.scope).toBe(5);
    // Ideal: the whole scope on the first day down to none on the last.
    expect(burndown.ideal).toEqual([5, 4, 3, 2, 1, 0]);
  });

  it("counts days in the team's time zone", () => {
    // Tokyo: B is done on Feb 1, and D joins on Feb 2.
    const tokyo = burndownOf({ ...cycle, timeZone: "Asia/Tokyo" });
    expect(tokyo.current).toEqual([4, 2, 2, 2, 3, null]);
    // New York: B's completion is Jan 31 at 18:30, as in UTC; C reopens Feb 1 at 04:00; D joins
    // Feb 1 at 10:00.
    expect(burndownOf({ ...cycle, timeZone: "America/New_York" }).current).toEqual([4, 2, 1, 3, 3, null]);
    expect(dayIn("2026-01-31T23:30:00Z", "Asia/Tokyo")).toBe("2026-02-01");
    expect(dayIn("2026-01-31T23:30:00Z", "America/New_York")).toBe("2026-01-31");
    expect(dayIn("2026-01-31", "Asia/Tokyo")).toBe("2026-01-31");
  });

  it("reads an issue completed twice as done only inside its completions", () => {
    const twice: BurndownIssue = {
      added: "2026-01-01",
      completions: [
        { from: "2026-01-29T10:00:00Z", to: "2026-01-30T10:00:00Z" },
        { from: "2026-02-01T10:00:00Z", to: null },
      ],
    };
    expect(burndownOf({ ...cycle, issues: [twice] }).current).toEqual([0, 1, 1, 0, 0, null]);
  });

  it("ends the Current line on the last day once the span has ended, and counts pending there", () => {
    const ended = burndownOf({ ...cycle, today: "2026-03-01" });
    expect(ended.current).toEqual([4, 2, 1, 3, 3, 3]);
    expect(ended.pending).toBe(3);
    // Before the span starts: no Current value, everything pending.
    const early = burndownOf({ ...cycle, today: "2026-01-20" });
    expect(early.current.every((value) => value === null)).toBe(true);
  });

  it("spans leap days, year ends and one-day cycles", () => {
    expect(daysBetween("2028-02-28", "2028-03-01")).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
    expect(daysBetween("2026-12-31", "2027-01-01")).toEqual(["2026-12-31", "2027-01-01"]);
    const oneDay = burndownOf({ start: "2026-02-02", end: "2026-02-02", today: "2026-02-02", issues: [E, A] });
    expect(oneDay).toMatchObject({ ideal: [0], current: [1], pending: 1 });
  });
});

describe("completion periods from state changes", () => {
  const completedStates = new Set(["done", "shipped"]);
  const isCompleted = (stateId: string | null) => stateId !== null && completedStates.has(stateId);

  it("opens a period on entering a completed state and closes it on leaving", () => {
    const changes = [
      { at: "2026-01-30T10:00:00Z", to: "doing" },
      { at: "2026-01-30T12:00:00Z", to: "done" },
      // Moving between two completed states keeps the period open.
      { at: "2026-01-31T08:00:00Z", to: "shipped" },
      { at: "2026-02-01T09:00:00Z", to: "todo" },
      { at: "2026-02-02T09:00:00Z", to: "done" },
    ];
    expect(completionPeriodsOf(changes, "2026-02-02T09:00:00Z", isCompleted)).toEqual([
      { from: "2026-01-30T12:00:00Z", to: "2026-02-01T09:00:00Z" },
      { from: "2026-02-02T09:00:00Z", to: null },
    ]);
  });

  it("takes completed_at for an issue created completed, and the present over a disagreeing history", () => {
    expect(completionPeriodsOf([], "2026-01-29T08:00:00Z", isCompleted)).toEqual([{ from: "2026-01-29T08:00:00Z", to: null }]);
    expect(completionPeriodsOf([], null, isCompleted)).toEqual([]);
    // The history ends completed (its state was deleted since, say), but the issue is open now.
    expect(completionPeriodsOf([{ at: "2026-01-30T12:00:00Z", to: "done" }], null, isCompleted)).toEqual([]);
  });
});

