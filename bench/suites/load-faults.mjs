// Load and faults (issue 21): nothing lost under concurrent writes, no 5xx for hostile input.
//
// Load: 32 writers create and patch issues of one project for 30 s while board sockets are open
// on it. Counted: writes/s and errors (any answer but 2xx); then, read from the database after
// the Worker stopped, duplicate sequence ids in the project (two issues with one number), and
// whether every socket converged: its view of the project's issues (the rows read from the API
// when it connected, with every change it received applied in order) equals the database's.
//
// Malformed requests: 10,000 requests spread over every write endpoint of the REST API (the Hono
// router's own table), each with a hostile body: JSON that
// does not parse, wrong types, huge strings, missing fields, prototype keys, unicode edge cases,
// and ids of another project (in the path and in the body). They aim at a project of their own,
// so what a request happens to change stays away from the load project, whose ids they borrow as
// "another project's". Counted: answers of 500 or more (none allowed), and the time per answer.
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { openBoardSocket } from "../lib/board-socket.mjs";
import { prng } from "../lib/dataset.mjs";
import { ms, summarize, workerMs } from "../lib/measure.mjs";

export const TARGETS = { errors: 0, duplicates: 0, unconverged: 0, serverErrors: 0 };

const WRITERS = 32;
const LOAD_MS = 30_000;
const SOCKETS = 16;
const MALFORMED = 10_000;
const MALFORMED_IN_FLIGHT = 16;
/** The fields compared between a socket's view and the database: column name -> row field. */
const COMPARED = { name: "name", priority: "priority", state_id: "state", sort_order: "sort_order", sequence_id: "sequence_id" };

/**
 * One request through node:http on a connection of its own, answering `{ status, text, headers }`.
 * A kept-alive connection can be closed by the server, idle, just as the client reuses it (the
 * write fails with a reset, and a POST is not retried): 10,000 requests met that now and then. An
 * answer that arrives before the client has sent the whole body is kept.
 */
function sendHostile(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(url, { method, agent: false, headers: { ...headers, "content-length": Buffer.byteLength(body) } }, (response) => {
      answered = true;
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString("utf8"), headers: new Headers(response.headers) }));
      response.on("error", reject);
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    request.end(body);
  });
}

/** esbuild plugin: `cloudflare:sockets` and `cloudflare:workers` as inert modules for Node. */
const cloudflareStandIns = {
  name: "cloudflare-stand-ins",
  setup(build) {
    build.onResolve({ filter: /^cloudflare:/ }, (args) => ({ path: args.path, namespace: "cloudflare-stand-in" }));
    build.onLoad({ filter: /.*/, namespace: "cloudflare-stand-in" }, () => ({
      contents: "export class DurableObject {}\nexport function connect() { throw new Error('cloudflare:sockets is not available in Node'); }\n",
      loader: "js",
    }));
  },
};

