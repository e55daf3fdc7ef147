// The bench's budgets: each headline figure of each suite, its budget, and whether it is met.
// The budgets are the issues' targets (each suite's TARGETS) and, for CPU, the free plan's 10 ms
// per request (issue 20) for the issue list, the board, create and patch at 1,000 issues.
// `npm run bench -- --check` exits non-zero when any figure of the suites that ran is over.
import { TARGETS as FANOUT } from "../suites/board-fanout.mjs";
import { TARGETS as BROWSER } from "../suites/browser.mjs";
import { TARGETS as CYCLES } from "../suites/cycles-page.mjs";
import { TARGETS as IMPORTERS } from "../suites/importers.mjs";
import { TARGETS as ISSUES } from "../suites/issues-api.mjs";
import { TARGETS as FAULTS } from "../suites/load-faults.mjs";
import { TARGETS as MCP, overheadOf } from "../suites/mcp.mjs";
import { TARGETS as VIEWS } from "../suites/issue-views-page.mjs";
import { TARGETS as NOTIFICATIONS } from "../suites/notifications.mjs";
import { TARGETS as SIZES } from "../suites/project-sizes.mjs";
import { TARGETS as SEARCH } from "../suites/search.mjs";
import { TARGETS as SETTINGS } from "../suites/settings-pages.mjs";
import { TARGETS as STARTUP } from "../suites/startup.mjs";
import { summarize } from "./measure.mjs";

/** The Workers free plan's CPU limit per request, which issue 20 holds every route to. */
export const CPU_BUDGET_MS = 10;

/**
 * One figure: `value` against `budget`, read with `op` ("<=", "<" or ">="). A figure that could not
 * be measured (NaN) is over: a check must not pass on what it did not see.
 */
function figure(suite, name, value, op, budget, unit) {
  const met = Number.isFinite(value) && (op === "<=" ? value <= budget : op === "<" ? value < budget : value >= budget);
  return { suite, name, value, op, budget, unit, met };
}

/** A route's CPU per request, reported (not checked) for the list of routes over 10 ms. */
function cpuRoute(suite, name, value) {
  return { suite, name, value, cpuRoute: true };
}

const bySize = (rows, size) => rows.find((row) => row.project.size === size);

export function issuesApiFigures(rows) {
  const out = [];
  for (const size of [1000, 10000]) {
    const r = bySize(rows, size);
    if (!r) continue;
    const at = size.toLocaleString("en-US");
    out.push(figure("issues-api", `list page of 100, Worker p50, ${at} issues`, r.firstPage.worker.p50, "<=", ISSUES.listP50, "ms"));
    if (r.getIssue) out.push(figure("issues-api", `GET one issue, Worker p50, ${at} issues`, r.getIssue.worker.p50, "<=", ISSUES.getIssueP50, "ms"));
    out.push(figure("issues-api", `create, Worker p50, ${at} issues`, r.create.worker.p50, "<=", ISSUES.writeP50 ?? ISSUES.createP50, "ms"));
    if (ISSUES.patchP50 !== undefined) out.push(figure("issues-api", `patch, Worker p50, ${at} issues`, r.patch.worker.p50, "<=", ISSUES.patchP50, "ms"));
    for (const [what, timing] of [["GET one issue", r.getIssue], ["create", r.create], ["patch", r.patch]]) {
      if (timing) out.push(figure("issues-api", `${what}, client p50 over Worker p50, ${at} issues`, timing.p50 - timing.worker.p50, "<=", ISSUES.clientOverWorkerP50, "ms"));
    }
    for (const [what, load] of [["create", r.createLoad], ["patch", r.patchLoad]]) {
      if (ISSUES.writesPerSecond !== undefined) out.push(figure("issues-api", `${what}, 8 writers, writes/s, ${at} issues`, load.throughput, ">=", ISSUES.writesPerSecond, "/s"));
      out.push(figure("issues-api", `${what}, 8 writers, errors, ${at} issues`, load.errors, "<=", 0, ""));
    }
  }
  const r = bySize(rows, 1000);
  if (r) {
    out.push(figure("issues-api", "board, Worker p50 after a write, 1,000 issues", r.boardAfterChange.worker.p50, "<=", ISSUES.board1kP50, "ms"));
    out.push(figure("issues-api", "list page of 100, CPU per request, 1,000 issues", r.firstPage.cpuMs, "<=", CPU_BUDGET_MS, "ms"));
    out.push(figure("issues-api", "board after a write, CPU per request, 1,000 issues", r.boardAfterChange.cpuMs, "<=", CPU_BUDGET_MS, "ms"));
    out.push(figure("issues-api", "create, CPU per request, 1,000 issues", r.create.cpuMs, "<=", CPU_BUDGET_MS, "ms"));
    out.push(figure("issues-api", "patch, CPU per request, 1,000 issues", r.patch.cpuMs, "<=", CPU_BUDGET_MS, "ms"));
    out.push(cpuRoute("issues-api", "list page 6 by cursor", r.deepPage.cpuMs));
    if (r.getIssue) out.push(cpuRoute("issues-api", "GET one issue", r.getIssue.cpuMs));
    out.push(cpuRoute("issues-api", "board unchanged (Worker's cache)", r.board.cpuMs));
    out.push(cpuRoute("issues-api", "board read in full", r.boardFull.cpuMs));
  }
  return out;
}

