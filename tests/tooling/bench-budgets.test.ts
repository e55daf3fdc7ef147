// The bench's budgets (bench/lib/budgets.mjs) and its CPU meter (bench/lib/cpu.mjs): a figure over
// its budget, or one that could not be measured, fails `npm run bench -- --check`; CPU reports
// name the routes over 10 ms without being checked; the meter reads this process's CPU from /proc.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { budgetsMarkdown, checked, issuesApiFigures, startupFigures } from "../../bench/lib/budgets.mjs";
import { cpuMeter, cpuMsOf, processAgeMs, workerdPids } from "../../bench/lib/cpu.mjs";

const timed = (workerP50: number, cpuMs: number) => ({ worker: { p50: workerP50 }, cpuMs });
const load = (errors: number) => ({ errors, throughput: 200, cpuMs: 5 });

function issueRow(size: number, { listP50 = 4, listCpu = 5, createErrors = 0 } = {}) {
  return {
    project: { size },
    firstPage: timed(listP50, listCpu),
    getIssue: timed(3, 3),
    deepPage: timed(4, 5),
    board: timed(4, 4),
    boardAfterChange: timed(5, 8),
    boardFull: timed(13, 12),
    create: timed(5, 6),
    patch: timed(6, 7),
    createLoad: load(createErrors),
    patchLoad: load(0),
  };
}

describe("bench budgets", () => {
  it("meets every budget when the figures are within them", () => {
    const figures = checked(issuesApiFigures([issueRow(1000), issueRow(10000)]));
    expect(figures.length).toBeGreaterThan(0);
    expect(figures.filter((f: { met: boolean }) => !f.met)).toEqual([]);
  });

  it("marks a slow list page, a CPU-heavy one and writer errors as over", () => {
    const figures = checked(issuesApiFigures([issueRow(1000, { listCpu: 12 }), issueRow(10000, { listP50: 11, createErrors: 2 })]));
    const over = figures.filter((f: { met: boolean }) => !f.met).map((f: { name: string }) => f.name);
    expect(over).toEqual([
      "list page of 100, Worker p50, 10,000 issues",
      "create, 8 writers, errors, 10,000 issues",
      "list page of 100, CPU per request, 1,000 issues",
    ]);
  });

  it("counts a figure that was not measured as over", () => {
    const [list] = checked(issuesApiFigures([issueRow(1000, { listCpu: Number.NaN })])).filter((f: { name: string }) => f.name.includes("list page of 100, CPU"));
    expect(list.met).toBe(false);
  });

  it("names the routes over 10 ms of CPU without checking the unbudgeted ones", () => {
    const figures = [
      ...issuesApiFigures([issueRow(1000)]),
      ...startupFigures({
        bundle: { gzipBytes: 1024 * 1024 },
        coldStart: { fromWorkerd: { p50: 500 } },
        signIn: { cpuMs: 18 },
      }),
    ];
    expect(checked(figures).every((f: { met: boolean }) => f.met)).toBe(true);
    const markdown = budgetsMarkdown(figures);
    expect(markdown).toContain("All ");
    expect(markdown).toContain("startup: sign-in (password hashing) (18.0 ms)");
    expect(markdown).toContain("issues-api: board read in full (12.0 ms)");
    expect(markdown).not.toContain("**over**");
  });
});

describe("bench CPU meter", () => {
  it("reads this process's CPU time and age from /proc", () => {
    // Busy until the kernel has counted 50 ms of it (5 s at most: the machine may be shared).
    const before = cpuMsOf([process.pid]);
    const until = performance.now() + 5000;
    let spent = 0;
    while (spent < 50 && performance.now() < until) spent = cpuMsOf([process.pid]) - before;
    expect(spent).toBeGreaterThanOrEqual(50);
    expect(processAgeMs(process.pid)).toBeGreaterThan(0);
  });

  it("answers n/a, not a number, when no workerd descends from the bench", async () => {
    const child = spawn("sleep", ["5"]);
    try {
      expect(workerdPids(child.pid)).toEqual([]);
      const meter = await cpuMeter({ root: child.pid });
      meter.start();
      meter.stop();
      expect(meter.perRequest(10)).toBeNaN();
    } finally {
      child.kill();
    }
  });
});