async function json(response, what) {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** Every issue of a project through the list API, by cursor. */
async function listIssues(url, base, headers) {
  const rows = [];
  let cursor = null;
  do {
    const page = await json(await fetch(`${url}${base}/issues/?per_page=100${cursor ? `&cursor=${cursor}` : ""}`, { headers }), "listing issues");
    rows.push(...page.results);
    cursor = page.next_cursor;
  } while (cursor);
  return rows;
}

/**
 * A socket that keeps a view of the project's issues: `initial` rows, then each issue change with
 * a clock after the one the board answered when the socket connected, applied in order.
 */
async function openViewSocket(wsUrl, cookie) {
  const view = { rows: new Map(), versions: new Map(), fromClock: Number.POSITIVE_INFINITY, resets: 0, messages: 0 };
  const board = await openBoardSocket(wsUrl, cookie, (text) => {
    const message = JSON.parse(text);
    view.messages++;
    if (message.clock <= view.fromClock) return;
    for (const change of message.changes) {
      if (change.kind !== "issue") continue;
      // The board drops an issue change older than one it already took; a view does the same.
      if (change.version !== undefined && change.version < (view.versions.get(change.id) ?? 0)) continue;
      if (change.version !== undefined) view.versions.set(change.id, change.version);
      if (change.op === "delete") view.rows.delete(change.id);
      else view.rows.set(change.id, change.row);
    }
  });
  view.fromClock = board.connectedClock;
  board.socket.on("message", (data) => {
    if (data.toString().startsWith('{"type":"reset"')) view.resets++;
  });
  return { board, view };
}

/**
 * Each write route of the REST API as `{ method, path }`, with its params as `:name`: read from the
 * Hono router's own table (`createApi().routes`), the API bundled for Node with esbuild as
 * bench/lib/fakes.mjs bundles the fakes. A route added to any router is in the spread.
 */
export async function writeRoutes(root, tmpDir) {
  const outfile = path.join(tmpDir, "api-routes.mjs");
  await build({
    entryPoints: [path.join(root, "workers", "api", "app.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    // Node has no cloudflare: modules; the route table needs none of them, so each is a stand-in
    // (a request that reached one would fail loudly, and none is made here).
    plugins: [cloudflareStandIns],
    outfile,
    logLevel: "error",
  });
  const { createApi } = await import(pathToFileURL(outfile).href);
  const seen = new Map();
  for (const route of createApi().routes) {
    if (!["POST", "PUT", "PATCH", "DELETE"].includes(route.method)) continue;
    const routePath = route.path.replace(/\/$/, "");
    seen.set(`${route.method} ${routePath}`, { method: route.method, path: routePath });
  }
  return [...seen.values()];
}

/** Requests the bench must not send: they end its session or remove the workspace it runs in. */
const SPARED = [/\/auth\/sign-out/, /^DELETE \/api\/workspaces\/:slug$/, /^DELETE \/api\/workspaces\/:slug\/projects\/:projectId$/, /^DELETE \/api\/users\/me$/];

const pick = (random, items) => items[Math.floor(random() * items.length)];

/** Hostile values, the kinds a field may be sent. */
function hostileValue(random, foreign) {
  const kinds = [
    () => 12345,
    () => -1.5e308,
    () => true,
    () => null,
    () => [],
    () => ({}),
    () => [null, 1, "x"],
    () => "",
    () => "x".repeat(100_000),
    () => "\u0000\ud800\u202e\ufeff",
    () => "<script>alert(1)</script>",
    () => "2026-02-30",
    () => "not-a-uuid",
    () => pick(random, foreign),
    () => [pick(random, foreign), pick(random, foreign)],
    () => ({ __proto__: { admin: true } }),
  ];
  return pick(random, kinds)();
}

const FIELDS = [
  "name", "title", "priority", "state", "state_id", "parent", "labels_list", "assignees_list", "label_ids", "issues",
  "description_html", "comment_html", "color", "url", "email", "emails", "identifier", "role", "members", "start_date",
  "target_date", "end_date", "sort_order", "estimate_point", "events", "is_active", "project_id", "cycle_id", "module_id",
  "blocked_by_issues", "relation_type", "first_name", "password", "network", "filters", "display_filters", "service",
];

/** One hostile body: `{ raw }` sent as it is, or `{ json }` serialised. */
function hostileBody(random, foreign) {
  const kind = Math.floor(random() * 7);
  if (kind === 0) return { raw: pick(random, ['{"name": ', "not json", "[", "", "{}}", '{"name":"a",}', "\u0000", "null", "42", '"text"']) };
  if (kind === 1) return { json: {} };
  if (kind === 2) return { raw: `{"name":"${"y".repeat(300_000)}"}` };
  if (kind === 3) return { raw: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}},"name":"proto"}' };
  const body = {};
  const count = 1 + Math.floor(random() * 5);
  for (let i = 0; i < count; i++) body[pick(random, FIELDS)] = hostileValue(random, foreign);
  return { json: body };
}

async function runLoad({ url, base, headers, states, sample }) {
  const priorities = ["urgent", "high", "medium", "low", "none"];
  let writes = 0;
  let creates = 0;
  let errors = 0;
  const errorSamples = [];
  const started = performance.now();
  const deadline = started + LOAD_MS;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      const mine = [];
      for (let i = 0; performance.now() < deadline; i++) {
        // Creates and patches alternate; a patch moves one of the writer's own issues or a shared one.
        const create = i % 2 === 0;
        const target = !create && (mine.length === 0 || i % 4 === 1) ? sample[(w * 37 + i) % sample.length] : mine[(i >> 1) % Math.max(1, mine.length)];
        const request = create
          ? { method: "POST", path: `${base}/issues/`, body: { name: `Load ${w}-${i}`, priority: priorities[i % 5], state: states[(w + i) % states.length] } }
          : { method: "PATCH", path: `${base}/issues/${target}/`, body: { name: `Load patch ${w}-${i}`, priority: priorities[(i + w) % 5], state: states[(i + 2 * w) % states.length], sort_order: w * 1000 + i } };
        try {
          const response = await fetch(`${url}${request.path}`, { method: request.method, headers, body: JSON.stringify(request.body) });
          if (!response.ok) throw new Error(`${request.method} ${response.status} ${(await response.text()).slice(0, 200)}`);
          const row = await response.json();
          if (create) {
            mine.push(row.id);
            creates++;
          }
          writes++;
        } catch (error) {
          errors++;
          if (errorSamples.length < 5) errorSamples.push(String(error?.message ?? error));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { writes, creates, errors, errorSamples, seconds, perSecond: writes / seconds };
}

async function runMalformed({ url, headers, routes, fill, foreign }) {
  const random = prng(21);
  const serverErrors = [];
  const statuses = new Map();
  const client = [];
  const worker = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: MALFORMED_IN_FLIGHT }, async () => {
      while (next < MALFORMED) {
        const n = next++;
        const route = routes[n % routes.length];
        const body = hostileBody(random, foreign);
        const target = fill(route, random);
        const sent = performance.now();
        const sentBody = body.raw !== undefined ? body.raw : JSON.stringify(body.json);
        const response = await sendHostile(`${url}${target}`, { method: route.method, headers, body: sentBody }).catch((error) => {
          throw new Error(`${route.method} ${target} with a body of ${Buffer.byteLength(sentBody)} bytes: ${error.message}`, { cause: error });
        });
        const text = response.text;
        client.push(performance.now() - sent);
        const own = workerMs(response);
        if (Number.isFinite(own)) worker.push(own);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500 && serverErrors.length < 20) serverErrors.push(`${route.method} ${route.path} ${response.status}: ${text.slice(0, 200)} <- ${JSON.stringify(body).slice(0, 200)}`);
      }
    }),
  );
  const fivexx = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
  return {
    requests: MALFORMED,
    routes: routes.length,
    serverErrors: fivexx,
    serverErrorSamples: serverErrors,
    statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    client: summarize(client),
    worker: summarize(worker),
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * Runs both parts against the Worker at `url`; answers what the database check after needs
 * (`finishLoadFaults` reads the database once the Worker has stopped).
 */
export async function runLoadFaultsSuite({ url, cookie, workspaceSlug, project, root, tmpDir, log }) {
  const headers = { cookie, "content-type": "application/json", origin: url, "accept-encoding": "identity" };
  const base = `/api/workspaces/${workspaceSlug}/projects/${project.id}`;
  const states = (await json(await fetch(`${url}${base}/states/`, { headers }), "states")).map((state) => state.id);

  log(`load-faults: ${SOCKETS} board sockets on the project of ${project.size} issues`);
  const wsUrl = `${url.replace(/^http/, "ws")}${base}/board`;
  const sockets = [];
  for (let i = 0; i < SOCKETS; i += 8) sockets.push(...(await Promise.all(Array.from({ length: Math.min(8, SOCKETS - i) }, () => openViewSocket(wsUrl, cookie)))));
  // Nothing writes between the sockets connecting and this read: it is the state at their clock.
  const initial = await listIssues(url, base, headers);
  for (const { view } of sockets) for (const row of initial) view.rows.set(row.id, row);
  const sample = initial.slice(0, 200).map((row) => row.id);

  let load;
  let malformed;
  try {
    log(`load-faults: ${WRITERS} writers creating and patching for ${LOAD_MS / 1000} s`);
    load = await runLoad({ url, base, headers, states, sample });

    // The malformed requests' own project, and the ids they borrow from the load project.
    const created = await json(
      await fetch(`${url}/api/workspaces/${workspaceSlug}/projects/`, { method: "POST", headers, body: JSON.stringify({ name: "Faults target", identifier: "FLT" }) }),
      "creating the faults project",
    );
    const targetBase = `/api/workspaces/${workspaceSlug}/projects/${created.id}`;
    const targetIssues = [];
    for (let i = 0; i < 20; i++) {
      targetIssues.push((await json(await fetch(`${url}${targetBase}/issues/`, { method: "POST", headers, body: JSON.stringify({ name: `Target ${i}` }) }), "target issue")).id);
    }
    const labels = await json(await fetch(`${url}${base}/issue-labels/`, { headers }), "labels");
    const foreign = [...sample.slice(0, 20), ...states, ...(Array.isArray(labels) ? labels : labels.results ?? []).map((label) => label.id)];
    const routes = (await writeRoutes(root, tmpDir)).filter((route) => !SPARED.some((pattern) => pattern.test(`${route.method} ${route.path}`)));
    // A tenth of the requests name the load project in the path with the target's ids; never a DELETE.
    const fill = (route, random) =>
      route.path
        .replace(":slug", workspaceSlug)
        .replace(":projectId", route.method === "DELETE" || random() < 0.9 ? created.id : project.id)
        .replace(/:(\w+)/g, (_, name) => {
          // An issue of the target project, one of the load project's, or an id nobody has.
          if (name === "issueId" && random() < 0.6) return pick(random, targetIssues);
          return random() < 0.5 ? pick(random, foreign) : crypto.randomUUID();
        });
    log(`load-faults: ${MALFORMED} malformed requests over ${routes.length} write routes`);
    malformed = await runMalformed({ url, headers, routes, fill, foreign });
    // The last broadcasts reach the sockets.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  } finally {
    for (const { board } of sockets) board.socket.close(1000, "bench done");
  }
  return { project, load, malformed, views: sockets.map(({ view }) => view) };
}

/** The figures read from the database after the Worker stopped: duplicates, and every socket's convergence. */
export async function finishLoadFaults(run, query) {
  const projectId = run.project.id;
  const [duplicates] = await query(
    `SELECT count(*) - count(DISTINCT sequence_id) AS duplicates, count(*) AS issues FROM issues WHERE project_id = '${projectId}'`,
  );
  const rows = await query(`SELECT id, ${Object.keys(COMPARED).join(", ")} FROM issues WHERE project_id = '${projectId}'`);
  const database = new Map(rows.map((row) => [row.id, row]));
  const samples = [];
  const differences = run.views.map((view) => {
    let differing = 0;
    if (view.rows.size !== database.size) differing += Math.abs(view.rows.size - database.size);
    for (const [id, row] of database) {
      const seen = view.rows.get(id);
      if (!seen || Object.entries(COMPARED).some(([column, field]) => seen[field] !== row[column])) {
        differing++;
        if (samples.length < 3) samples.push(`${id}: socket ${JSON.stringify(seen && Object.fromEntries(Object.values(COMPARED).map((f) => [f, seen[f]])))}, database ${JSON.stringify(row)}`);
      }
    }
    return differing;
  });
  return {
    ...run,
    duplicates: duplicates.duplicates,
    issues: duplicates.issues,
    unconverged: differences.filter((n) => n > 0).length,
    differingRows: differences.reduce((sum, n) => sum + n, 0),
    differenceSamples: samples,
    resets: run.views.reduce((sum, view) => sum + view.resets, 0),
    sockets: run.views.length,
  };
}

export function loadFaultsMarkdown(r) {
  const lines = [];
  lines.push("## Load and faults (issue 21)");
  lines.push("");
  lines.push(
    `**Load:** ${WRITERS} writers creating and patching issues (name, priority, state, sort order) in the project of ${r.project.size.toLocaleString("en-US")} issues for ${LOAD_MS / 1000} s, ${r.sockets} board sockets open on it: ` +
      `**${r.load.perSecond.toFixed(0)} writes/s** (${r.load.writes} writes, ${r.load.creates} creates), **${r.load.errors} errors**. ` +
      `Read from the database after: ${r.issues} issues, **${r.duplicates} duplicate sequence ids**. ` +
      `Sockets whose view of the issues differs from the database: **${r.unconverged} of ${r.sockets}** (${r.differingRows} rows differing, ${r.resets} resets). ` +
      `Target: 0 errors, 0 duplicates, every socket converged.`,
  );
  if (r.load.errorSamples.length) lines.push(`Errors seen: ${r.load.errorSamples.join("; ")}`);
  if (r.differenceSamples.length) lines.push(`Rows differing: ${r.differenceSamples.join("; ")}`);
  lines.push("");
  const m = r.malformed;
  lines.push(
    `**Malformed requests:** ${m.requests.toLocaleString("en-US")} hostile requests (bad JSON, wrong types, huge strings, missing fields, prototype keys, unicode edge cases, ids of another project) spread over ${m.routes} write routes, ${MALFORMED_IN_FLIGHT} in flight, in ${m.seconds.toFixed(0)} s: ` +
      `**${m.serverErrors} x 5xx** (target 0); Worker p50 ${ms(m.worker.p50)} / p99 ${ms(m.worker.p99)}, client p50 ${ms(m.client.p50)} / p99 ${ms(m.client.p99)}. ` +
      `Statuses: ${Object.entries(m.statuses).map(([status, count]) => `${status} x ${count}`).join(", ")}.`,
  );
  if (m.serverErrorSamples.length) lines.push(`5xx seen: ${m.serverErrorSamples.join("; ")}`);
  return lines.join("\n");
}