export function notificationsFigures(r) {
  return [
    figure("notifications", "comment with 3 mentions over a plain one, Worker p50", r.mentions.worker.p50 - r.plain.worker.p50, "<=", NOTIFICATIONS.mentionOverheadMs, "ms"),
    figure("notifications", "inbox list, Worker p50, 10,000 notifications", r.inboxList.worker.p50, "<", NOTIFICATIONS.inboxWorkerP50, "ms"),
    figure("notifications", "unread count, Worker p50, 10,000 notifications", r.unreadCount.worker.p50, "<", NOTIFICATIONS.inboxWorkerP50, "ms"),
    figure("notifications", "inbox page data (navigation), Worker p50, 10,000 notifications", r.inboxData.worker.p50, "<", NOTIFICATIONS.inboxWorkerP50, "ms"),
    figure("notifications", "state change to 50 subscribers -> their tab hears, p99", r.fanout.heard.p99, "<", NOTIFICATIONS.fanoutP99, "ms"),
    cpuRoute("notifications", "inbox list", r.inboxList.cpuMs),
  ];
}

export function issueViewsPageFigures({ kanban, list, js }) {
  return [
    cpuRoute("issue-views-page", "kanban page", kanban.cpuMs),
    cpuRoute("issue-views-page", "list page", list.cpuMs),
    figure("issue-views-page", "kanban page, time to first byte p50, 1,000 issues", kanban.ttfb.p50, "<", VIEWS.kanbanTtfbP50, "ms"),
    figure("issue-views-page", "issues page JavaScript up front, gzipped", js.gzipBytes / 1024, "<", VIEWS.pageJsGzipKb, "KB"),
  ];
}

/** The project sizes every figure of the project-sizes suite is checked at (issue 20). */
export const PROJECT_SIZES = [1000, 10000, 100000];

/**
 * The list page of 100 and the kanban page at each of PROJECT_SIZES: Worker p50, the kanban
 * document's size and its failed reads (none), checked; CPU per request, reported. A size the run
 * did not measure is over.
 */
export function projectSizesFigures(rows) {
  return PROJECT_SIZES.flatMap((size) => {
    const r = bySize(rows, size);
    const at = size.toLocaleString("en-US");
    const value = (fn) => (r ? fn(r) : Number.NaN);
    return [
      figure("project-sizes", `list page of 100, Worker p50, ${at} issues`, value((row) => row.list.worker.p50), "<=", SIZES.listP50, "ms"),
      figure("project-sizes", `kanban page, Worker p50, ${at} issues`, value((row) => row.kanban.worker.p50), "<=", SIZES.kanbanWorkerP50, "ms"),
      figure("project-sizes", `kanban page, client first byte p50, ${at} issues`, value((row) => row.kanban.firstByte.p50), "<=", SIZES.kanbanTtfbP50, "ms"),
      figure("project-sizes", `kanban page, document size, ${at} issues`, value((row) => row.kanban.htmlBytes / 1024), "<=", SIZES.kanbanDocumentKb, "KB"),
      figure("project-sizes", `kanban page, reads failed, ${at} issues`, value((row) => row.kanban.failures.length), "<=", 0, ""),
      cpuRoute("project-sizes", `list page of 100, ${at} issues`, value((row) => row.list.cpuMs)),
      cpuRoute("project-sizes", `kanban page, ${at} issues`, value((row) => row.kanban.cpuMs)),
    ];
  });
}

