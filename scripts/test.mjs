#!/usr/bin/env node
// `npm test`: every check the project has, in stages, stopping after the first stage that fails.
//   install (when needed) -> typecheck + build [+ lint, import cycles and long functions, with --lint]
//   -> workerd tests + browser tests
// The steps of a stage run at the same time (ADR 057): the two suites together keep both cores busy,
// where one after the other each left CPU idle (the browser suite waits on Chromium and the server).
// The first step of a stage streams its output as it happens; the others' output is held and
// printed whole, in order, once the step before has ended, then streams. The end is one summary
// line per step and then exactly `N passed, M failed`, counting the tests of both vitest runs.
//
//   node scripts/test.mjs [--lint]      (`npm run check` passes --lint)
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureDependencies } from "./lib/npm.mjs";
import { ROOT, bin, run, step, wranglerEnv } from "./lib/run.mjs";

const argv = process.argv.slice(2);
const withLint = argv.includes("--lint");
const REPORT_DIR = path.join(ROOT, "test-results");
const WORKERD_REPORT = path.join(REPORT_DIR, "vitest-workerd.json");
const E2E_REPORT = path.join(REPORT_DIR, "vitest-e2e.json");

const reporterArgs = (file) => ["--reporter=default", "--reporter=json", `--outputFile.json=${file}`];

/** Terminal colour codes (ESC [ ... m) in vitest's messages. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/**
 * The failed tests of a vitest JSON report, one short line each (file, name, the error's first
 * lines), so the end of a CI log says what failed even when only its tail is kept.
 */
function failuresOf(report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name ?? "");
    for (const test of file.assertionResults ?? []) {
      if (test.status !== "failed") continue;
      const message = (test.failureMessages ?? [])
        .join(" ")
        .replace(ANSI_COLOUR, "")
        .split("\n")
        .filter((line) => line.trim() !== "" && !/^\s+at /.test(line))
        .slice(0, 3)
        .join(" | ");
      lines.push(`${name} > ${test.fullName ?? test.title}: ${message.slice(0, 400)}`);
    }
    if ((file.assertionResults ?? []).length === 0 && file.status === "failed") lines.push(`${name}: ${String(file.message ?? "").slice(0, 400)}`);
  }
  return lines;
}

/** Reads passed/failed counts from a vitest JSON report, or null when there is none. */
function readReport(file) {
  if (!existsSync(file)) return null;
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    return {
      passed: report.numPassedTests ?? 0,
      failed: report.numFailedTests ?? 0,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
      failedFiles: report.numFailedTestSuites ?? 0,
      failures: failuresOf(report),
    };
  } catch {
    return null;
  }
}

/** Keeps colours in output that goes through a pipe when the terminal shows them. */
const colourEnv = (env) => (process.stdout.isTTY && !env.NO_COLOR ? { ...env, FORCE_COLOR: "1" } : env);

// Each step's `run` takes the `output` option of run(): where its output goes while it runs.
const stages = [
  [{ name: "install", run: () => ensureDependencies() }],
  [
    { name: "typecheck", run: (output) => run(bin("tsc"), ["--noEmit"], { output }) },
    // The workerd suite imports build/server through workers/index.ts, so build before it.
    { name: "build", run: (output) => run(bin("remix"), ["vite:build"], { output, env: colourEnv(process.env) }) },
    ...(withLint
      ? [
          { name: "lint", run: (output) => run(bin("biome"), ["lint", "."], { output }) },
          // Lists every import cycle that carries values between our modules; none may exist.
          { name: "import cycles", run: (output) => run(process.execPath, [path.join(ROOT, "scripts", "import-cycles.mjs")], { output }) },
          // Lists every function over 200 lines in our code; none may exist.
          { name: "long functions", run: (output) => run(process.execPath, [path.join(ROOT, "scripts", "long-functions.mjs")], { output }) },
        ]
      : []),
  ],
  [
    {
      name: "workerd tests",
      report: WORKERD_REPORT,
      run: (output) => run(bin("vitest"), ["run", ...reporterArgs(WORKERD_REPORT)], { output, env: colourEnv(wranglerEnv()) }),
    },
    {
      // scripts/e2e.mjs installs Debian's chromium when missing and runs vitest.e2e.config.ts; the
      // build above is fresh (--no-build) and the reporter flags pass through to its vitest run.
      name: "browser tests",
      report: E2E_REPORT,
      run: (output) => {
        const script = path.join(ROOT, "scripts", "e2e.mjs");
        if (!existsSync(script)) {
          console.error("scripts/e2e.mjs does not exist: the browser test runner is missing");
          return 1;
        }
        return run(process.execPath, [script, "--no-build", ...reporterArgs(E2E_REPORT)], { output, env: colourEnv(wranglerEnv()) });
      },
    },
  ],
];
const steps = stages.flat();

