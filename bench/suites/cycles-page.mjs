// Cycle screens benchmark (issue 16): the cycle list of the project of 1,000 issues planned in 50
// cycles, rendered on the server as a browser requests it; the current cycle's page and the
// JavaScript it loads up front (uPlot must not be part of it: it loads where a chart is shown);
// and the side panel's data (the cycle with its counts and its burndown) from its resource route.
import { browserHeaders, initialScripts, scriptBytes, timeDocument } from "../lib/documents.mjs";
import { BENCH_CYCLES } from "../lib/dataset.mjs";
import { cpuMeter } from "../lib/cpu.mjs";
import { ms, summarize, workerMs } from "../lib/measure.mjs";

export const TARGETS = { listWorkerP50: 50, pageJsGzipKb: 150 };

async function timeDocuments(url, headers, count = 100) {
  for (let i = 0; i < 10; i++) await timeDocument(url, headers);
  const workers = [];
  const totals = [];
  let html = "";
  const meter = await cpuMeter();
  meter.start();
  for (let i = 0; i < count; i++) {
    const sample = await timeDocument(url, headers);
    workers.push(sample.worker);
    totals.push(sample.total);
    html = sample.html;
  }
  meter.stop();
  return { worker: summarize(workers.filter(Number.isFinite)), cpuMs: meter.perRequest(count), total: summarize(totals), html };
}

/** A string of uPlot's own code that survives minifying: the class it gives its root element. */
const UPLOT_MARK = 'uplot",';

/** Whether any of the scripts at `srcs` holds uPlot's code. */
async function loadsUplot(base, srcs) {
  for (const src of srcs) {
    const text = await (await fetch(new URL(src, base))).text();
    if (text.includes(UPLOT_MARK)) return true;
  }
  return false;
}

export async function runCyclesPageSuite({ url, cookie, workspaceSlug, projects, log }) {
  const project = projects.find((candidate) => candidate.size === 1000);
  if (!project) throw new Error("the dataset has no project of 1,000 issues");
  const headers = browserHeaders(cookie);
  const projectPath = `/${workspaceSlug}/projects/${project.id}`;
  const cycles = await (await fetch(`${url}/api/workspaces/${workspaceSlug}/projects/${project.id}/cycles/`, { headers: { cookie } })).json();
  if (cycles.length !== BENCH_CYCLES) throw new Error(`expected ${BENCH_CYCLES} cycles, found ${cycles.length}`);
  const current = cycles.find((cycle) => cycle.status === "current");

  log("cycles page: the list of 50 cycles");
  const list = await timeDocuments(`${url}${projectPath}/cycles`, headers);
  log("cycles page: the current cycle's page");
  const page = await timeDocuments(`${url}${projectPath}/cycles/${current.id}`, headers, 30);
  const scripts = initialScripts(page.html);
  const js = await scriptBytes(url, scripts);
  const uplotUpFront = await loadsUplot(url, scripts);

  log("cycles page: the side panel's data");
  const panelUrl = `${url}${projectPath}/cycles/${current.id}/panel`;
  const panelWorkers = [];
  const panelMeter = await cpuMeter();
  for (let i = 0; i < 110; i++) {
    if (i === 10) panelMeter.start();
    const response = await fetch(panelUrl, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET panel: HTTP ${response.status}`);
    await response.arrayBuffer();
    if (i >= 10) panelWorkers.push(workerMs(response));
  }
  panelMeter.stop();
  return { list, page, js, uplotUpFront, panel: { ...summarize(panelWorkers.filter(Number.isFinite)), cpuMs: panelMeter.perRequest(100) }, issuesPerCycle: current.total_issues };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export function cyclesPageMarkdown(result) {
  const { list, page, js, uplotUpFront, panel } = result;
  const jsKb = js.gzipBytes / 1024;
  return [
    "## Cycle screens (issue 16)",
    "",
    `The project of 1,000 issues planned in ${BENCH_CYCLES} cycles (${result.issuesPerCycle} issues in the current one), requested as a browser would (cookie session, one at a time after 10 warm-up). Worker time is the Worker's own (Server-Timing).`,
    "",
    "| what | Worker time p50 / p99 | CPU ms/request | client p50 |",
    "| --- | --- | --- | --- |",
    `| cycle list (all ${BENCH_CYCLES}), document | **${ms(list.worker.p50)}** / ${ms(list.worker.p99)} | ${ms(list.cpuMs)} | ${ms(list.total.p50)} |`,
    `| current cycle's page, document | ${ms(page.worker.p50)} / ${ms(page.worker.p99)} | ${ms(page.cpuMs)} | ${ms(page.total.p50)} |`,
    `| side panel data (cycle, counts, burndown) | ${ms(panel.p50)} / ${ms(panel.p99)} | ${ms(panel.cpuMs)} | |`,
    "",
    `Cycle list p50: **${ms(list.worker.p50)}** (target <= ${TARGETS.listWorkerP50} ms: ${list.worker.p50 <= TARGETS.listWorkerP50 ? "met" : "missed"}).`,
    `The cycle page's JavaScript up front: **${kb(js.gzipBytes)}** gzipped in ${js.files} files (target < ${TARGETS.pageJsGzipKb} KB: ${jsKb < TARGETS.pageJsGzipKb ? "met" : "missed"}); uPlot up front: ${uplotUpFront ? "**yes** (it should load only with a chart)" : "no (it loads with the side panel's chart)"}.`,
  ].join("\n");
}
