// The arithmetic of `npm run cost` (scripts/lib/cost-model.mjs): per-action figures times a
// team's day give the daily use; the use against the free allowances gives the shares; the use
// beyond the paid plan's inclusions gives the bill. The full measured run is not part of the tests.
import { describe, expect, it } from "vitest";
import {
  ALLOWANCES,
  DAYS_PER_MONTH,
  IMPORTS,
  METERS,
  PAID_PLAN_BASE_USD,
  PER_PERSON_PER_DAY,
  actionFigures,
  actionsPerDay,
  boardMinuteFigures,
  dailyUse,
  fitsFreePlan,
  freePerDay,
  largestFreeTeam,
  monthlyPaidCost,
  monthsToFill,
  percentOfFree,
  teamDays,
} from "../../scripts/lib/cost-model.mjs";

const zero = () => Object.fromEntries(METERS.map((meter) => [meter, 0])) as Record<string, number>;
/** Every action the model counts, each costing `figures` (the rest zero). */
function uniform(figures: Record<string, number>) {
  const names = [...Object.keys(PER_PERSON_PER_DAY), "importedIssue"];
  return Object.fromEntries(names.map((name) => [name, { ...zero(), ...figures }]));
}

describe("a team's day", () => {
  it("multiplies the per-person figures by the team and adds the team's imports", () => {
    const counts = actionsPerDay(7);
    for (const [action, n] of Object.entries(PER_PERSON_PER_DAY)) expect(counts[action]).toBeCloseTo(n * 7);
    expect(counts.importedIssue).toBeCloseTo(IMPORTS.issuesPerImport * IMPORTS.perTeamPerDay);
  });

  it("sums each action's figures times how often the team does it", () => {
    const perAction = uniform({ d1RowsRead: 2 });
    perAction.createIssue = { ...zero(), d1RowsRead: 10, d1RowsWritten: 30 };
    const use = dailyUse(perAction, { createIssue: 4, search: 3 });
    expect(use.d1RowsRead).toBe(4 * 10 + 3 * 2);
    expect(use.d1RowsWritten).toBe(120);
    expect(use.workerRequests).toBe(0);
  });

  it("refuses an action nobody measured rather than counting it as free", () => {
    expect(() => dailyUse({}, { createIssue: 1 })).toThrow(/createIssue/);
  });
});

describe("shares of the free plan", () => {
  it("divides the daily use by the daily allowance, and spreads monthly allowances over the month", () => {
    const use = { ...zero(), d1RowsWritten: 50_000, r2ClassA: 1_000 };
    const percent = percentOfFree(use);
    expect(percent.d1RowsWritten).toBeCloseTo((50_000 / ALLOWANCES.d1RowsWritten.freePerDay) * 100);
    expect(freePerDay("r2ClassA")).toBeCloseTo(ALLOWANCES.r2ClassA.freePerMonth / DAYS_PER_MONTH);
    expect(percent.r2ClassA).toBeCloseTo((1_000 / freePerDay("r2ClassA")) * 100);
    // CPU has no daily free allowance: it is limited per request.
    expect(percent.workerCpuMs).toBeNull();
  });

  it("fits while every daily meter is at or under its allowance, and names the meters over", () => {
    const under = percentOfFree({ ...zero(), d1RowsRead: ALLOWANCES.d1RowsRead.freePerDay });
    expect(fitsFreePlan({ percent: under, maxCpuMsPerRequest: 4 })).toEqual({ fits: true, over: [], cpuOver: false });
    const over = percentOfFree({ ...zero(), d1RowsRead: ALLOWANCES.d1RowsRead.freePerDay + 1, queueOps: 20_000 });
    const verdict = fitsFreePlan({ percent: over, maxCpuMsPerRequest: 12 });
    expect(verdict.fits).toBe(false);
    expect(verdict.over).toEqual(["d1RowsRead", "queueOps"]);
    expect(verdict.cpuOver).toBe(true);
  });

  it("answers the largest team that fits, or null when none does", () => {
    // 1,000 rows read per action: a bigger team reads more, so some size crosses 5 million a day.
    const teams = teamDays({ perAction: uniform({ d1RowsRead: 1_000 }), sizes: [1, 10, 100] });
    const perPerson = Object.values(PER_PERSON_PER_DAY).reduce((sum, n) => sum + n, 0) * 1_000;
    const fitting = [1, 10, 100].filter((size) => perPerson * size + IMPORTS.issuesPerImport * IMPORTS.perTeamPerDay * 1_000 <= ALLOWANCES.d1RowsRead.freePerDay);
    expect(largestFreeTeam(teams)).toBe(fitting.length ? Math.max(...fitting) : null);
    expect(largestFreeTeam(teamDays({ perAction: uniform({ d1RowsWritten: 1e9 }), sizes: [1] }))).toBeNull();
  });
});

