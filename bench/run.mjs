// `npm run bench`: builds if needed, loads a fresh local database with projects of 1,000, 10,000
// and 100,000 issues, serves the real Worker as `npm start` does (one workerd, no dev proxy), measures, and writes
// bench/results.md. Figures are medians and tails measured on this machine; see the file.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { applyLocalMigrations, startWranglerDev } from "../scripts/lib/dev-server.mjs";
import { ROOT, bin, capture, option, run, wranglerEnv } from "../scripts/lib/run.mjs";
import {
  boardFanoutFigures,
  browserFigures,
  budgetsMarkdown,
  checked,
  cyclesPageFigures,
  githubWebhooksFigures,
  importersFigures,
  issueViewsPageFigures,
  issuesApiFigures,
  loadFaultsFigures,
  mcpFigures,
  notificationsFigures,
  PROJECT_SIZES,
  projectSizesFigures,
  screensFigures,
  searchFigures,
  settingsPagesFigures,
  startupFigures,
} from "./lib/budgets.mjs";
import { idleBaselines } from "./lib/cpu.mjs";
import { startLocalServerD1Apart } from "./lib/d1-apart.mjs";
import { BENCH_EMAIL, BENCH_PASSWORD, SIZES_WORKSPACE, buildBenchSql } from "./lib/dataset.mjs";
import { startEmptyWorker } from "./lib/empty-worker.mjs";
import { startFakes } from "./lib/fakes.mjs";
import { benchGithub } from "./lib/github-repo.mjs";
import { startLocalServer } from "../scripts/lib/local-server.mjs";
import { boardFanoutMarkdown, runBoardFanoutSuite } from "./suites/board-fanout.mjs";
import { browserMarkdown, runBrowserSuite } from "./suites/browser.mjs";
import { cyclesPageMarkdown, runCyclesPageSuite } from "./suites/cycles-page.mjs";
import { githubWebhooksMarkdown, githubWebhooksSetup, runGithubWebhooksSuite } from "./suites/github-webhooks.mjs";
import { importersMarkdown, runImportersSuite } from "./suites/importers.mjs";
import { issuesApiMarkdown, runIssuesApiSuite } from "./suites/issues-api.mjs";
import { finishLoadFaults, loadFaultsMarkdown, runLoadFaultsSuite } from "./suites/load-faults.mjs";
import { mcpMarkdown, runMcpSuite } from "./suites/mcp.mjs";
import { issueViewsPageMarkdown, runIssueViewsPageSuite } from "./suites/issue-views-page.mjs";
import { projectSizesMarkdown, runProjectSizesSuite } from "./suites/project-sizes.mjs";
import { notificationsMarkdown, notificationsSetupSql, runNotificationsSuite } from "./suites/notifications.mjs";
import { measureSearchStatements, runSearchSuite, searchMarkdown } from "./suites/search.mjs";
import { runScreensSuite, screensMarkdown } from "./suites/screens.mjs";
import { runSettingsPagesSuite, settingsPagesMarkdown } from "./suites/settings-pages.mjs";
import { runStartupSuite, startupMarkdown } from "./suites/startup.mjs";

const log = (message) => console.log(`[bench] ${message}`);
const TMP = path.join(ROOT, "bench", ".tmp");
const PERSIST = path.join(TMP, "state");
/**
 * `--suite screens`, `--suite issues-api`, `--suite issue-views-page`, `--suite settings-pages`, `--suite cycles-page`, `--suite browser`, `--suite search`,
 * `--suite importers`, `--suite mcp`, `--suite github-webhooks`, `--suite board-fanout`, `--suite notifications`, `--suite startup`, `--suite load-faults` or `--suite project-sizes` runs
 * one suite (and loads only what it needs). `--check` exits 1 when a figure of the suites that ran
 * is over its budget (bench/lib/budgets.mjs), after writing the results.
 */
