// The measuring half of `npm run cost` (ADR 051): every line the Worker prints goes through a
// collector, and each action's figures are the request and job lines it caused: Worker requests,
// D1 rows read and written and D1 queries from the request log (workers/lib/request-log.ts), queue
// messages from the job lines, and the app's workerd process's CPU over the action
// (bench/lib/cpu.mjs; local D1 runs in a process of its own, left out), less the local server's
// own share per request (`withoutFloor`).
import { cpuMeter } from "../../bench/lib/cpu.mjs";

/** How long the Worker must print nothing before an action counts as finished (its waitUntil work and jobs done). */
const QUIET_MS = 600;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Collects the request and job lines the Worker prints; `log` goes to startLocalServer. */
export function logCollector() {
  const lines = [];
  let lastAt = performance.now();
  return {
    log(line) {
      lastAt = performance.now();
      const start = line.indexOf('{"msg":');
      if (start < 0) return;
      try {
        const parsed = JSON.parse(line.slice(start));
        if (parsed.msg === "request" || parsed.msg === "job") lines.push(parsed);
      } catch {
        // another line that happens to hold the text: not ours
      }
    },
    mark: () => lines.length,
    since: (mark) => lines.slice(mark),
    /** Resolves once nothing was printed for QUIET_MS (the action's background work is done). */
    async quiet() {
      while (performance.now() - lastAt < QUIET_MS) await sleep(100);
    },
  };
}

/** Requests (and jobs) by route, with the D1 rows they read and wrote in all. */
function byRoute(lines) {
  const routes = {};
  for (const line of lines) {
    const key = line.msg === "job" ? `job ${line.type}` : `${line.method} ${line.route}`;
    routes[key] ??= { count: 0, d1RowsRead: 0, d1RowsWritten: 0 };
    routes[key].count++;
    routes[key].d1RowsRead += line.d1_rows_read ?? 0;
    routes[key].d1RowsWritten += line.d1_rows_written ?? 0;
  }
  return routes;
}

/**
 * The one /api request the harness sends without a session. Every other /api request is a signed-in
 * user's, which the API's rate limiter counts with one RateLimiter call (ADR 055).
 */
const SIGNED_OUT_API_ROUTES = new Set(["/api/auth/sign-in"]);
const isLimited = (line) => line.route.startsWith("/api/") && !SIGNED_OUT_API_ROUTES.has(line.route);

/** The D1 rows, queries and requests of a set of log lines, as one action's totals. */
export function totalsOf(lines) {
  const requests = lines.filter((line) => line.msg === "request");
  const jobs = lines.filter((line) => line.msg === "job");
  const sum = (key) => lines.reduce((total, line) => total + (line[key] ?? 0), 0);
  return {
    requests: requests.length,
    jobs: jobs.length,
    failedJobs: jobs.filter((line) => !line.ok).length,
    d1RowsRead: sum("d1_rows_read"),
    d1RowsWritten: sum("d1_rows_written"),
    d1Queries: sum("d1_queries"),
    sockets: requests.filter((line) => line.status === 101).length,
    limiterCalls: requests.filter(isLimited).length,
    routes: byRoute(lines),
  };
}

/**
 * Runs `run(i)` `reps` times, each until the Worker is quiet, and answers the per-run averages of
 * its log lines and the workerd CPU per run. `skip(line)` leaves out lines the harness caused
 * (polling an import's status) rather than the action.
 */
export async function measureAction(collector, { reps, run, before = async () => {}, skip = () => false }) {
  const meter = await cpuMeter();
  const lines = [];
  for (let i = 0; i < reps; i++) {
    // What sets the scene for a run (a change made by someone else) is not counted in it.
    await before(i);
    await collector.quiet();
    const mark = collector.mark();
    meter.start();
    await run(i);
    await collector.quiet();
    meter.stop();
    lines.push(...collector.since(mark).filter((line) => !skip(line)));
  }
  const totals = totalsOf(lines);
  const per = (value) => value / reps;
  return {
    reps,
    requests: per(totals.requests),
    jobs: per(totals.jobs),
    failedJobs: per(totals.failedJobs),
    d1RowsRead: per(totals.d1RowsRead),
    d1RowsWritten: per(totals.d1RowsWritten),
    d1Queries: per(totals.d1Queries),
    sockets: per(totals.sockets),
    limiterCalls: per(totals.limiterCalls),
    routes: totals.routes,
    cpuMs: meter.perRequest(reps),
    cpuPerRequestMs: totals.requests > 0 ? meter.perRequest(totals.requests) : Number.NaN,
  };
}

/**
 * `measured` (each action's measureAction figures) with the local server's own CPU per request
 * (`floorMs`, an empty Worker's: bench/lib/empty-worker.mjs) taken off every request: CPU per
 * request less the floor, CPU per action less the floor times its requests. The process's
 * figure stays as `processCpuPerRequestMs`.
 */
export function withoutFloor(measured, floorMs) {
  const floor = Number.isFinite(floorMs) ? floorMs : 0;
  return Object.fromEntries(
    Object.entries(measured).map(([action, m]) => [
      action,
      {
        ...m,
        processCpuPerRequestMs: m.cpuPerRequestMs,
        cpuPerRequestMs: Math.max(0, m.cpuPerRequestMs - floor),
        cpuMs: Math.max(0, m.cpuMs - floor * m.requests),
      },
    ]),
  );
}

/** A comment's body as the editor sends it: the document and its HTML. */
export function commentBody(text) {
  return { comment_json: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] }, comment_html: `<p>${text}</p>` };
}

/** A JSON client of the REST API as the signed-in `cookie`. */
export function apiClient(url, cookie) {
  return async (method, pathname, body) => {
    const response = await fetch(`${url}${pathname}`, {
      method,
      headers: { cookie, origin: url, "content-type": "application/json", "accept-encoding": "identity" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
}

/**
 * Opens `pageUrl` in the browser as a person does (the document, its data and live sockets, its
 * deferred requests) and resolves once the page has loaded; the caller waits for the Worker to be
 * quiet. The page is closed after, so its sockets do not outlive the action.
 */
export async function viewPage(context, pageUrl) {
  const page = await context.newPage();
  try {
    const response = await page.goto(pageUrl, { waitUntil: "load" });
    if (!response?.ok()) throw new Error(`${pageUrl}: HTTP ${response?.status()}`);
    await page.waitForLoadState("networkidle");
  } finally {
    await page.close();
  }
}
