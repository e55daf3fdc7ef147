// What a cycle's time reads on the list and the dashboard: days left until the end (current) or
// the start (upcoming), "Completed" with the issues still open, nothing for a draft; counted
// from the caller's today, across a month end.
import { describe, expect, it } from "vitest";
import { cycleDates, cycleTimeLeft } from "../../app/components/cycles/cycle-format";
import type { CycleResponse } from "../../workers/domain/schemas/issue-group-responses";

const cycle = (fields: Partial<CycleResponse>): CycleResponse =>
  ({ status: "draft", start_date: null, end_date: null, total_issues: 0, completed_issues: 0, ...fields }) as CycleResponse;

describe("cycleTimeLeft", () => {
  it("counts days to the end of a current cycle and to the start of an upcoming one", () => {
    expect(cycleTimeLeft(cycle({ status: "current", start_date: "2026-01-25", end_date: "2026-02-03" }), "2026-01-30")).toEqual({ text: "4 days left" });
    expect(cycleTimeLeft(cycle({ status: "current", start_date: "2026-01-25", end_date: "2026-01-31" }), "2026-01-30")).toEqual({ text: "1 day left" });
    expect(cycleTimeLeft(cycle({ status: "current", start_date: "2026-01-25", end_date: "2026-01-30" }), "2026-01-30")).toEqual({ text: "0 days left" });
    expect(cycleTimeLeft(cycle({ status: "upcoming", start_date: "2026-02-02", end_date: "2026-02-09" }), "2026-01-30")).toEqual({ text: "3 days left" });
  });

  it("says Completed, with the open issues in a tooltip only when some remain", () => {
    const done = { status: "completed" as const, start_date: "2026-01-01", end_date: "2026-01-14" };
    expect(cycleTimeLeft(cycle({ ...done, total_issues: 5, completed_issues: 3 }), "2026-01-30")).toEqual({
      text: "Completed",
      pending: "2 more pending issue(s)",
    });
    expect(cycleTimeLeft(cycle({ ...done, total_issues: 4, completed_issues: 4 }), "2026-01-30")).toEqual({ text: "Completed", pending: undefined });
  });

  it("shows nothing for a draft, and no dates", () => {
    expect(cycleTimeLeft(cycle({}), "2026-01-30")).toBeNull();
    expect(cycleDates(cycle({}))).toBeNull();
  });
});