/** Every screen within the free plan's CPU per request (issue 36). */
export function screensFigures({ rows }) {
  return rows.map((row) => figure("screens", `${row.name}, CPU per request, 1,000 issues`, row.cpuMs, "<=", CPU_BUDGET_MS, "ms"));
}

export function settingsPagesFigures(rows) {
  return [
    ...rows.map((row) => cpuRoute("settings-pages", `${row.name} settings page`, row.cpuMs)),
    figure("settings-pages", "slowest settings page, Worker p50", Math.max(...rows.map((row) => row.worker.p50)), "<", SETTINGS.workerP50, "ms"),
    figure("settings-pages", "heaviest settings page's own JavaScript, gzipped", Math.max(...rows.map((row) => row.js.gzipBytes / 1024)), "<=", SETTINGS.ownJsGzipKb, "KB"),
  ];
}

export function cyclesPageFigures({ list, page, panel, js }) {
  return [
    cpuRoute("cycles-page", "cycle list page", list.cpuMs),
    cpuRoute("cycles-page", "cycle page", page.cpuMs),
    cpuRoute("cycles-page", "cycle side panel data", panel.cpuMs),
    figure("cycles-page", "cycle list, Worker p50", list.worker.p50, "<=", CYCLES.listWorkerP50, "ms"),
    figure("cycles-page", "cycle page JavaScript up front, gzipped", js.gzipBytes / 1024, "<", CYCLES.pageJsGzipKb, "KB"),
  ];
}

export function browserFigures(r) {
  return [
    figure("browser", "click card -> issue title painted, p50", r.cardToTitle.p50, "<=", BROWSER.cardToTitleP50, "ms"),
    figure("browser", "Create -> row painted, p50", r.createToRow.p50, "<=", BROWSER.createToRowP50, "ms"),
    figure("browser", "C -> modal title focused, p50", r.createKey.p50, "<=", BROWSER.createKeyToFocusP50, "ms"),
    figure("browser", "interaction latency p75, scripted session of 50", r.session.p75, "<=", BROWSER.inpP75, "ms"),
  ];
}

export function searchFigures(rows) {
  return rows.flatMap((row) => [
    figure("search", `search "${row.query}", Worker p50`, row.route.worker.p50, "<=", SEARCH.workerP50, "ms"),
    cpuRoute("search", `search "${row.query}"`, row.route.cpuMs),
  ]);
}

/** A tool call through /api/mcp costs at most 3 ms of the Worker's time over the REST call it stands for. */
export function mcpFigures({ search, create }) {
  return [
    figure("mcp", "search_workspace over GET search, Worker p50", overheadOf(search), "<=", MCP.overheadP50, "ms"),
    figure("mcp", "create_issue over POST issues, Worker p50", overheadOf(create), "<=", MCP.overheadP50, "ms"),
  ];
}

export function importersFigures(result) {
  const rate = (runs) => summarize(runs.map((run) => run.perSecond)).p50;
  const out = [figure("importers", "CSV import of 10,000 rows, issues/s", rate(result.csv), ">=", IMPORTERS.importIssuesPerSecond, "/s")];
  if (result.github.length > 0) out.push(figure("importers", "GitHub import, issues/s", rate(result.github), ">=", IMPORTERS.importIssuesPerSecond, "/s"));
  return out;
}

export function githubWebhooksFigures({ latency, throughput }) {
  return [
    figure("github-webhooks", "webhook deliveries lost", throughput.lost, "<=", 0, ""),
    cpuRoute("github-webhooks", "GitHub webhook delivery, with its queue job and fan-out", latency.cpuMs),
  ];
}

