// Issue views page benchmark (issue 5): the kanban page of a project with 1,000 issues, rendered
// by the Remix loader on the server. Measures time to first byte and to the whole document, and
// the JavaScript the page makes the browser load before it is interactive, gzipped.
import { browserHeaders as browserHeadersOf, initialScripts, scriptBytes, timeDocument } from "../lib/documents.mjs";
import { cpuMeter } from "../lib/cpu.mjs";
import { ms, summarize } from "../lib/measure.mjs";

export const TARGETS = { kanbanTtfbP50: 50, pageJsGzipKb: 150 };

export async function runIssueViewsPageSuite({ url, cookie, workspaceSlug, projects, log }) {
  const project = projects.find((candidate) => candidate.size === 1000);
  if (!project) throw new Error("the dataset has no project of 1,000 issues");
  const headers = { cookie, origin: url, "content-type": "application/json" };
  const pageUrl = `${url}/${workspaceSlug}/projects/${project.id}/issues`;
  const setLayout = async (viewProps) => {
    const response = await fetch(`${url}/api/workspaces/${workspaceSlug}/projects/${project.id}/project-views/`, {
      method: "POST",
      headers,
      body: JSON.stringify({ view_props: viewProps }),
    });
    if (!response.ok) throw new Error(`saving display preferences: HTTP ${response.status} ${await response.text()}`);
  };
  // identity: the local server compresses text as the edge does, but with an encoder that holds
  // everything back until the document ends, which hides the stream (measured apart below).
  const browserHeaders = browserHeadersOf(cookie);

  const measure = async (label) => {
    log(`issue views page: ${label}`);
    for (let i = 0; i < 10; i++) await timeDocument(pageUrl, browserHeaders);
    const firstBytes = [];
    const totals = [];
    const workers = [];
    let html = "";
    const meter = await cpuMeter();
    meter.start();
    for (let i = 0; i < 100; i++) {
      const sample = await timeDocument(pageUrl, browserHeaders);
      firstBytes.push(sample.firstByte);
      totals.push(sample.total);
      workers.push(sample.worker);
      html = sample.html;
    }
    meter.stop();
    const gzipFirstBytes = [];
    for (let i = 0; i < 20; i++) gzipFirstBytes.push((await timeDocument(pageUrl, { ...browserHeaders, "accept-encoding": "gzip" })).firstByte);
    const cards = (html.match(/data-issue-id=/g) ?? []).length;
    return {
      ttfb: summarize(firstBytes),
      total: summarize(totals),
      worker: summarize(workers.filter(Number.isFinite)),
      cpuMs: meter.perRequest(100),
      gzipTtfb: summarize(gzipFirstBytes),
      html,
      cards,
      htmlBytes: Buffer.byteLength(html),
    };
  };

  await setLayout({ issueView: "kanban", groupByProperty: "state", orderBy: "sort_order" });
  const kanban = await measure("kanban, 1,000 issues");
  await setLayout({ issueView: "list", groupByProperty: null, orderBy: "-created_at" });
  const list = await measure("list, 1,000 issues");

  const scripts = initialScripts(kanban.html);
  const js = await scriptBytes(url, scripts);
  return { kanban, list, js };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export function issueViewsPageMarkdown(result) {
  const { kanban, list, js } = result;
  return [
    "## Issue views page (issue 5)",
    "",
    "Server render of `/{workspace}/projects/{project}/issues` for a project of 1,000 issues, requested as a browser would (cookie session, 100 requests after 10 warm-up, one at a time). Time to first byte is when the first chunk of the streamed document reaches the client: the page's frame (toolbar, columns), sent before the issues are read; the cards follow in the same response. Requested uncompressed: the local server compresses text as the edge does, but its encoder holds the whole document back until the end, so with gzip the first byte only comes with the last (that figure is shown too).",
    "",
    "| measure | kanban (grouped by state) | list | target |",
    "| --- | --- | --- | --- |",
    `| time to first byte, p50 / p99 | **${ms(kanban.ttfb.p50)}** / ${ms(kanban.ttfb.p99)} | ${ms(list.ttfb.p50)} / ${ms(list.ttfb.p99)} | kanban p50 < ${TARGETS.kanbanTtfbP50} ms (${kanban.ttfb.p50 < TARGETS.kanbanTtfbP50 ? "met" : "missed"}) |`,
    `| Worker time to its response (Server-Timing), p50 / p99 | ${ms(kanban.worker.p50)} / ${ms(kanban.worker.p99)} | ${ms(list.worker.p50)} / ${ms(list.worker.p99)} | |`,
    `| CPU ms/request (workerd process, idle baseline off) | ${ms(kanban.cpuMs)} | ${ms(list.cpuMs)} | |`,
    `| first byte with gzip requested (local encoder buffers), p50 | ${ms(kanban.gzipTtfb.p50)} | ${ms(list.gzipTtfb.p50)} | |`,
    `| whole document, p50 / p99 | ${ms(kanban.total.p50)} / ${ms(kanban.total.p99)} | ${ms(list.total.p50)} / ${ms(list.total.p99)} | |`,
    `| cards rendered / document size | ${kanban.cards} / ${kb(kanban.htmlBytes)} | ${list.cards} / ${kb(list.htmlBytes)} | |`,
    "",
    `JavaScript loaded up front by the page (module preloads and scripts, ${js.files} files): ${kb(js.rawBytes)} raw, **${kb(js.gzipBytes)} gzipped** (target < ${TARGETS.pageJsGzipKb} KB). Drag and drop, menus, dialogs and the calendar and Gantt layouts load on first use and are not counted.`,
  ].join("\n");
}