const SUITE = option(process.argv, "suite");
const CHECK = process.argv.includes("--check");
const SUITES = ["screens", "issue-views-page", "settings-pages", "cycles-page", "browser", "search", "importers", "issues-api", "mcp", "github-webhooks", "board-fanout", "notifications", "startup", "load-faults", "project-sizes"];
const runs = (suite) => SUITE === undefined || SUITE === suite;
/** The app's config for two-Worker sessions (ignored by git; written and removed by the bench). */
const BENCH_APP_CONFIG = "wrangler.bench.toml";
/**
 * One bench user sends thousands of requests a minute: its API allowance is lifted (the limiter is
 * still asked on every request, so its cost is measured).
 */
const LIFTED_ALLOWANCE = { API_RATE_LIMIT_PER_USER: "1000000", API_RATE_LIMIT_PER_TOKEN: "1000000" };
const benchAppConfig = () => {
  const config = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
  // In [vars], beside APP_ENV: `--var` reaches only the session's first Worker.
  const lifted = Object.entries(LIFTED_ALLOWANCE).map(([key, value]) => `\n${key} = "${value}"`).join("");
  const development = config.replace(/^APP_ENV = "production".*$/m, `APP_ENV = "development"${lifted}`);
  if (development === config) throw new Error('wrangler.toml has no APP_ENV = "production" line to replace');
  return development;
};

