// The bench's budgets (bench/lib/budgets.mjs) and its CPU meter (bench/lib/cpu.mjs): a figure over
// its budget, or one that could not be measured, fails `npm run bench -- --check`; CPU reports
// name the routes over 10 ms without being checked; the meter reads this process's CPU from /proc.
// The dataset (bench/lib/dataset.mjs) puts the project-sizes suite's projects in a workspace of their own.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { budgetsMarkdown, checked, issuesApiFigures, mcpFigures, projectSizesFigures, screensFigures, startupFigures } from "../../bench/lib/budgets.mjs";
import { cpuMeter, cpuMsOf, processAgeMs, workerdPids } from "../../bench/lib/cpu.mjs";
import { SIZES_WORKSPACE, buildBenchSql } from "../../bench/lib/dataset.mjs";
import { documentParts, projectSizesMarkdown } from "../../bench/suites/project-sizes.mjs";

/** A timing: the Worker's own p50, the client's (2 ms over it unless said) and the CPU. */
const timed = (workerP50: number, cpuMs: number, clientP50 = workerP50 + 2) => ({ p50: clientP50, worker: { p50: workerP50 }, cpuMs });
const load = (errors: number) => ({ errors, throughput: 200, cpuMs: 5 });

function issueRow(size: number, { listP50 = 4, listCpu = 5, createErrors = 0, getIssueClient = 5 } = {}) {
  return {
    project: { size },
    firstPage: timed(listP50, listCpu),
    getIssue: timed(3, 3, getIssueClient),
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

  it("holds what a client sees through npm start to 3 ms over the Worker's own time", () => {
    const figures = checked(issuesApiFigures([issueRow(1000, { getIssueClient: 6.5 }), issueRow(10000, { getIssueClient: 6 })]));
    const over = figures.filter((f: { met: boolean }) => !f.met).map((f: { name: string }) => f.name);
    expect(over).toEqual(["GET one issue, client p50 over Worker p50, 1,000 issues"]);
  });

  it("counts a figure that was not measured as over", () => {
    const [list] = checked(issuesApiFigures([issueRow(1000, { listCpu: Number.NaN })])).filter((f: { name: string }) => f.name.includes("list page of 100, CPU"));
    expect(list.met).toBe(false);
  });

  it("names the routes over 10 ms of CPU without checking the unbudgeted ones", () => {
    const figures = [
      ...issuesApiFigures([issueRow(1000)]),
      ...startupFigures({
        bundle: { gzipBytes: 1024 * 1024, domainCopies: 1 },
        coldStart: { cpuFirst: { p50: 150 } },
        pageColdStart: { cpuFirst: { p50: 140 } },
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

type Figure = { name: string; met?: boolean; value: number; cpuRoute?: boolean };

describe("MCP budgets", () => {
  const pair = (restP50: number, mcpP50: number) => ({ rest: timed(restP50, 3), mcp: timed(mcpP50, 3) });

  it("holds a tool call to 3 ms of the Worker's time over the REST call it stands for", () => {
    const within = checked(mcpFigures({ search: pair(4, 6.9), create: pair(5, 8) })) as Figure[];
    expect(within.map((f) => [f.name, f.met])).toEqual([
      ["search_workspace over GET search, Worker p50", true],
      ["create_issue over POST issues, Worker p50", true],
    ]);
    const over = checked(mcpFigures({ search: pair(4, 7.5), create: pair(5, Number.NaN) })) as Figure[];
    expect(over.filter((f) => !f.met).map((f) => f.name)).toEqual(["search_workspace over GET search, Worker p50", "create_issue over POST issues, Worker p50"]);
  });
});

describe("startup budgets", () => {
  const startup = (overrides: Record<string, unknown>) =>
    startupFigures({
      bundle: { gzipBytes: 900 * 1024, domainCopies: 1 },
      coldStart: { cpuFirst: { p50: 120 } },
      pageColdStart: { cpuFirst: { p50: 130 } },
      signIn: { cpuMs: 18 },
      ...overrides,
    }) as Figure[];
  const over = (figures: Figure[]) => checked(figures).filter((f: Figure) => !f.met).map((f: Figure) => f.name);

  it("holds the bundle to 1 MB gzipped, one copy of the domain code and each cold start to 150 ms", () => {
    expect(over(startup({}))).toEqual([]);
    expect(over(startup({ bundle: { gzipBytes: 1025 * 1024, domainCopies: 1 } }))).toEqual(["Worker bundle as deployed, gzipped"]);
    expect(over(startup({ bundle: { gzipBytes: 900 * 1024, domainCopies: 2 } }))).toEqual(["copies of the domain code in the bundle"]);
    expect(over(startup({ pageColdStart: { cpuFirst: { p50: 160 } } }))).toEqual(["cold start to the first page, workerd user + system time"]);
    expect(over(startup({ coldStart: { cpuFirst: { p50: Number.NaN } } }))).toEqual(["cold start to the first API response, workerd user + system time"]);
  });

  it("does not list the cold starts among the routes over 10 ms of CPU per request", () => {
    expect(budgetsMarkdown(startup({}))).toContain("startup: sign-in (password hashing) (18.0 ms)");
    expect(budgetsMarkdown(startup({}))).not.toContain("first page, workerd user + system time (");
  });
});

function sizeRow(size: number, { listP50 = 5, kanbanP50 = 20, kanbanTtfb = 15, kanbanKb = 250, kanbanCpu = 9, failures = [] as string[] } = {}) {
  return {
    project: { size },
    list: { ...timed(listP50, 5), p50: listP50 + 3 },
    kanban: {
      worker: { p50: kanbanP50, p99: kanbanP50 * 2 },
      firstByte: { p50: kanbanTtfb },
      total: { p50: kanbanP50 + 20, n: 50 },
      cpuMs: kanbanCpu,
      htmlBytes: kanbanKb * 1024,
      cards: 250,
      failures,
    },
  };
}

describe("bench budgets at every project size", () => {
  it("checks the list page, the kanban page and its document at 1,000, 10,000 and 100,000 issues", () => {
    const figures = projectSizesFigures([sizeRow(1000), sizeRow(10000), sizeRow(100000)]);
    const names = checked(figures).map((f: Figure) => f.name);
    for (const at of ["1,000", "10,000", "100,000"]) {
      expect(names).toContain(`list page of 100, Worker p50, ${at} issues`);
      expect(names).toContain(`kanban page, Worker p50, ${at} issues`);
      expect(names).toContain(`kanban page, client first byte p50, ${at} issues`);
      expect(names).toContain(`kanban page, document size, ${at} issues`);
      expect(names).toContain(`kanban page, reads failed, ${at} issues`);
    }
    expect(checked(figures).every((f: Figure) => f.met)).toBe(true);
    // CPU is reported for each page at each size, not checked.
    expect(figures.filter((f: Figure) => f.cpuRoute)).toHaveLength(6);
  });

  it("marks a slow page or a heavy document at the largest size as over, and names its CPU", () => {
    const rows = [sizeRow(1000), sizeRow(10000), sizeRow(100000, { listP50: 11, kanbanP50: 31, kanbanTtfb: 21, kanbanKb: 37914, kanbanCpu: 3596 })];
    const figures = projectSizesFigures(rows);
    const over = checked(figures).filter((f: Figure) => !f.met).map((f: Figure) => f.name);
    expect(over).toEqual([
      "list page of 100, Worker p50, 100,000 issues",
      "kanban page, Worker p50, 100,000 issues",
      "kanban page, client first byte p50, 100,000 issues",
      "kanban page, document size, 100,000 issues",
    ]);
    const markdown = budgetsMarkdown(figures);
    expect(markdown).toContain("| project-sizes | kanban page, document size, 100,000 issues | 37914.0 KB | <= 300.0 KB | **over** |");
    expect(markdown).toContain("project-sizes: kanban page, 100,000 issues (3596.0 ms)");
    expect(projectSizesMarkdown(rows)).toContain("| kanban page, document size (uncompressed) | **250.0 KB** | **250.0 KB** | **37914.0 KB** | <= 300 KB (missed) |");
  });

  it("counts a failed kanban read as over, and says why", () => {
    const rows = [sizeRow(1000), sizeRow(10000, { failures: ["UND_ERR_HEADERS_TIMEOUT"] }), sizeRow(100000)];
    const over = checked(projectSizesFigures(rows)).filter((f: Figure) => !f.met);
    expect(over.map((f: Figure) => f.name)).toEqual(["kanban page, reads failed, 10,000 issues"]);
    expect(projectSizesMarkdown(rows)).toContain("Failed kanban reads: 10,000 issues: UND_ERR_HEADERS_TIMEOUT.");
  });

  it("counts a size the run did not measure as over", () => {
    const missing = checked(projectSizesFigures([sizeRow(1000), sizeRow(10000)])).filter((f: Figure) => !f.met);
    expect(missing.map((f: Figure) => f.name)).toEqual([
      "list page of 100, Worker p50, 100,000 issues",
      "kanban page, Worker p50, 100,000 issues",
      "kanban page, client first byte p50, 100,000 issues",
      "kanban page, document size, 100,000 issues",
      "kanban page, reads failed, 100,000 issues",
    ]);
    expect(missing.every((f: Figure) => Number.isNaN(f.value))).toBe(true);
  });
});

describe("every screen's CPU", () => {
  it("holds each screen to the free plan's 10 ms, and counts one not measured as over", () => {
    const rows = [
      { name: "kanban", cpuMs: 9.5 },
      { name: "cycle list", cpuMs: 10.5 },
      { name: "page", cpuMs: Number.NaN },
    ];
    const over = checked(screensFigures({ rows })).filter((f: Figure) => !f.met).map((f: Figure) => f.name);
    expect(over).toEqual(["cycle list, CPU per request, 1,000 issues", "page, CPU per request, 1,000 issues"]);
  });
});

describe("bench document parts", () => {
  it("counts a document's inline scripts, SVG icons and class attributes", () => {
    const svg = `<svg viewBox="0 0 1 1"><path d="M0"/></svg>`;
    const script = "<script>window.__remixContext={}</script>";
    const html = `<div class="card">${svg}x</div><p class="a b">${svg}</p>${script}`;
    expect(documentParts(html)).toEqual({
      scripts: script.length,
      svgs: 2 * svg.length,
      svgCount: 2,
      classes: ' class="card"'.length + ' class="a b"'.length,
      total: html.length,
    });
  });
});

describe("bench dataset", () => {
  it("seeds the project-sizes suite's projects in a workspace of their own, loaded apart", () => {
    const dataset = buildBenchSql({ sizes: [1000], projectSizes: [1000, 100_000] });
    expect(dataset.workspaceSlug).toBe("bench");
    expect(dataset.projects.map((p: { size: number; workspaceSlug: string }) => [p.size, p.workspaceSlug])).toEqual([
      [1000, "bench"],
      [1000, SIZES_WORKSPACE],
      [100_000, SIZES_WORKSPACE],
    ]);
    // The suite's workspace is SQL of its own, loaded after the suites that search the bench's.
    expect(dataset.sql).not.toContain(`'${SIZES_WORKSPACE}'`);
    expect(dataset.sizesSql).toContain(`'${SIZES_WORKSPACE}'`);
    expect(dataset.sizesSql).not.toContain("INSERT INTO users");
    const [bench, ...sized] = dataset.projects;
    expect(dataset.sql).toContain(`'${bench.id}'`);
    for (const project of sized) {
      expect(dataset.sql).not.toContain(`'${project.id}'`);
      expect(dataset.sizesSql).toContain(`'${project.id}'`);
    }
    // The bridge rows are derived by the database from the issues' id lists, one statement per project.
    expect(dataset.sql.match(/INSERT INTO issue_labels /g)).toHaveLength(1);
    expect(dataset.sizesSql.match(/INSERT INTO issue_labels /g)).toHaveLength(2);
    expect(dataset.sizesSql.match(/INSERT INTO issue_assignees /g)).toHaveLength(2);
    expect(dataset.sizesSql).toContain("json_each(issues.label_ids)");
  });

  it("has no second workspace when the project-sizes suite does not run", () => {
    const dataset = buildBenchSql({ sizes: [1000] });
    expect(dataset.projects.map((p: { workspaceSlug: string }) => p.workspaceSlug)).toEqual(["bench"]);
    expect(dataset.sql).not.toContain(SIZES_WORKSPACE);
    expect(dataset.sizesSql).toBe("");
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

describe("the bench's board client", () => {
  // The bench cannot import the protocol file (TypeScript); a board that moved on to a new version
  // would refuse its sockets and the fan-out and webhook suites would stop at the first connect.
  it("speaks the live protocol's current version", async () => {
    const { PROTOCOL_VERSION: benchVersion } = await import("../../bench/lib/board-socket.mjs");
    const { PROTOCOL_VERSION } = await import("../../durable-objects/protocol");
    expect(benchVersion).toBe(PROTOCOL_VERSION);
  });
});