export function boardFanoutFigures({ latency, capacity }) {
  const out = [];
  for (const row of latency) {
    const budget = row.n === 50 ? FANOUT.p99At50 : row.n === 200 ? FANOUT.p99At200 : null;
    out.push(cpuRoute("board-fanout", `PATCH with fan-out to ${row.n} sockets`, row.cpuMs));
    if (budget !== null) out.push(figure("board-fanout", `${row.n} sockets, response -> last socket p99`, row.fromResponse.p99, "<=", budget, "ms"));
  }
  out.push(figure("board-fanout", "board capacity, changes/s", capacity.perSecond, ">=", FANOUT.changesPerSecond, "/s"));
  out.push(figure("board-fanout", "board capacity, changes dropped", capacity.dropped, "<=", 0, ""));
  return out;
}

// The cold starts are workerd's CPU from its start (their names avoid "CPU", which marks the
// per-request figures listed against the free plan's 10 ms).
export function startupFigures({ bundle, coldStart, pageColdStart, signIn }) {
  return [
    cpuRoute("startup", "sign-in (password hashing)", signIn.cpuMs),
    figure("startup", "Worker bundle as deployed, gzipped", bundle.gzipBytes / 1024, "<=", STARTUP.bundleGzipKb, "KB"),
    figure("startup", "copies of the domain code in the bundle", bundle.domainCopies, "<=", STARTUP.domainCopies, ""),
    figure("startup", "cold start to the first API response, workerd user + system time", coldStart.cpuFirst.p50, "<=", STARTUP.coldStartCpuMs, "ms"),
    figure("startup", "cold start to the first page, workerd user + system time", pageColdStart.cpuFirst.p50, "<=", STARTUP.coldStartCpuMs, "ms"),
  ];
}

/** Nothing lost under load, no 5xx for hostile input: every figure must be 0. */
export function loadFaultsFigures(r) {
  return [
    figure("load-faults", "32 writers for 30 s, errors", r.load.errors, "<=", FAULTS.errors, ""),
    figure("load-faults", "32 writers for 30 s, duplicate sequence ids", r.duplicates, "<=", FAULTS.duplicates, ""),
    figure("load-faults", `32 writers for 30 s, board sockets not converged (of ${r.sockets})`, r.unconverged, "<=", FAULTS.unconverged, ""),
    figure("load-faults", "10,000 malformed requests, answers 5xx", r.malformed.serverErrors, "<=", FAULTS.serverErrors, ""),
  ];
}

const show = (value, unit) => {
  if (!Number.isFinite(value)) return "n/a";
  const digits = unit === "ms" || unit === "KB" || unit === "MB" ? 1 : 0;
  return `${value.toFixed(digits)}${unit && unit !== "/s" ? ` ${unit}` : unit}`;
};

/** The checked figures (the others are CPU reports for the list of routes over 10 ms). */
export const checked = (figures) => figures.filter((f) => !f.cpuRoute);

/** The summary table that opens bench/results.md, and lines naming what is over. */
export function budgetsMarkdown(all) {
  const figures = checked(all);
  const cpuOver = all.filter((f) => f.op === undefined || f.name.includes("CPU")).filter((f) => Number.isFinite(f.value) && f.value > CPU_BUDGET_MS);
  const lines = [
    "## Budgets",
    "",
    "Each headline figure of the suites below against its budget (the issues' targets; CPU: the free plan's 10 ms per request). `npm run bench -- --check` exits non-zero when one is over.",
    "",
    "| suite | figure | measured | budget | |",
    "| --- | --- | --- | --- | --- |",
  ];
  for (const f of figures) lines.push(`| ${f.suite} | ${f.name} | ${show(f.value, f.unit)} | ${f.op} ${show(f.budget, f.unit)} | ${f.met ? "met" : "**over**"} |`);
  const over = figures.filter((f) => !f.met);
  lines.push("");
  lines.push(over.length === 0 ? `All ${figures.length} figures within budget.` : `**Over budget (${over.length}):** ${over.map((f) => `${f.suite}: ${f.name}`).join("; ")}.`);
  lines.push("");
  lines.push(
    cpuOver.length === 0
      ? `Routes over ${CPU_BUDGET_MS} ms CPU per request (1,000 issues where sized): none of the ${all.filter((f) => f.cpuRoute || f.name.includes("CPU")).length} measured.`
      : `Routes over ${CPU_BUDGET_MS} ms CPU per request (1,000 issues where sized): ${cpuOver.map((f) => `${f.suite}: ${f.name} (${show(f.value, "ms")})`).join("; ")}.`,
  );
  return lines.join("\n");
}
