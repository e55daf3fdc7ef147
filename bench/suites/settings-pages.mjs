// Settings pages benchmark (issue 14): each settings page of the demo-sized workspace rendered on
// the server, as a browser requests it. Measures the Worker's own time (Server-Timing) and the
// JavaScript the page loads up front that neither the issues page nor the workspace home loads:
// the page's own code, gzipped.
import { browserHeaders, initialScripts, scriptBytes, timeDocument } from "../lib/documents.mjs";
import { cpuMeter } from "../lib/cpu.mjs";
import { ms, summarize } from "../lib/measure.mjs";

export const TARGETS = { workerP50: 50, ownJsGzipKb: 30 };

/** The settings pages, by name, and their paths. */
function settingsPages(workspaceSlug, projectId) {
  const project = `/${workspaceSlug}/projects/${projectId}/settings`;
  const workspace = `/${workspaceSlug}/settings`;
  return [
    ["project: general", project],
    ["project: members", `${project}/members`],
    ["project: states", `${project}/states`],
    ["project: labels", `${project}/labels`],
    ["project: estimates", `${project}/estimates`],
    ["project: integrations", `${project}/integrations`],
    ["workspace: general", workspace],
    ["workspace: members", `${workspace}/members`],
    ["workspace: billing", `${workspace}/billing`],
    ["profile", "/profile"],
    ["appearance", "/profile/appearance"],
  ];
}

export async function runSettingsPagesSuite({ url, cookie, workspaceSlug, projects, log }) {
  const project = projects.find((candidate) => candidate.size === 1000);
  if (!project) throw new Error("the dataset has no project of 1,000 issues");
  const headers = browserHeaders(cookie);
  // What every signed-in page already loads: the shell, the workspace and project layouts.
  const shared = new Set();
  for (const path of [`/${workspaceSlug}`, `/${workspaceSlug}/projects/${project.id}/issues`]) {
    for (const src of initialScripts((await timeDocument(`${url}${path}`, headers)).html)) shared.add(src);
  }
  const rows = [];
  for (const [name, path] of settingsPages(workspaceSlug, project.id)) {
    log(`settings pages: ${name}`);
    for (let i = 0; i < 10; i++) await timeDocument(`${url}${path}`, headers);
    const workers = [];
    const totals = [];
    let html = "";
    const meter = await cpuMeter();
    meter.start();
    for (let i = 0; i < 100; i++) {
      const sample = await timeDocument(`${url}${path}`, headers);
      workers.push(sample.worker);
      totals.push(sample.total);
      html = sample.html;
    }
    meter.stop();
    const own = initialScripts(html).filter((src) => !shared.has(src));
    const worker = summarize(workers.filter(Number.isFinite));
    rows.push({ name, path, worker, cpuMs: meter.perRequest(100), total: summarize(totals), js: await scriptBytes(url, own) });
  }
  return rows;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export function settingsPagesMarkdown(rows) {
  const slowest = Math.max(...rows.map((row) => row.worker.p50));
  const heaviest = Math.max(...rows.map((row) => row.js.gzipBytes)) / 1024;
  return [
    "## Settings pages (issue 14)",
    "",
    "Server render of each settings page in the bench workspace (its project of 1,000 issues), requested as a browser would (cookie session, 100 requests after 10 warm-up, one at a time). Worker time is the Worker's own (Server-Timing). The page's own JavaScript is what its document loads up front that neither the workspace home nor the issues page loads, gzipped.",
    "",
    "| page | Worker time p50 / p99 | CPU ms/request | whole document p50 (client) | own JavaScript, gzipped (files) |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map((row) => `| ${row.name} | **${ms(row.worker.p50)}** / ${ms(row.worker.p99)} | ${ms(row.cpuMs)} | ${ms(row.total.p50)} | ${kb(row.js.gzipBytes)} (${row.js.files}) |`),
    "",
    `Slowest page's p50: **${ms(slowest)}** (target < ${TARGETS.workerP50} ms: ${slowest < TARGETS.workerP50 ? "met" : "missed"}). Heaviest page's own JavaScript: **${heaviest.toFixed(1)} KB** gzipped (target <= ${TARGETS.ownJsGzipKb} KB: ${heaviest <= TARGETS.ownJsGzipKb ? "met" : "missed"}).`,
  ].join("\n");
}
