// Issue API benchmark (issue 3): list pages, boards, creates and patches on projects of 1,000
// and 10,000 issues, plus D1 rows read per list request.
import { cpu, loadFor, ms, timeResponses } from "../lib/measure.mjs";

export const TARGETS = {
  listP50: 10,
  board1kP50: 15,
  createP50: 10,
  // Issue 20: one issue is cheaper than a hundred.
  getIssueP50: 4,
  patchP50: 6,
  writeP50: 6,
  writesPerSecond: 150,
  // Issue 36: through `npm start`, a client sees the Worker's own time plus at most this.
  clientOverWorkerP50: 3,
};

async function expectOk(response, what) {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return response;
}

export async function runIssuesApiSuite({ url, cookie, workspaceSlug, projects, log }) {
  // identity: the local server's gzip runs in the workerd process and would count as the Worker's
  // CPU (it doubled the board's); on the edge compression is not the Worker's (bench/lib/cpu.mjs).
  const headers = { cookie, "content-type": "application/json", origin: url, "accept-encoding": "identity" };
  const get = async (path, extra = {}) => expectOk(await fetch(`${url}${path}`, { headers: { ...headers, ...extra } }), `GET ${path}`);
  const rows = [];
  /** GET with the body read: what timeResponses measures. */
  const read = async (path) => {
    const response = await get(path);
    await response.arrayBuffer();
    return response;
  };

  for (const project of projects) {
    const base = `/api/workspaces/${workspaceSlug}/projects/${project.id}`;
    log(`issues API: project of ${project.size} issues`);

    const firstPage = await timeResponses(() => read(`${base}/issues/?per_page=100`), { warmup: 10, count: 200 });
    // Filtered pages (issue 20): one state and one priority, and one label, as a person narrows a list.
    const sampled = (await (await get(`${base}/issues/?per_page=50`)).json()).results.find((issue) => issue.labels.length);
    const filters = {
      statePriority: `state=${sampled.state}&priority=${sampled.priority}`,
      label: `labels=${sampled.labels[0]}`,
    };
    const filtered = {};
    for (const [name, filter] of Object.entries(filters)) {
      const path = `${base}/issues/?per_page=100&${filter}`;
      const timing = await timeResponses(() => read(path), { warmup: 5, count: 100 });
      const rowsRead = Number((await get(path, { "x-debug-d1-rows": "1" })).headers.get("x-d1-rows-read"));
      filtered[name] = { timing, rowsRead };
    }
    // A page deep in the list, reached by cursor: keyset paging must not slow down with depth.
    let cursor = null;
    for (let i = 0; i < 5; i++) {
      const page = await (await get(`${base}/issues/?per_page=100${cursor ? `&cursor=${cursor}` : ""}`)).json();
      cursor = page.next_cursor;
    }
    const deepPage = await timeResponses(() => read(`${base}/issues/?per_page=100&cursor=${cursor}`), { warmup: 5, count: 100 });
    const boardPath = `${base}/issues/?group_by=state`;
    // Read again and again with nothing changing, a board is answered from the Worker's cache
    // (ADR 010); after a write it is read from D1 again. Both are measured.
    const board = await timeResponses(() => read(boardPath), { warmup: 3, count: project.size > 5000 ? 20 : 100 });
    const boardSample = (await (await get(`${base}/issues/?per_page=50`)).json()).results.map((issue) => issue.id);
    const boardAfterChange = await timeResponses(() => read(boardPath), {
      warmup: 3,
      count: project.size > 5000 ? 20 : 100,
      before: async (i) => {
        // A new name each time: a PATCH that changes nothing writes nothing, and the cache would hold.
        const id = boardSample[i % boardSample.length];
        const body = JSON.stringify({ name: `Bench board change ${i}` });
        await (await expectOk(await fetch(`${url}${base}/issues/${id}/`, { method: "PATCH", headers, body }), "patch")).arrayBuffer();
      },
    });

    const instrumented = await get(`${base}/issues/?per_page=100`, { "x-debug-d1-rows": "1" });
    const statements = JSON.parse(instrumented.headers.get("x-d1-statements") ?? "[]");
    const listStatement = statements.find((s) => s.table === "issues" && s.rows_returned >= 100);
    const totalRowsRead = Number(instrumented.headers.get("x-d1-rows-read"));
    // Read in full: what the first read in a fresh isolate pays, and any read after a change to
    // the project's states, labels or members (here a state renamed before each read).
    const states = await (await get(`${base}/states/`)).json();
    const renamedState = (Array.isArray(states) ? states : Object.values(states).flat())[0];
    const boardFull = await timeResponses(() => read(boardPath), {
      warmup: 3,
      count: project.size > 5000 ? 20 : 100,
      before: async (i) => {
        const body = JSON.stringify({ name: `${renamedState.name} ${i}` });
        await (await expectOk(await fetch(`${url}${base}/states/${renamedState.id}/`, { method: "PATCH", headers, body }), "state")).arrayBuffer();
      },
    });
    const boardRowsRead = async () => Number((await get(boardPath, { "x-debug-d1-rows": "1" })).headers.get("x-d1-rows-read"));
    const renamed = JSON.stringify({ name: "Bench board change, counted" });
    await expectOk(await fetch(`${url}${base}/issues/${boardSample[0]}/`, { method: "PATCH", headers, body: renamed }), "patch");
    const boardRows = { afterChange: await boardRowsRead(), unchanged: await boardRowsRead() };

    const createBody = (i) => JSON.stringify({ name: `Bench create ${i}`, priority: "medium" });
    const create = await timeResponses(
      async (i) => {
        const response = await expectOk(await fetch(`${url}${base}/issues/`, { method: "POST", headers, body: createBody(i) }), "create");
        await response.arrayBuffer();
        return response;
      },
      { warmup: 5, count: 100 },
    );
    const createLoad = await loadFor(
      async (w, i) => {
        const response = await fetch(`${url}${base}/issues/`, { method: "POST", headers, body: createBody(`${w}-${i}`) });
        await expectOk(response, "create");
        await response.json();
      },
      { workers: 8, durationMs: 5000 },
    );

    const sample = (await (await get(`${base}/issues/?per_page=200`)).json()).results.map((issue) => issue.id);
    const priorities = ["urgent", "high", "medium", "low", "none"];
    const patchOne = async (w, i) => {
      const id = sample[(w * 31 + i) % sample.length];
      const response = await fetch(`${url}${base}/issues/${id}/`, {
        method: "PATCH",
        headers,
        body: JSON.stringify({ priority: priorities[i % 5] }),
      });
      await expectOk(response, "patch");
      await response.arrayBuffer();
      return response;
    };
    // One issue's detail, a different issue each time (as people open them), beside the list page.
    const getIssue = await timeResponses((i) => read(`${base}/issues/${sample[(i * 7) % sample.length]}/`), { warmup: 10, count: 200 });
    const patch = await timeResponses((i) => patchOne(0, i), { warmup: 5, count: 100 });
    const patchLoad = await loadFor(patchOne, { workers: 8, durationMs: 5000 });

    rows.push({ project, firstPage, filtered, deepPage, getIssue, board, boardAfterChange, boardFull, listStatement, totalRowsRead, boardRows, create, createLoad, patch, patchLoad });
  }
  return rows;
}

