// Projects of 1,000, 10,000 and 100,000 issues (issue 20: any size): the REST list page of 100 and
// the kanban page grouped by state, measured at each size. A page's cost must not grow with the
// project: the list page answers by index, and the kanban page is to send each group's first page
// only. Each figure is the Worker's own time (Server-Timing) beside the client's, the kanban
// document's size, and the CPU per request (bench/lib/cpu.mjs).
import { browserHeaders, timeDocument } from "../lib/documents.mjs";
import { cpuMeter } from "../lib/cpu.mjs";
import { ms, summarize, timeResponses } from "../lib/measure.mjs";

/** The issue's targets, at every size. */
// kanbanTtfbP50 (issue 36): the first byte a client sees through `npm start`, at every size.
export const TARGETS = { listP50: 10, kanbanWorkerP50: 30, kanbanDocumentKb: 300, kanbanTtfbP50: 20 };

/**
 * How many kanban documents are read at each size: 50 after 3 warm-up reads, fewer when they are
 * slow (a page that sends every issue of 100,000 takes seconds): warm-up stops after its first
 * read once it has taken warmupSpanMs, and the measured reads stop once they have taken spanMs,
 * after at least minSamples, so the suite's time stays bounded at any size. A read that fails or
 * takes over timeoutMs counts as failed (once, under a loaded machine, a document of 100,000
 * issues never got its headers) and the next one is tried, up to maxFailures.
 */
const KANBAN = { warmup: 3, warmupSpanMs: 3_000, count: 50, minSamples: 5, spanMs: 20_000, timeoutMs: 60_000, maxFailures: 3 };
async function expectOk(response, what) {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return response;
}

/**
 * Reads the document at `pageUrl` as `KANBAN` says: the Worker's time to its response
 * (Server-Timing, the first byte for a streamed page), the client's first byte and whole
 * document, the document's bytes and cards, and the CPU per read.
 */
/**
 * What a document's bytes are: inline scripts (the streamed loader data and Remix's boot), inline
 * SVG icons, and the rest (markup, of which `class` attributes are counted apart).
 */
export function documentParts(html) {
  const bytes = (parts) => parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
  const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
  const svgs = html.match(/<svg\b[\s\S]*?<\/svg>/g) ?? [];
  const classes = html.match(/ class="[^"]*"/g) ?? [];
  return { scripts: bytes(scripts), svgs: bytes(svgs), svgCount: svgs.length, classes: bytes(classes), total: Buffer.byteLength(html) };
}

async function timeKanban(pageUrl, headers, log) {
  const failures = [];
  /** One read, or null when it failed (the reason kept in `failures`). */
  const read = async () => {
    try {
      return await timeDocument(pageUrl, headers, { signal: AbortSignal.timeout(KANBAN.timeoutMs) });
    } catch (error) {
      const reason = String(error?.cause?.code ?? error?.name ?? error);
      failures.push(reason);
      log(`project sizes: a kanban read failed (${reason})`);
      return null;
    }
  };
  const warming = performance.now();
  for (let i = 0; i < KANBAN.warmup && (i === 0 || performance.now() - warming < KANBAN.warmupSpanMs); i++) await read();
  const samples = [];
  const meter = await cpuMeter();
  const started = performance.now();
  meter.start();
  while (
    samples.length < KANBAN.count &&
    failures.length < KANBAN.maxFailures &&
    (samples.length < KANBAN.minSamples || performance.now() - started < KANBAN.spanMs)
  ) {
    const sample = await read();
    if (sample) samples.push(sample);
  }
  meter.stop();
  const last = samples[samples.length - 1];
  return {
    worker: summarize(samples.map((s) => s.worker).filter(Number.isFinite)),
    firstByte: summarize(samples.map((s) => s.firstByte)),
    total: summarize(samples.map((s) => s.total)),
    // With a failed read inside the measured span its CPU is spread over the reads that answered.
    cpuMs: meter.perRequest(samples.length),
    htmlBytes: last ? Buffer.byteLength(last.html) : Number.NaN,
    parts: last ? documentParts(last.html) : null,
    cards: last ? (last.html.match(/data-issue-id=/g) ?? []).length : Number.NaN,
    failures,
  };
}

