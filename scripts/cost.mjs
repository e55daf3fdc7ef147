// `npm run cost`: what a team of 10, 50 or 200 people costs to run on Cloudflare (ADR 051).
// Builds if needed, loads the bench dataset into a fresh local database, serves the real Worker
// as `npm start` does with local D1 in a workerd process of its own (as the screens benchmark
// does, ADR 053), measures each action a person takes from the Worker's own log lines (D1 rows
// read and written, queries, requests, queue jobs, sockets), its CPU (the app's process, less an
// empty Worker's per request) and the database's growth, then combines them with a team's day
// (scripts/lib/cost-model.mjs) against Cloudflare's published allowances. Writes docs/COST.md and
// prints it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startLocalServerD1Apart } from "../bench/lib/d1-apart.mjs";
import { buildBenchSql } from "../bench/lib/dataset.mjs";
import { browserHeaders } from "../bench/lib/documents.mjs";
import { measureFloor, startEmptyWorker } from "../bench/lib/empty-worker.mjs";
import { CSV_IMPORT_ISSUES, listOf, measureActions, signIn } from "./lib/cost-actions.mjs";
import { apiClient, logCollector, withoutFloor } from "./lib/cost-measure.mjs";
import { IMPORTS, LIMITS, PER_PERSON_PER_DAY, actionFigures, boardMinuteFigures, largestFreeTeam, teamDays } from "./lib/cost-model.mjs";
import { costMarkdown } from "./lib/cost-report.mjs";
import { STORAGE_BATCH, measureStorage } from "./lib/cost-storage.mjs";
import { applyLocalMigrations } from "./lib/dev-server.mjs";
import { ROOT, bin, capture, run, wranglerEnv } from "./lib/run.mjs";

const log = (message) => console.log(`[cost] ${message}`);
const OUTPUT = path.join(ROOT, "docs", "COST.md");
const MEASURED = path.join(ROOT, "bench", ".tmp", "cost-measured.json");
const REUSE = process.argv.includes("--reuse");

/** Builds the app when build/ is missing, as `npm start` does. */
async function ensureBuild() {
  if (existsSync(path.join(ROOT, "build", "server", "index.js"))) return;
  log("building");
  if ((await run(bin("remix"), ["vite:build"])) !== 0) throw new Error("build failed");
}