/** Runs one step with its output going to `output`; answers its result with the counts of its report. */
async function runStep(current, output) {
  const started = Date.now();
  const code = await current.run(output);
  const result = { name: current.name, code, ms: Date.now() - started };
  if (current.report) {
    const counts = readReport(current.report);
    if (counts) {
      // A file that fails to load has no failed test in it; count it so a broken run never reads as clean.
      const unexplained = code !== 0 && counts.failed === 0 ? Math.max(1, counts.failedFiles) : 0;
      result.counts = { ...counts, failed: counts.failed + unexplained };
    } else if (code !== 0) {
      result.counts = { passed: 0, failed: 1, skipped: 0, noReport: true };
    }
  }
  return result;
}

/**
 * Runs a stage's steps at the same time. The first streams; each other one's output is held
 * until every step before it has ended, then printed under its heading and streamed from there.
 */
async function runStage(stage) {
  const outputs = stage.map((current, index) => {
    if (index === 0) {
      step(current.name);
      return { write: undefined, release() {} };
    }
    const held = [];
    let live = false;
    return {
      write: (chunk, stream) => (live ? stream.write(chunk) : held.push([chunk, stream])),
      release() {
        step(`${current.name} (ran beside ${stage[0].name}; its output so far, then as it comes)`);
        for (const [chunk, stream] of held.splice(0)) stream.write(chunk);
        live = true;
      },
    };
  });
  const running = stage.map((current, index) => runStep(current, outputs[index].write));
  const results = [];
  for (const [index, result] of running.entries()) {
    outputs[index].release();
    results.push(await result);
  }
  return results;
}

function formatDuration(ms) {
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)}s` : `${Math.floor(ms / 60_000)}m${Math.round((ms % 60_000) / 1000)}s`;
}

async function main() {
  mkdirSync(REPORT_DIR, { recursive: true });
  for (const file of [WORKERD_REPORT, E2E_REPORT]) rmSync(file, { force: true });

  const started = Date.now();
  const results = [];
  let exitCode = 0;
  for (const stage of stages) {
    const stageResults = await runStage(stage);
    results.push(...stageResults);
    const failed = stageResults.find((result) => result.code !== 0);
    if (failed) {
      exitCode = failed.code;
      break;
    }
  }

  console.log("\n──────── summary");
  for (const result of results) {
    const status = result.code === 0 ? "ok    " : `FAILED (exit ${result.code})`;
    let detail = "";
    if (result.counts?.noReport) detail = " — no test report; counted as 1 failure";
    else if (result.counts) {
      const { passed, failed, skipped } = result.counts;
      detail = ` — ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
    }
    console.log(`${status.padEnd(18)} ${result.name.padEnd(14)} ${formatDuration(result.ms).padStart(7)}${detail}`);
  }
  for (const skipped of steps.slice(results.length)) console.log(`${"not run".padEnd(18)} ${skipped.name}`);
  for (const failure of results.flatMap((result) => result.counts?.failures ?? []).slice(0, 10)) console.log(`failed: ${failure}`);
  const passed = results.reduce((sum, result) => sum + (result.counts?.passed ?? 0), 0);
  const failed = results.reduce((sum, result) => sum + (result.counts?.failed ?? 0), 0);
  console.log(`total ${formatDuration(Date.now() - started)}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(exitCode);
}

main().catch((error) => {
  console.error(error.stack ?? String(error));
  console.log("0 passed, 1 failed");
  process.exit(1);
});