/** @param {{ url: string, cookie: string, projects: { id: string, size: number, workspaceSlug: string }[], log: (m: string) => void }} options */
export async function runProjectSizesSuite({ url, cookie, projects, log }) {
  // identity: the local server's gzip runs in the Worker's process (bench/lib/cpu.mjs), and its
  // encoder holds a streamed document back until the end (bench/suites/issue-views-page.mjs).
  const headers = { cookie, origin: url, "content-type": "application/json", "accept-encoding": "identity" };
  const rows = [];
  for (const project of [...projects].sort((a, b) => a.size - b.size)) {
    const at = project.size.toLocaleString("en-US");
    const base = `/api/workspaces/${project.workspaceSlug}/projects/${project.id}`;
    log(`project sizes: list page of 100, ${at} issues`);
    const listPath = `${url}${base}/issues/?per_page=100`;
    const list = await timeResponses(
      async () => {
        const response = await expectOk(await fetch(listPath, { headers }), `GET ${listPath}`);
        await response.arrayBuffer();
        return response;
      },
      { warmup: 10, count: 100 },
    );
    // The bench owner's layout for this project: kanban grouped by state, in the board's order.
    const body = JSON.stringify({ view_props: { issueView: "kanban", groupByProperty: "state", orderBy: "sort_order" } });
    await (await expectOk(await fetch(`${url}${base}/project-views/`, { method: "POST", headers, body }), "saving the kanban layout")).arrayBuffer();
    log(`project sizes: kanban page, ${at} issues`);
    const kanban = await timeKanban(`${url}/${project.workspaceSlug}/projects/${project.id}/issues`, browserHeaders(cookie), log);
    rows.push({ project, list, kanban });
  }
  return rows;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * `seed`: how long generating the run's dataset as SQL took (`generateSeconds`), and loading it:
 * the bench workspace (`loadSeconds`) and this suite's workspace (`sizesSeconds`).
 */
export function projectSizesMarkdown(rows, seed) {
  const sizes = rows.map((row) => row.project.size.toLocaleString("en-US"));
  const lines = [
    "## Projects of 1,000, 10,000 and 100,000 issues (issue 20)",
    "",
    `The same two reads at each size, one at a time: the REST list page of 100 (\`GET /api/workspaces/{slug}/projects/{id}/issues/?per_page=100\`, 100 requests after 10 warm-up) and the kanban page grouped by state (\`/{slug}/projects/{id}/issues\` with the owner's layout set to kanban, requested as a browser would, uncompressed; ${KANBAN.count} documents after ${KANBAN.warmup} warm-up, or fewer when they are slow: reads stop after ${KANBAN.spanMs / 1000} s, with ${KANBAN.minSamples} at least). Worker time is the Worker's own (Server-Timing: for the streamed page, the time to its first byte; the cards that follow are in the whole document's time). The three projects are in a workspace of their own (\`bench-sizes\`), generated as the bench workspace's projects are, and loaded after every other suite has run. CPU: the workerd process's user + system time per request, idle baseline taken off.`,
    "",
    `| measure | ${sizes.join(" | ")} | target |`,
    `| --- | ${sizes.map(() => "---").join(" | ")} | --- |`,
  ];
  const line = (label, fn, target = "") => lines.push(`| ${label} | ${rows.map(fn).join(" | ")} | ${target} |`);
  const all = (fn) => (rows.every(fn) ? "met" : "missed");
  line("list page of 100, Worker p50 / p99", (r) => `**${ms(r.list.worker.p50)}** / ${ms(r.list.worker.p99)}`, `p50 <= ${TARGETS.listP50} ms (${all((r) => r.list.worker.p50 <= TARGETS.listP50)})`);
  line("list page of 100, client p50", (r) => ms(r.list.p50));
  line("list page of 100, CPU per request", (r) => ms(r.list.cpuMs));
  line(
    "kanban page, Worker p50 / p99 (Server-Timing)",
    (r) => `**${ms(r.kanban.worker.p50)}** / ${ms(r.kanban.worker.p99)}`,
    `p50 <= ${TARGETS.kanbanWorkerP50} ms (${all((r) => r.kanban.worker.p50 <= TARGETS.kanbanWorkerP50)})`,
  );
  line("kanban page, document size (uncompressed)", (r) => `**${kb(r.kanban.htmlBytes)}**`, `<= ${TARGETS.kanbanDocumentKb} KB (${all((r) => r.kanban.htmlBytes / 1024 <= TARGETS.kanbanDocumentKb)})`);
  line("kanban document: inline scripts (loader data) / inline SVG icons (count) / class attributes", (r) =>
    r.kanban.parts ? `${kb(r.kanban.parts.scripts)} / ${kb(r.kanban.parts.svgs)} (${r.kanban.parts.svgCount}) / ${kb(r.kanban.parts.classes)}` : "n/a",
  );
  line("kanban page, client first byte / whole document p50", (r) => `${ms(r.kanban.firstByte.p50)} / ${ms(r.kanban.total.p50)}`);
  line("kanban page, CPU per request", (r) => ms(r.kanban.cpuMs));
  line("kanban page, cards rendered / documents read / reads failed", (r) => `${r.kanban.cards} / ${r.kanban.total.n} / ${r.kanban.failures.length}`, "0 failed");
  const failed = rows.filter((r) => r.kanban.failures.length > 0);
  if (failed.length > 0) {
    lines.push("");
    lines.push(`Failed kanban reads: ${failed.map((r) => `${r.project.size.toLocaleString("en-US")} issues: ${r.kanban.failures.join(", ")}`).join("; ")}.`);
  }
  if (seed?.sizesSeconds !== undefined) {
    lines.push("");
    lines.push(
      `Seeding (\`wrangler d1 execute --file\` on local D1): the run's SQL generated in ${seed.generateSeconds.toFixed(1)} s; the bench workspace loaded in ${seed.loadSeconds.toFixed(1)} s before the first suite, this suite's workspace (${rows.map((r) => r.project.size.toLocaleString("en-US")).join(" + ")} issues) in ${seed.sizesSeconds.toFixed(1)} s after all the others (the full-text index is one for the whole database: loaded earlier, 100,000 more issue names slow the search suite's queries). Assignee and label bridge rows are derived by the database from the issues' id lists (bench/lib/dataset.mjs).`,
    );
  }
  return lines.join("\n");
}