/** A fresh database with the bench dataset (one project of 1,000 issues); answers the dataset. */
async function prepareDatabase(persistDir) {
  log("applying migrations to a fresh database");
  await applyLocalMigrations({ persistDir });
  const dataset = buildBenchSql({ sizes: [1000] });
  const file = path.join(persistDir, "dataset.sql");
  writeFileSync(file, dataset.sql);
  log("loading the bench dataset (1,000 issues)");
  const loaded = await capture(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", file], { env: wranglerEnv({ CI: "true" }) });
  if (loaded.code !== 0) throw new Error(`loading the dataset failed:\n${loaded.stdout}\n${loaded.stderr}`);
  return dataset;
}

/** Every action's figures on every meter, by the names the model counts. */
function perActionFigures(measured) {
  const perAction = {};
  for (const action of Object.keys(PER_PERSON_PER_DAY)) {
    if (action === "boardMinute") continue;
    if (measured[action]) perAction[action] = actionFigures(action, measured[action]);
  }
  const board = measured.boardMinute;
  perAction.boardMinute = boardMinuteFigures(board.heldRequests / (board.heldMs / 60_000));
  // The import is measured whole and counted per issue; its file is stored once (Class A) and read once per job run (Class B).
  const csv = measured.csvImport;
  perAction.importedIssue = actionFigures("importedIssue", csv, { perUnit: CSV_IMPORT_ISSUES, r2: { classA: 1, classB: csv.jobs } });
  return perAction;
}

/** What the report's action table shows beside the figures: queries, CPU and how often each was run. */
function measuredNotes(measured) {
  const notes = {};
  for (const [action, m] of Object.entries(measured)) {
    notes[action] = {
      d1QueriesEach: m.d1Queries,
      cpuPerRequest: m.cpuPerRequestMs,
      processCpuPerRequest: m.processCpuPerRequestMs,
      cpuOf: m.cpuOf,
      over: `${m.reps} run${m.reps === 1 ? "" : "s"}`,
    };
  }
  const csv = measured.csvImport;
  notes.importedIssue = { d1QueriesEach: csv.d1Queries / CSV_IMPORT_ISSUES, cpuPerRequest: Number.NaN, over: `${csv.reps} imports of ${CSV_IMPORT_ISSUES}` };
  notes.boardMinute = { d1QueriesEach: 0, cpuPerRequest: Number.NaN, over: `a socket held ${measured.boardMinute.heldMs / 1000} s; pings counted` };
  return notes;
}

/** The heaviest action by CPU per Worker request (a page's document, a write, a sign-in). */
function heaviestCpu(measured) {
  let heaviest = { action: "none", ms: 0 };
  for (const [action, m] of Object.entries(measured)) {
    if (action !== "csvImport" && Number.isFinite(m.cpuPerRequestMs) && m.cpuPerRequestMs > heaviest.ms) heaviest = { action, ms: m.cpuPerRequestMs };
  }
  return { ...heaviest, cpuOver: heaviest.ms > LIMITS.freeCpuMsPerRequest.value };
}

/**
 * Every action over the free plan's CPU per request, heaviest first. The import is left out: its
 * CPU is the queue job's, spread over the issues it brings in, not one request's.
 */
function cpuOverFree(measured) {
  return Object.entries(measured)
    .filter(([action, m]) => action !== "csvImport" && Number.isFinite(m.cpuPerRequestMs) && m.cpuPerRequestMs > LIMITS.freeCpuMsPerRequest.value)
    .sort(([, a], [, b]) => b.cpuPerRequestMs - a.cpuPerRequestMs)
    .map(([action, m]) => ({ action, ms: m.cpuPerRequestMs }));
}

/**
 * Measures everything through a fresh server, its D1 in a workerd of its own that the CPU meters
 * leave out; answers the action figures (the floor off), the floor and the storage figures.
 */
async function measureAll() {
  const persistDir = mkdtempSync(path.join(os.tmpdir(), "edge-tracker-cost-"));
  let server;
  try {
    const dataset = await prepareDatabase(persistDir);
    const project = dataset.projects.find((p) => p.size === 1000);
    const collector = logCollector();
    log("starting local D1 apart, then the Worker (as npm start serves it)");
    // One harness user sends hundreds of requests a minute: its API allowance is lifted, as the
    // bench lifts it (the limiter is still asked on every request, so its cost is measured).
    const vars = { APP_ENV: "development", API_RATE_LIMIT_PER_USER: "1000000" };
    server = await startLocalServerD1Apart({ persistDir, vars, log: collector.log });
    const { url } = server;
    const cookie = await signIn(url);
    const measured = await measureActions({ url, cookie, collector, workspaceSlug: dataset.workspaceSlug, project, log });
    log("measuring the local server's own CPU per request (an empty Worker)");
    // The empty Worker keeps its state apart, so the database measured below is the app's alone.
    const startEmpty = () => startEmptyWorker({ persistDir: path.join(persistDir, "empty-worker") });
    const floorMs = await measureFloor(startEmpty, `/${dataset.workspaceSlug}/projects/${project.id}/issues`, browserHeaders(cookie));
    const api = apiClient(url, cookie);
    const base = `/api/workspaces/${dataset.workspaceSlug}/projects/${project.id}`;
    const states = listOf(await api("GET", `${base}/states/`));
    const storage = await measureStorage({ api, base, persistDir, states, wait: () => collector.quiet(), log });
    return { measured: withoutFloor(measured, floorMs), floorMs, storage: { ...storage, batch: STORAGE_BATCH } };
  } catch (error) {
    if (server) console.error(`[cost] server output (tail):\n${server.output().split("\n").slice(-30).join("\n")}`);
    throw error;
  } finally {
    await server?.stop();
    rmSync(persistDir, { recursive: true, force: true });
  }
}

async function main() {
  await ensureBuild();
  // `--reuse`: the last run's measurements (kept in bench/.tmp), with the model and report redone.
  const { measured, floorMs, storage } = REUSE ? JSON.parse(readFileSync(MEASURED, "utf8")) : await measureAll();
  mkdirSync(path.dirname(MEASURED), { recursive: true });
  writeFileSync(MEASURED, JSON.stringify({ measured, floorMs, storage }, null, 2));

  const perAction = perActionFigures(measured);
  const bytes = storage.batches;
  const p = PER_PERSON_PER_DAY;
  const bytesPerPersonDay = p.createIssue * bytes.create.bytesEach + p.comment * bytes.comment.bytesEach + (p.updateState + p.updateAssignee) * bytes.update.bytesEach;
  const bytesPerTeamDay = IMPORTS.issuesPerImport * IMPORTS.perTeamPerDay * bytes.create.bytesEach;
  const maxCpu = { ...heaviestCpu(measured), over: cpuOverFree(measured) };
  const teams = teamDays({ perAction, bytesPerPersonDay, bytesPerTeamDay, maxCpuMsPerRequest: maxCpu.ms });
  const runInfo = { at: new Date().toISOString().slice(0, 10), machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}` };
  const routesByAction = Object.fromEntries(Object.entries(measured).map(([action, m]) => [action, { reps: m.reps, routes: m.routes }]));
  const markdown = costMarkdown({ run: runInfo, measured: measuredNotes(measured), perAction, teams, storage, maxCpu, routesByAction, floorMs });
  writeFileSync(OUTPUT, markdown);
  console.log(`\n${markdown}`);
  log(`written to ${path.relative(ROOT, OUTPUT)}; the largest team inside the free plan's daily allowances: ${largestFreeTeam(teams) ?? "none"}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