describe("the paid bill", () => {
  it("is the base while the use stays inside what the plan includes", () => {
    const included = { ...zero(), d1RowsWritten: ALLOWANCES.d1RowsWritten.paidIncludedPerMonth / DAYS_PER_MONTH };
    expect(monthlyPaidCost(included).total).toBeCloseTo(PAID_PLAN_BASE_USD);
  });

  it("charges each million beyond the inclusion at the published price, and storage beyond 5 GB", () => {
    const extraMillions = 3;
    const daily = (ALLOWANCES.d1RowsWritten.paidIncludedPerMonth + extraMillions * 1e6) / DAYS_PER_MONTH;
    const bill = monthlyPaidCost({ ...zero(), d1RowsWritten: daily }, 7e9);
    expect(bill.byMeter.d1RowsWritten).toBeCloseTo(extraMillions * ALLOWANCES.d1RowsWritten.paidPerMillion);
    expect(bill.storage).toBeCloseTo(2 * 0.75);
    expect(bill.total).toBeCloseTo(PAID_PLAN_BASE_USD + bill.byMeter.d1RowsWritten + bill.storage);
  });
});

describe("per-action figures", () => {
  it("adds the Durable Object calls of a write to the sockets it opened and divides a bulk action per unit", () => {
    const measured = { requests: 2, d1RowsRead: 40, d1RowsWritten: 60, sockets: 1, jobs: 2, cpuMs: 8 };
    const comment = actionFigures("comment", measured);
    expect(comment.doRequests).toBeGreaterThan(1);
    // The board and the hub it published to each copy their clock into D1: two rows more.
    expect(comment.d1RowsWritten).toBe(62);
    expect(comment.queueOps).toBe(6);
    const perIssue = actionFigures("importedIssue", measured, { perUnit: 20, r2: { classA: 1, classB: 2 } });
    expect(perIssue.d1RowsWritten).toBe(3);
    expect(perIssue.r2ClassA).toBeCloseTo(1 / 20);
    expect(perIssue.doRequests).toBeCloseTo(1 / 20);
  });

  it("counts one rate limiter call per signed-in API request as a Durable Object request", () => {
    const measured = { requests: 3, d1RowsRead: 0, d1RowsWritten: 0, sockets: 1, jobs: 0, cpuMs: 0 };
    const unlimited = actionFigures("search", measured);
    const limited = actionFigures("search", { ...measured, limiterCalls: 2 });
    expect(limited.doRequests).toBe(unlimited.doRequests + 2);
    expect(limited.doRowsWritten).toBe(unlimited.doRowsWritten);
  });

  it("counts a live board's minute as pings billed 20 to 1, and nothing else unless measured", () => {
    const minute = boardMinuteFigures(0);
    expect(minute.workerRequests).toBe(0);
    expect(minute.doRequests).toBeGreaterThan(0);
    expect(minute.doRequests).toBeLessThan(1);
    expect(minute.d1RowsRead).toBe(0);
  });

  it("counts the months until a growing database reaches its limit", () => {
    expect(monthsToFill(1e6, 30e6)).toBeCloseTo(1);
    expect(monthsToFill(0, 30e6)).toBe(Number.POSITIVE_INFINITY);
  });
});