async function main() {
  if (SUITE !== undefined && !SUITES.includes(SUITE)) throw new Error(`unknown suite "${SUITE}": one of ${SUITES.join(", ")}`);
  if (!existsSync(path.join(ROOT, "build", "server", "index.js")) || process.argv.includes("--build")) {
    log("building");
    if ((await run(bin("remix"), ["vite:build"])) !== 0) throw new Error("build failed");
  }
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  log("applying migrations to a fresh database");
  await applyLocalMigrations({ persistDir: PERSIST });

  const sizes = runs("issues-api") || runs("search") || runs("importers") ? [1000, 10000] : [1000];
  // The project-sizes suite's projects, in a workspace of their own loaded when that suite runs.
  const projectSizes = runs("project-sizes") ? PROJECT_SIZES : [];
  log(`generating ${[...sizes, ...projectSizes].join(" + ")} issues`);
  /** Writes `sql` to a file in TMP and runs it on the local database; answers the seconds it took. */
  const loadSql = async (name, sql, what) => {
    const started = performance.now();
    const file = path.join(TMP, name);
    writeFileSync(file, sql);
    const loaded = await capture(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--file", file], {
      env: wranglerEnv({ CI: "true" }),
    });
    if (loaded.code !== 0) throw new Error(`${what} failed:\n${loaded.stdout}\n${loaded.stderr}`);
    return (performance.now() - started) / 1000;
  };
  const generating = performance.now();
  const dataset = buildBenchSql({ sizes, projectSizes });
  const seed = { generateSeconds: (performance.now() - generating) / 1000, loadSeconds: await loadSql("dataset.sql", dataset.sql, "loading the dataset") };
  log(`dataset generated in ${seed.generateSeconds.toFixed(1)} s, bench workspace loaded in ${seed.loadSeconds.toFixed(1)} s`);
  // The bench workspace's projects (1,000 and 10,000 issues), which every suite but project-sizes
  // measures; project-sizes has a workspace of its own (bench/lib/dataset.mjs).
  const benchProjects = dataset.projects.filter((project) => project.workspaceSlug === dataset.workspaceSlug);

  const signInRequest = async (url) => {
    const response = await fetch(`${url}/api/auth/sign-in/`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
    });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return response;
  };
  const signIn = async (url) => {
    const response = await signInRequest(url);
    await response.arrayBuffer();
    return (response.headers.get("set-cookie") ?? "").split(";")[0];
  };
  const sections = [];
  /** Each suite's headline figures against their budgets, for the table that opens the results. */
  const figures = [];
  const withServer = async (givenOptions, work) => {
    const options = { ...givenOptions, vars: { ...LIFTED_ALLOWANCE, ...givenOptions.vars } };
    // Latency suites: the server `npm start` runs (scripts/lib/local-server.mjs: one workerd, no
    // dev proxy, no inspector), so the client figures are what a person running it sees. The
    // fan-out and search suites run a driver Worker beside the app, which only `wrangler dev` does.
    let server;
    if (options.configs) {
      log(`starting wrangler dev (${options.configs.join(" + ")})`);
      // production: bundled as `wrangler deploy` bundles it (React's production build). `--var`
      // reaches only the first Worker, so the app runs from a copy of its config with the
      // development APP_ENV (production without a keyring answers 503), beside the original so
      // its relative paths hold.
      const configs = options.configs.map((config) => (config === "wrangler.toml" ? BENCH_APP_CONFIG : config));
      writeFileSync(path.join(ROOT, BENCH_APP_CONFIG), benchAppConfig());
      server = await startWranglerDev({ persistDir: PERSIST, production: true, ...options, configs });
    } else if (options.d1Apart) {
      // CPU suites: D1 in a workerd of its own, as the edge runs it apart from the Worker.
      log("starting local D1 apart, then the Worker (as npm start serves it)");
      server = await startLocalServerD1Apart({ persistDir: PERSIST, vars: options.vars });
    } else {
      log("starting the Worker (as npm start serves it)");
      server = await startLocalServer({ persistDir: PERSIST, vars: options.vars });
    }
    try {
      await work(server.url, await signIn(server.url));
    } catch (error) {
      console.error(`[bench] server output (tail):\n${server.output().split("\n").slice(-30).join("\n")}`);
      throw error;
    } finally {
      await server.stop();
      rmSync(path.join(ROOT, BENCH_APP_CONFIG), { force: true });
    }
  };

  const startEmpty = (options = {}) => startEmptyWorker({ persistDir: PERSIST, ...options });
  if (runs("screens")) {
    await withServer({ vars: { APP_ENV: "development" }, d1Apart: true }, async (url, cookie) => {
      const result = await runScreensSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, projects: benchProjects, startEmpty, log });
      sections.push(screensMarkdown(result));
      figures.push(...screensFigures(result));
    });
  }
  if (runs("issue-views-page")) {
    await withServer({ vars: { APP_ENV: "development" } }, async (url, cookie) => {
      const page = await runIssueViewsPageSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, projects: benchProjects, log });
      sections.push(issueViewsPageMarkdown(page));
      figures.push(...issueViewsPageFigures(page));
    });
  }
  if (runs("settings-pages")) {
    await withServer({ vars: { APP_ENV: "development" } }, async (url, cookie) => {
      const rows = await runSettingsPagesSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, projects: benchProjects, log });
      sections.push(settingsPagesMarkdown(rows));
      figures.push(...settingsPagesFigures(rows));
    });
  }
  if (runs("cycles-page")) {
    await withServer({ vars: { APP_ENV: "development" } }, async (url, cookie) => {
      const result = await runCyclesPageSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, projects: benchProjects, log });
      sections.push(cyclesPageMarkdown(result));
      figures.push(...cyclesPageFigures(result));
    });
  }
  if (runs("browser")) {
    await withServer({ vars: { APP_ENV: "development" } }, async (url, cookie) => {
      const result = await runBrowserSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, projects: benchProjects, log });
      sections.push(browserMarkdown(result));
      figures.push(...browserFigures(result));
    });
  }
  if (runs("search")) {
    // The search driver answers on the port, times the issue statement on the app's database and
    // forwards everything else to the app (bench/search-driver/worker.mjs).
    let rows;
    await withServer({ vars: { APP_ENV: "development" } }, async (url, cookie) => {
      rows = await runSearchSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, log });
    });
    const configs = ["bench/search-driver/wrangler.toml", "wrangler.toml"];
    await withServer({ configs }, async (url, cookie) => {
      await measureSearchStatements({ url, cookie, workspaceSlug: dataset.workspaceSlug, rows });
    });
    sections.push(searchMarkdown(rows));
    figures.push(...searchFigures(rows));
  }
  if (runs("importers")) {
    // The import job reads the fake GitHub of tests/fakes, as the tests do.
    const { fakes, vars } = await startFakes(TMP);
    try {
      await withServer({ vars: { APP_ENV: "development", ...vars } }, async (url, cookie) => {
        const github = await benchGithub({ url, cookie, workspaceSlug: dataset.workspaceSlug, githubUrl: fakes.githubUrl });
        const result = await runImportersSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, projects: benchProjects, log, github });
        sections.push(importersMarkdown(result));
        figures.push(...importersFigures(result));
      });
    } finally {
      await fakes.close();
    }
  }
  // Last of the latency suites on the bench workspace: it creates about a thousand issues in each project, which the
  // suites before it would otherwise count as the project's size.
  if (runs("issues-api")) {
    await withServer({ vars: { APP_ENV: "development" } }, async (url, cookie) => {
      const issueRows = await runIssuesApiSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, projects: benchProjects, log });
      sections.push(issuesApiMarkdown(issueRows));
      figures.push(...issuesApiFigures(issueRows));
    });
  }
  // After issues-api, which sizes its projects as loaded: this one adds about 200 issues to the project of 1,000.
  if (runs("mcp")) {
    await withServer({ vars: { APP_ENV: "development" } }, async (url, cookie) => {
      const result = await runMcpSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, projects: benchProjects, log });
      sections.push(mcpMarkdown(result));
      figures.push(...mcpFigures(result));
    });
  }
  if (runs("github-webhooks")) {
    // Webhooks signed like GitHub's for a project synced to a repository of the fake GitHub; the
    // sync's rows go into the database before the Worker starts (bench/suites/github-webhooks.mjs).
    const { fakes, vars } = await startFakes(TMP);
    try {
      const setup = await githubWebhooksSetup({
        githubUrl: fakes.githubUrl,
        appSlug: vars.GITHUB_APP_SLUG,
        workspaceSlug: dataset.workspaceSlug,
        ownerEmail: BENCH_EMAIL,
      });
      const setupFile = path.join(TMP, "github-sync.sql");
      writeFileSync(setupFile, setup.sql);
      const synced = await capture(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--file", setupFile], {
        env: wranglerEnv({ CI: "true" }),
      });
      if (synced.code !== 0) throw new Error(`syncing the bench project failed:\n${synced.stdout}\n${synced.stderr}`);
      await withServer({ vars: { APP_ENV: "development", ...vars } }, async (url, cookie) => {
        const result = await runGithubWebhooksSuite({
          url,
          cookie,
          workspaceSlug: dataset.workspaceSlug,
          setup,
          secret: vars.GITHUB_WEBHOOK_SECRET,
          tmpDir: TMP,
          log,
        });
        sections.push(githubWebhooksMarkdown(result));
        figures.push(...githubWebhooksFigures(result));
      });
    } finally {
      await fakes.close();
    }
  }
  if (runs("board-fanout")) {
    // The bench driver Worker answers on the port and forwards everything but its own route to
    // the app, whose vars come from wrangler.toml (bench/board-driver/worker.mjs says why).
    const configs = ["bench/board-driver/wrangler.toml", "wrangler.toml"];
    await withServer({ configs }, async (url, cookie) => {
      const project = benchProjects.find((p) => p.size === 1000);
      const fanout = await runBoardFanoutSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, project, log });
      sections.push(boardFanoutMarkdown(fanout));
      figures.push(...boardFanoutFigures(fanout));
    });
  }
  if (runs("notifications")) {
    // After the suites that count the bench project's members and issues: it adds 42 members, their
    // subscriptions and 10,000 notifications (bench/suites/notifications.mjs).
    const project = benchProjects.find((p) => p.size === 1000);
    await loadSql("notifications.sql", notificationsSetupSql({ workspaceSlug: dataset.workspaceSlug, project }), "loading the notifications");
    await withServer({ vars: { APP_ENV: "development" } }, async (url, cookie) => {
      const result = await runNotificationsSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, project, log });
      sections.push(notificationsMarkdown(result));
      figures.push(...notificationsFigures(result));
    });
  }
  if (runs("startup")) {
    // Fresh Workers, one per cold start: each is a new workerd process.
    const start = () => startLocalServer({ persistDir: PERSIST, vars: { APP_ENV: "development" } });
    const result = await runStartupSuite({ start, startEmpty, signIn, signInRequest, workspaceSlug: dataset.workspaceSlug, projects: benchProjects, tmpDir: TMP, log });
    sections.push(startupMarkdown(result));
    figures.push(...startupFigures(result));
  }

  if (runs("load-faults")) {
    // After the suites that measure the project of 1,000 issues: it adds about a thousand more.
    // The database is read once the Worker has stopped (duplicate sequence ids, the sockets' views).
    // Every optional service is configured against the fakes, as in the browser suite, so a
    // hostile request reaches the route's input checks instead of "not configured" (503).
    let run;
    const { fakes, vars } = await startFakes(TMP);
    try {
      await withServer({ vars: { APP_ENV: "development", ...vars } }, async (url, cookie) => {
        const project = benchProjects.find((p) => p.size === 1000);
        run = await runLoadFaultsSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, project, root: ROOT, tmpDir: TMP, log });
      });
    } finally {
      await fakes.close();
    }
    const query = async (sql) => {
      const answer = await capture(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--json", "--command", sql], {
        env: wranglerEnv({ CI: "true" }),
      });
      if (answer.code !== 0) throw new Error(`reading the database failed:\n${answer.stdout}\n${answer.stderr}`);
      return JSON.parse(answer.stdout)[0].results;
    };
    const result = await finishLoadFaults(run, query);
    sections.push(loadFaultsMarkdown(result));
    figures.push(...loadFaultsFigures(result));
  }

  if (runs("project-sizes")) {
    // Last: its workspace (projects of 1,000, 10,000 and 100,000 issues) is loaded only now, so
    // every suite before measures the bench workspace alone, as it always did (the full-text
    // index is one for the whole database; bench/lib/dataset.mjs).
    seed.sizesSeconds = await loadSql("dataset-sizes.sql", dataset.sizesSql, "loading the project-sizes workspace");
    log(`project-sizes workspace loaded in ${seed.sizesSeconds.toFixed(1)} s`);
    const projects = dataset.projects.filter((project) => project.workspaceSlug === SIZES_WORKSPACE);
    await withServer({ vars: { APP_ENV: "development" } }, async (url, cookie) => {
      const rows = await runProjectSizesSuite({ url, cookie, projects, log });
      sections.push(projectSizesMarkdown(rows, seed));
      figures.push(...projectSizesFigures(rows));
    });
  }

  const header = [
    "# Benchmark results",
    "",
    `Written by \`npm run bench\` on ${new Date().toISOString()}.`,
    `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    "Server: the deployed Worker's bundle in workerd with local D1, R2, Durable Objects and Queues, served as `npm start` serves it (scripts/lib/local-server.mjs: Miniflare, one workerd process, no dev proxy or inspector) for every suite but fan-out and the search statements, which run a driver Worker beside the app under `wrangler dev`.",
    "",
  ].join("\n");
  const idle = idleBaselines();
  const idleLine = idle.length
    ? `CPU figures are the workerd runtime's user + system time per request, idle baseline taken off (bench/lib/cpu.mjs); idle baselines of this run's Workers: ${idle.map((rate) => rate.toFixed(1)).join(", ")} ms CPU per second.`
    : "CPU figures: n/a (no /proc on this machine).";
  const body = [`${budgetsMarkdown(figures)}\n\n${idleLine}`, ...sections].join("\n\n");
  // A one-suite run must not overwrite the committed results of the others.
  const file = SUITE ? path.join(TMP, "results.md") : path.join(ROOT, "bench", "results.md");
  writeFileSync(file, `${header}\n${body}\n`);
  console.log(`\n${body}\n`);
  log(`written to ${path.relative(ROOT, file)}`);
  const over = checked(figures).filter((f) => !f.met);
  if (CHECK && over.length > 0) {
    console.error(`[bench] --check: ${over.length} of ${checked(figures).length} figures over budget:`);
    for (const f of over) console.error(`[bench]   ${f.suite}: ${f.name}: ${f.value} (budget ${f.op} ${f.budget} ${f.unit})`);
    process.exitCode = 1;
  } else if (CHECK) {
    log(`--check: all ${checked(figures).length} figures within budget`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