export function issuesApiMarkdown(rows) {
  const lines = [];
  lines.push("## Issue API (issue 3)");
  lines.push("");
  lines.push(
    "One request at a time unless stated. Each cell gives the **Worker's own time** (its `Server-Timing` header: from receiving the request to having the response ready, D1 included) and, after it, the time the client saw over loopback HTTP. The client's figure adds what the local server puts in front of the Worker (miniflare's entry worker, its asset router and HTTP over loopback: no dev proxy, no inspector), which the edge replaces with its own front line. The targets are read against the Worker's time. Responses are requested uncompressed (the local server's gzip runs in the Worker's process; the edge's does not). **CPU** is the workerd process's user + system time per request over the run, idle baseline taken off (bench/lib/cpu.mjs; it includes miniflare's entry worker and local D1, so it is an upper bound of the isolate's).",
  );
  lines.push("");
  lines.push("| measure | 1,000 issues | 10,000 issues | target |");
  lines.push("| --- | --- | --- | --- |");
  const by = (size) => rows.find((r) => r.project.size === size);
  const small = by(1000);
  const large = by(10000);
  const cell = (row, fn) => (row ? fn(row) : "n/a");
  const line = (label, fn, target = "") => lines.push(`| ${label} | ${cell(small, fn)} | ${cell(large, fn)} | ${target} |`);
  const both = (t) => `**${ms(t.worker.p50)} / ${ms(t.worker.p99)}** (client ${ms(t.p50)} / ${ms(t.p99)}; ${cpu(t)})`;
  const met = (t, target) => (t.worker.p50 <= target ? "met" : "missed");
  line("list page of 100, p50 / p99", (r) => both(r.firstPage), `p50 <= ${TARGETS.listP50} ms (${cell(small, (r) => met(r.firstPage, TARGETS.listP50))})`);
  line("list page 6 (by cursor), p50 / p99", (r) => both(r.deepPage), `p50 <= ${TARGETS.listP50} ms`);
  line("list page of 100, one state and one priority: p50 / p99 (D1 rows read)", (r) => `${both(r.filtered.statePriority.timing)} (${r.filtered.statePriority.rowsRead})`, `p50 <= ${TARGETS.listP50} ms`);
  line("list page of 100, one label: p50 / p99 (D1 rows read)", (r) => `${both(r.filtered.label.timing)} (${r.filtered.label.rowsRead})`, `p50 <= ${TARGETS.listP50} ms`);
  const metBoth = (fn, target) => [small, large].filter(Boolean).every((r) => fn(r).worker.p50 <= target) ? "met" : "missed";
  line("GET one issue (its detail), p50 / p99", (r) => both(r.getIssue), `p50 <= ${TARGETS.getIssueP50} ms (${metBoth((r) => r.getIssue, TARGETS.getIssueP50)})`);
  line(
    "full board grouped by state, unchanged since the last read (from the Worker's cache), p50 / p99",
    (r) => both(r.board),
    `1,000: p50 <= ${TARGETS.board1kP50} ms (${cell(small, (r) => met(r.board, TARGETS.board1kP50))})`,
  );
  line(
    "full board grouped by state, first read after a write (one issue patched before each read), p50 / p99",
    (r) => both(r.boardAfterChange),
    `1,000: p50 <= ${TARGETS.board1kP50} ms (${cell(small, (r) => met(r.boardAfterChange, TARGETS.board1kP50))})`,
  );
  line(
    "full board grouped by state, read in full (a state renamed before each read; as in a fresh isolate), p50 / p99",
    (r) => both(r.boardFull),
    "",
  );
  line("create, p50 / p99 (sequential)", (r) => both(r.create), `p50 <= ${TARGETS.writeP50} ms (${metBoth((r) => r.create, TARGETS.writeP50)})`);
  const loadMet = (key) =>
    [small, large].filter(Boolean).every((r) => r[key].throughput >= TARGETS.writesPerSecond && r[key].errors === 0) ? "met" : "missed";
  line(
    "create, 8 concurrent writers: throughput / p50 / errors",
    (r) => `${r.createLoad.throughput.toFixed(0)}/s / ${ms(r.createLoad.p50)} / ${r.createLoad.errors} (${cpu(r.createLoad)})`,
    `>= ${TARGETS.writesPerSecond}/s, 0 errors (${loadMet("createLoad")})`,
  );
  line("patch, p50 / p99 (sequential)", (r) => both(r.patch), `p50 <= ${TARGETS.patchP50} ms (${metBoth((r) => r.patch, TARGETS.patchP50)})`);
  line(
    "patch, 8 concurrent writers: throughput / p50 / errors",
    (r) => `${r.patchLoad.throughput.toFixed(0)}/s / ${ms(r.patchLoad.p50)} / ${r.patchLoad.errors} (${cpu(r.patchLoad)})`,
    `>= ${TARGETS.writesPerSecond}/s, 0 errors (${loadMet("patchLoad")})`,
  );
  line(
    "D1 rows read by the list query / rows it returned",
    (r) => (r.listStatement ? `${r.listStatement.rows_read} / ${r.listStatement.rows_returned}` : "n/a"),
    "read <= returned + 1",
  );
  line("D1 rows read by the whole list request (auth, access, lookups)", (r) => String(r.totalRowsRead));
  line("D1 rows read by the whole board request: first after a write / unchanged", (r) => `${r.boardRows.afterChange} / ${r.boardRows.unchanged}`);
  const errors = rows.flatMap((r) => [...r.createLoad.errorSamples, ...r.patchLoad.errorSamples]);
  if (errors.length) {
    lines.push("");
    lines.push(`Errors seen: ${errors.join("; ")}`);
  }
  return lines.join("\n");
}
